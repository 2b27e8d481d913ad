import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { footerPlaces } from '../features/locations/footer-places';
import { useT } from '../lib/i18n';
import { locationQueries } from '../features/locations/queries';

const YEAR = new Date().getFullYear();
const FOOTER_PLACES = 12;

const SOCIAL = [
  { name: 'Facebook', href: 'https://www.facebook.com/', path: 'M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4A20 20 0 0 0 14.3 4c-2.2 0-3.8 1.4-3.8 3.9v2.6H8v3h2.5V21h3Z' },
  { name: 'Instagram', href: 'https://www.instagram.com/', path: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8Zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z' },
  { name: 'X (Twitter)', href: 'https://x.com/', path: 'M4 4h4.6l3.7 5.1L16.8 4H19l-5.7 6.6L20 20h-4.6l-4-5.5L6.6 20H4.4l6-6.9L4 4Zm3.3 1.5 9.2 13h1.2l-9.2-13H7.3Z' },
  { name: 'YouTube', href: 'https://www.youtube.com/', path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3-5.2 3Z' },
];

function LocationLinks({ title, places }: { title: string; places: string[] }) {
  if (!places.length) return null;
  return (
    <section className="site-footer__column">
      <h2 className="site-footer__heading">{title}</h2>
      <ul>
        {places.map((place) => (
          <li key={place}>
            <Link to="/products" search={{ location: place }}>
              {place}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `slim` is the alternate footer of the posting and account pages (spec part 1 §2). */
export function SiteFooter({ variant = 'full' }: { variant?: 'full' | 'slim' }) {
  const t = useT();
  if (variant === 'slim') {
    return (
      <footer className="site-footer site-footer--slim">
        <p>© {YEAR} SEL. {t('Free classifieds in India.')}</p>
      </footer>
    );
  }

  return <FullFooter />;
}

function FullFooter() {
  // Only places that have ads: a link we generate must lead somewhere.
  const cities = useQuery(locationQueries.list(FOOTER_PLACES)).data;
  const { popular, trending } = footerPlaces(cities ?? []);
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <LocationLinks title={t('POPULAR LOCATIONS')} places={popular} />
        <LocationLinks title={t('TRENDING LOCATIONS')} places={trending} />
        <section className="site-footer__column">
          <h2 className="site-footer__heading">{t('ABOUT US')}</h2>
          <ul>
            <li>
              <Link to="/hc/en-us" hash="about">
                {t('About SEL')}
              </Link>
            </li>
            <li>
              <Link to="/hc/en-us" hash="contact">
                {t('Contact us')}
              </Link>
            </li>
            <li>
              <Link to="/listings">{t('Browse listings')}</Link>
            </li>
          </ul>
        </section>
        <section className="site-footer__column">
          <h2 className="site-footer__heading">SEL</h2>
          <ul>
            <li>
              <Link to="/hc/en-us">{t('Help')}</Link>
            </li>
            <li>
              <Link to="/en-in/post">{t('Sell on SEL')}</Link>
            </li>
            <li>
              <Link to="/premium">{t('SEL Buyer plans')}</Link>
            </li>
            <li>
              <Link to="/hc/en-us" hash="privacy">
                {t('Legal & Privacy information')}
              </Link>
            </li>
          </ul>
        </section>
        <section className="site-footer__column">
          <h2 className="site-footer__heading">{t('FOLLOW US')}</h2>
          <ul className="site-footer__social">
            {SOCIAL.map((network) => (
              <li key={network.name}>
                <a href={network.href} target="_blank" rel="noopener noreferrer" aria-label={t('SEL on {network} (opens in a new tab)', { network: network.name })}>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                    <path fill="currentColor" d={network.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p>{t('Free classifieds in India')}</p>
        <p>© {YEAR} SEL</p>
      </div>
    </footer>
  );
}
