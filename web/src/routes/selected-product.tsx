import { createFileRoute, notFound } from '@tanstack/react-router';
import { ListingById } from '../features/listings/ListingDetail';
import { ListingPending } from '../features/listings/ListingPending';
import { ListingLoadError, ListingNotFound } from '../features/listings/ListingStates';
import { ensureListingOrNotFound, listingQueries } from '../features/listings/queries';
import { selectedProductSearchSchema } from '../lib/search-params';

/** The older detail address: /selected-product?id=... shows the same page as /listing/{id}. */
export const Route = createFileRoute('/selected-product')({
  validateSearch: selectedProductSearchSchema,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context: { queryClient }, deps: { id } }) => {
    if (!id) throw notFound();
    return ensureListingOrNotFound(queryClient, listingQueries.detail(id));
  },
  component: SelectedProductPage,
  pendingComponent: ListingPending,
  errorComponent: ListingLoadError,
  notFoundComponent: ListingNotFound,
});

function SelectedProductPage() {
  const { id } = Route.useSearch();
  return id ? <ListingById id={id} /> : <ListingNotFound />;
}
