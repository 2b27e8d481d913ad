import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buildListingSlug, formatListingDate, formatPrice } from '../../lib/format';
import type { Listing } from './queries';

type ListingCardProps = {
  listing: Listing;
  /** Above-the-fold cards load eagerly so they don't hold back the largest paint. */
  priority?: boolean;
  now?: Date;
};

export function ListingCard({ listing, priority = false, now }: ListingCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = listing.images[0];
  const slug = listing.slug || buildListingSlug(listing);
  const date = formatListingDate(listing.createdAt, now);

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
            <div className="listing-card__placeholder" role="img" aria-label={`${listing.title}: no photo available`}>
              <span aria-hidden="true">{listing.category.name}</span>
            </div>
          )}
          {listing.isFeatured && <span className="badge badge--featured">FEATURED</span>}
        </div>
        <div className="listing-card__body">
          <p className="listing-card__price">{formatPrice(listing.price, listing.currency)}</p>
          <h3 className="listing-card__title">{listing.title}</h3>
          <div className="listing-card__meta">
            <span className="listing-card__location">{listing.location}</span>
            {date && (
              <time className="listing-card__date" dateTime={listing.createdAt}>
                {date}
              </time>
            )}
          </div>
        </div>
      </Link>
    </article>
  );
}
