import { createFileRoute, redirect } from '@tanstack/react-router';
import { listingsToProductsSearch } from '../lib/browse-redirect';
import { listingFiltersSearchSchema } from '../lib/search-params';

// One browse page: /listings (old links, bookmarks) lands on the same search at /products.
export const Route = createFileRoute('/listings')({
  validateSearch: listingFiltersSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/products', search: listingsToProductsSearch(search), replace: true });
  },
});
