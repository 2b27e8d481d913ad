import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListingCard } from './ListingCard';
import { HOME_FILTERS, listingQueries } from './queries';
import { useT } from '../../lib/i18n';

const SHOWN_CARDS = 11;
/** The promo card takes a grid slot after this many listings (end of the second row on desktop). */
const PROMO_AFTER = 7;
const EAGER_CARDS = 4;

function PromoCard() {
  const t = useT();
  return (
    <aside className="promo-card" aria-labelledby="promo-card-title">
      <h3 id="promo-card-title">{t('Want to see your stuff here?')}</h3>
      <p>{t("Make some extra cash by selling things in your community. Go on, it's quick and easy.")}</p>
      <Link to="/en-in/post" className="button button--primary">
        {t('Start selling')}
      </Link>
    </aside>
  );
}

export function FreshRecommendations() {
  const t = useT();
  const { data } = useSuspenseQuery(listingQueries.list(HOME_FILTERS));
  const listings = data.listings.slice(0, SHOWN_CARDS);
  const now = new Date();

  const cards = listings.map((listing, index) => (
    <ListingCard key={listing.id} listing={listing} priority={index < EAGER_CARDS} now={now} />
  ));
  cards.splice(Math.min(PROMO_AFTER, cards.length), 0, <PromoCard key="promo" />);

  return (
    <section className="home-section" aria-labelledby="fresh-recommendations">
      <h2 id="fresh-recommendations" className="section-title">
        {t('Fresh recommendations')}
      </h2>
      {listings.length === 0 && <p className="muted">{t('No listings yet. Be the first to post an ad in your area.')}</p>}
      <div className="listing-grid">{cards}</div>
      <div className="home-section__more">
        <Link to="/products" className="button button--outline">
          {t('Browse All Listings')}
        </Link>
      </div>
    </section>
  );
}
