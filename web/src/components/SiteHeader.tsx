import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { FormEvent } from 'react';

export function SiteHeader() {
  const navigate = useNavigate();
  const currentQuery = useSearch({ strict: false, select: (search) => search.q });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    // Empty text browses everything: /products without q (spec part 1 §5).
    void navigate({ to: '/products', search: q ? { q } : {} });
  };

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label="SEL home">
          SEL
        </Link>
        <form className="search-form" role="search" onSubmit={onSearch}>
          <input
            // Remount when the URL's query changes so the box always shows what is being searched.
            key={currentQuery ?? ''}
            className="search-form__input"
            type="search"
            name="q"
            defaultValue={currentQuery ?? ''}
            placeholder='Search "Mobiles"'
            aria-label="Search listings"
            enterKeyHint="search"
            maxLength={200}
          />
          <button type="submit" className="search-form__button" aria-label="Search">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M9.5 3a6.5 6.5 0 0 1 5.25 10.34l5.45 5.45-1.41 1.42-5.45-5.46A6.5 6.5 0 1 1 9.5 3Zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Z"
              />
            </svg>
          </button>
        </form>
        <Link to="/en-in/post" className="sell-button">
          <span className="sell-button__inner">
            <span aria-hidden="true">+</span> SELL
          </span>
        </Link>
      </div>
    </header>
  );
}
