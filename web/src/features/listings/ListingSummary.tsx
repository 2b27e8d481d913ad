import { useQueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatPrice } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { listingQueries, type Listing } from './queries';

const CONDITION_LABELS: Record<Listing['condition'], string> = { NEW: 'New', USED: 'Used', REFURBISHED: 'Refurbished' };

const postedDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** Interim listing view: the essentials of the ad until the full detail screen lands. */
function ListingSummary({ listing }: { listing: Listing }) {
  usePageTitle(`${listing.title} | SEL`);
  const [imageFailed, setImageFailed] = useState(false);
  const image = listing.images[0];

  return (
    <article className="page listing-summary">
      <div className="listing-summary__media">
        {image && !imageFailed ? (
          <img
            src={image}
            alt={listing.title}
            width={800}
            height={600}
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <div className="listing-card__placeholder">No images available</div>
        )}
      </div>
      <div className="listing-summary__body">
        <p className="listing-summary__price">{formatPrice(listing.price, listing.currency)}</p>
        <h1 className="page-title">{listing.title}</h1>
        <p className="muted">
          {CONDITION_LABELS[listing.condition]} · {listing.location} · Posted{' '}
          {postedDate.format(new Date(listing.createdAt))} · {listing.views} views
        </p>
        <h2 className="section-title">Description</h2>
        <p className="listing-summary__description">{listing.description.trim() || 'No description provided'}</p>
      </div>
    </article>
  );
}

export function ListingBySlug({ slug }: { slug: string }) {
  const { data } = useSuspenseQuery(listingQueries.slug(slug));
  return <ListingSummary listing={data} />;
}

export function ListingById({ id }: { id: string }) {
  const { data } = useSuspenseQuery(listingQueries.detail(id));
  return <ListingSummary listing={data} />;
}

export function ListingPending() {
  return (
    <section className="page">
      <p className="status-text" role="status">
        Loading listing...
      </p>
    </section>
  );
}

export function ListingNotFound() {
  return (
    <section className="page page--centered">
      <h1 className="page-title">Listing not found</h1>
      <p className="page-lead">The listing you're looking for doesn't exist or has been removed.</p>
      <Link to="/products" className="button button--primary">
        Browse Listings
      </Link>
    </section>
  );
}

export function ListingLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <section className="page page--centered" role="alert">
      <h1 className="page-title">Error loading listing</h1>
      <p className="page-lead">There was an error loading the listing. Please try again later.</p>
      <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="button button--primary" onClick={() => void router.invalidate()}>
        Try Again
      </button>
    </section>
  );
}
