import { createFileRoute } from '@tanstack/react-router';
import { ListingBySlug } from '../../features/listings/ListingDetail';
import { ListingPending } from '../../features/listings/ListingPending';
import { ListingLoadError, ListingNotFound } from '../../features/listings/ListingStates';
import { ensureListingOrNotFound, listingQueries } from '../../features/listings/queries';

export const Route = createFileRoute('/item/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    const listing = await ensureListingOrNotFound(queryClient, listingQueries.slug(params.slug));
    // related ads below the fold: requested now, alongside the page's code, not after it renders
    void queryClient.prefetchQuery(listingQueries.related(listing.id));
    return listing;
  },
  component: ItemPage,
  pendingComponent: ListingPending,
  errorComponent: ListingLoadError,
  notFoundComponent: ListingNotFound,
});

function ItemPage() {
  const { slug } = Route.useParams();
  return <ListingBySlug slug={slug} />;
}
