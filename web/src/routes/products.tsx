import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../features/listings/ProductsPage';
import { catalogQueries } from '../features/catalog/queries';
import { listingQueries } from '../features/listings/queries';
import { productsSearchSchema } from '../lib/search-params';

export const Route = createFileRoute('/products')({
  validateSearch: productsSearchSchema,
  loaderDeps: ({ search }) => search,
  // Start the page's requests while its code is still downloading (not awaited: the page shows
  // its skeleton at once and fills in as they land).
  // The filter mapping comes with the page's code (the same chunk), not in the entry (decision 011).
  loader: ({ context: { queryClient }, deps }) => {
    void import('../features/listings/filters').then(({ productsApiQuery }) => queryClient.prefetchQuery(listingQueries.list(productsApiQuery(deps))));
    void queryClient.prefetchQuery(catalogQueries.categories());
    void queryClient.prefetchQuery(catalogQueries.popularSearches(deps.category));
    void queryClient.prefetchQuery(catalogQueries.bannerAds());
  },
  component: ProductsPage,
});
