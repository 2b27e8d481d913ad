import { createFileRoute } from '@tanstack/react-router';
import { SellerGone, SellerPage } from '../../features/sellers/SellerPage';
import { sellerSearchSchema } from '../../features/sellers/search';

export const Route = createFileRoute('/sellers/$slug')({
  validateSearch: sellerSearchSchema,
  loaderDeps: ({ search }) => ({ sort: search.order ?? 'newest', page: search.page ?? 1 }),
  // the loader's code comes with the page, keeping it out of the home page's first load
  loader: async ({ context: { queryClient }, params, deps }) => (await import('../../features/sellers/load-seller')).loadSeller(queryClient, params.slug, deps.sort, deps.page),
  component: SellerRoute,
  notFoundComponent: ({ data }) => <SellerGone gone={Boolean((data as { data?: { gone?: boolean } } | undefined)?.data?.gone)} />,
});

function SellerRoute() {
  const { slug } = Route.useParams();
  const { order, page, from } = Route.useSearch();
  return <SellerPage slug={slug} sort={order ?? 'newest'} page={page ?? 1} fromAd={from} />;
}
