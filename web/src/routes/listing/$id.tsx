import { createFileRoute } from '@tanstack/react-router';
import { ListingById, ListingLoadError, ListingNotFound, ListingPending } from '../../features/listings/ListingSummary';
import { ensureListingOrNotFound, listingQueries } from '../../features/listings/queries';

export const Route = createFileRoute('/listing/$id')({
  loader: ({ context: { queryClient }, params }) =>
    ensureListingOrNotFound(queryClient, listingQueries.detail(params.id)),
  component: ListingPage,
  pendingComponent: ListingPending,
  errorComponent: ListingLoadError,
  notFoundComponent: ListingNotFound,
});

function ListingPage() {
  const { id } = Route.useParams();
  return <ListingById id={id} />;
}
