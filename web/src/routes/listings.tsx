import { createFileRoute, redirect } from '@tanstack/react-router';
import { listingFiltersSearchSchema } from '../lib/search-params';

// One browse page: /listings (old links, bookmarks) lands on the same search at /products.
export const Route = createFileRoute('/listings')({
  validateSearch: listingFiltersSearchSchema,
  // the mapping is fetched on the way through: old links are rare, the entry chunk is every page's (decision 011)
  beforeLoad: async ({ search }) => {
    const { listingsToProductsSearch } = await import('../lib/browse-redirect');
    throw redirect({ to: '/products', search: listingsToProductsSearch(search), replace: true });
  },
});
