/**
 * /en-in/post (part 2 §2 Category chooser): the ten categories; choosing one shows its
 * subcategories (beside the list on wide screens, under the category on phones), and a subcategory
 * opens the form at /en-in/post/attributes.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { TAXONOMY, type TaxonomyCategory } from '../../../../worker/schemas/taxonomy';
import { CategoryIcon } from '../../components/CategoryIcon';
import { usePageTitle } from '../../lib/page-title';
import { SellTopBar } from './SellTopBar';
import './selling.css';
import { useT } from '../../lib/i18n';

/** The category's icon, the same one home shows (components/CategoryIcon.tsx). */
function CategoryMark({ category, index }: { category: TaxonomyCategory; index: number }) {
  return (
    <span className={`sell-cat-mark sell-cat-mark--${index % 5}`} aria-hidden="true">
      <CategoryIcon name={category.id} size={22} />
    </span>
  );
}

function SubcategoryList({ category }: { category: TaxonomyCategory }) {
  const t = useT();
  return (
    <ul className="sell-subcats" aria-label={t('{category} subcategories', { category: t(category.name) })}>
      {category.subcategories.map((sub) => (
        <li key={sub.id}>
          <Link to="/en-in/post/attributes" search={{ category: category.id, subcategory: sub.id }} className="sell-subcat">
            {t(sub.name)}
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="m9.4 6 6 6-6 6L8 16.6l4.6-4.6L8 7.4 9.4 6Z" />
            </svg>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function CategoryChooser() {
  const t = useT();
  usePageTitle(t('Post your ad - SEL'));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = TAXONOMY.find((c) => c.id === openId) ?? null;

  return (
    <div className="sell-page">
      <SellTopBar back={{ to: '/' }} backLabel={t('Back to home')} />
      <div className="sell-page__body">
        <h1 className="sell-page__title">{t('POST YOUR AD')}</h1>
        <section className="sell-card sell-chooser" aria-labelledby="sell-choose-title">
          <h2 id="sell-choose-title" className="sell-card__title">
            {t('Choose a category')}
          </h2>
          <div className="sell-chooser__columns">
            <ul className="sell-cats">
              {TAXONOMY.map((category, index) => {
                const expanded = category.id === openId;
                return (
                  <li key={category.id} className="sell-cats__item">
                    <button
                      type="button"
                      className={`sell-cat${expanded ? ' sell-cat--on' : ''}`}
                      aria-expanded={expanded}
                      aria-controls={`sell-subcats-${category.id}`}
                      onClick={() => setOpenId(expanded ? null : category.id)}
                    >
                      <CategoryMark category={category} index={index} />
                      <span className="sell-cat__name">{t(category.name)}</span>
                      <svg className="sell-cat__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                        <path fill="currentColor" d="m9.4 6 6 6-6 6L8 16.6l4.6-4.6L8 7.4 9.4 6Z" />
                      </svg>
                    </button>
                    {/* phones: the subcategories open right under their category */}
                    {expanded && (
                      <div id={`sell-subcats-${category.id}`} className="sell-cats__inline">
                        <SubcategoryList category={category} />
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            {/* wide screens: the subcategories sit in a column beside the list */}
            <div className="sell-chooser__side" aria-hidden={open ? undefined : true}>
              {open ? <SubcategoryList category={open} /> : <p className="muted sell-chooser__prompt">{t('Choose a category to see its subcategories.')}</p>}
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
