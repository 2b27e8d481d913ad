import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../auth/use-auth';
import { buildListingSlug, formatListingDate, formatPrice } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { isFavoriteIn, useFavoriteIds, useResumeFavorite, useToggleFavorite } from './favorites';
import type { Listing } from './queries';

type ListingCardProps = {
  listing: Listing;
  /** Above-the-fold cards load eagerly so they don't hold back the largest paint. */
  priority?: boolean;
  now?: Date;
};

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.8 4.5 7.3 4.5c2 0 3.5 1.1 4.7 2.7 1.2-1.6 2.7-2.7 4.7-2.7 3.5 0 5.6 3.5 4.5 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z"
      />
    </svg>
  );
}

export function ListingCard({ listing, priority = false, now }: ListingCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const { t, language } = useI18n();
  const { user } = useAuth();
  const favorites = useFavoriteIds();
  const toggleFavorite = useToggleFavorite();
  useResumeFavorite(listing.id, toggleFavorite);
  // cards get the 320 px variant, never the full-size photo
  const image = listing.thumbnails?.[0] ?? listing.images[0];
  const slug = listing.slug || buildListingSlug(listing);
  const date = formatListingDate(listing.createdAt, now, language);
  const isOwn = user?.id === listing.user.id;
  const isFavorite = isFavoriteIn(favorites, listing.id);

  return (
    <article className={listing.isFeatured ? 'listing-card listing-card--featured' : 'listing-card'}>
      <Link to="/item/$slug" params={{ slug }} className="listing-card__link">
        <div className="listing-card__media">
          {image && !imageFailed ? (
            <img
              src={image}
              alt={listing.title}
              width={400}
              height={300}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              onError={() => setImageFailed(true)}
            />
          ) : (
            <div className="listing-card__placeholder" role="img" aria-label={t('{title}: no photo available', { title: listing.title })}>
              <span aria-hidden="true">{t(listing.category.name)}</span>
            </div>
          )}
          {listing.isFeatured && <span className="badge badge--featured">{t('FEATURED')}</span>}
          {listing.status === 'SOLD' && <span className="badge badge--featured badge--sold">{t('SOLD')}</span>}
          {listing.status === 'EXPIRED' && <span className="badge badge--featured badge--expired">{t('EXPIRED')}</span>}
        </div>
        <div className="listing-card__body">
          <p className="listing-card__price">{formatPrice(listing.price, listing.currency, language)}</p>
          <h3 className="listing-card__title">{listing.title}</h3>
          <div className="listing-card__meta">
            <span className="listing-card__location">
              {listing.distanceKm !== undefined ? `${listing.distanceKm < 1 ? t('under 1 km') : t('{km} km', { km: Math.round(listing.distanceKm) })} · ` : ''}
              {listing.location}
            </span>
            {date && (
              <time className="listing-card__date" dateTime={listing.createdAt}>
                {date}
              </time>
            )}
          </div>
          {listing.verified && (
            <span className="listing-card__verified">
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                <path fill="currentColor" d="M8 0 10 2h3v3l2 3-2 3v3h-3l-2 2-2-2H3v-3L1 8l2-3V2h3Zm-1 11 5-5-1-1-4 4-2-2-1 1Z" />
              </svg>
              {t('Verified')}
            </span>
          )}
        </div>
      </Link>
      {!isOwn && (
        <button
          type="button"
          className={isFavorite ? 'favorite-button favorite-button--on' : 'favorite-button'}
          aria-pressed={isFavorite}
          aria-label={isFavorite ? t('Remove {title} from favourites', { title: listing.title }) : t('Add {title} to favourites', { title: listing.title })}
          onClick={() => toggleFavorite(listing.id, isFavorite)}
        >
          <HeartIcon filled={isFavorite} />
        </button>
      )}
    </article>
  );
}
