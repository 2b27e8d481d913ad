import { createFileRoute } from '@tanstack/react-router';
import { ListingBySlug } from '../../features/listings/ListingDetail';
import { ListingPending } from '../../features/listings/ListingPending';
import { ListingLoadError, ListingNotFound } from '../../features/listings/ListingStates';
import { ensureListingOrNotFound, listingQueries } from '../../features/listings/queries';

export const Route = createFileRoute('/item/$slug')({
  loader: ({ context: { queryClient }, params }) => ensureListingOrNotFound(queryClient, listingQueries.slug(params.slug)),
  component: ItemPage,
  pendingComponent: ListingPending,
  errorComponent: ListingLoadError,
  notFoundComponent: ListingNotFound,
});

function ItemPage() {
  const { slug } = Route.useParams();
  return <ListingBySlug slug={slug} />;
}
