import { createFileRoute } from '@tanstack/react-router';
import { BrowseListingsPage } from '../features/listings/BrowseListingsPage';
import { listingFiltersSearchSchema } from '../lib/search-params';

export const Route = createFileRoute('/listings')({
  validateSearch: listingFiltersSearchSchema,
  component: BrowseListingsPage,
});
