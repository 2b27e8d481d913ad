import { createFileRoute } from '@tanstack/react-router';
import { ListingById } from '../../features/listings/ListingDetail';
import { ListingPending } from '../../features/listings/ListingPending';
import { ListingLoadError, ListingNotFound } from '../../features/listings/ListingStates';
import { ensureListingOrNotFound, listingQueries } from '../../features/listings/queries';

export const Route = createFileRoute('/listing/$id')({
  loader: ({ context: { queryClient }, params }) => ensureListingOrNotFound(queryClient, listingQueries.detail(params.id)),
  component: ListingPage,
  pendingComponent: ListingPending,
  errorComponent: ListingLoadError,
  notFoundComponent: ListingNotFound,
});

function ListingPage() {
  const { id } = Route.useParams();
  return <ListingById id={id} />;
}
