import { Link } from '@tanstack/react-router';

const YEAR = new Date().getFullYear();

/** `slim` is the alternate footer of the posting and account pages (spec part 1 §2). */
export function SiteFooter({ variant = 'full' }: { variant?: 'full' | 'slim' }) {
  if (variant === 'slim') {
    return (
      <footer className="site-footer site-footer--slim">
        <p>© {YEAR} SEL. Free classifieds in India.</p>
      </footer>
    );
  }

  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label="Footer">
        <Link to="/products">Browse listings</Link>
        <Link to="/en-in/post">Sell on SEL</Link>
        <Link to="/hc/en-us">Help</Link>
      </nav>
      <p>© {YEAR} SEL. Free classifieds in India.</p>
    </footer>
  );
}
