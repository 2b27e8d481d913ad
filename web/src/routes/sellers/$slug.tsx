import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '../../lib/api';
import { sellerIdFromSlug } from '../../../../worker/schemas/seller-page-data';
import { SellerGone, SellerPage } from '../../features/sellers/SellerPage';
import { sellerQueries } from '../../features/sellers/queries';
import { sellerSearchSchema } from '../../features/sellers/search';

export const Route = createFileRoute('/sellers/$slug')({
  validateSearch: sellerSearchSchema,
  loaderDeps: ({ search }) => ({ sort: search.order ?? 'newest', page: search.page ?? 1 }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const id = sellerIdFromSlug(params.slug);
    // the ads are asked for alongside the profile, not after it renders
    void queryClient.prefetchQuery(sellerQueries.listings(id, deps.sort, deps.page));
    try {
      await queryClient.ensureQueryData(sellerQueries.profile(id));
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 410)) throw notFound({ data: { gone: error.status === 410 } });
      throw error;
    }
  },
  component: SellerRoute,
  notFoundComponent: ({ data }) => <SellerGone gone={Boolean((data as { data?: { gone?: boolean } } | undefined)?.data?.gone)} />,
});

function SellerRoute() {
  const { slug } = Route.useParams();
  const { order, page, from } = Route.useSearch();
  return <SellerPage id={sellerIdFromSlug(slug)} slug={slug} sort={order ?? 'newest'} page={page ?? 1} fromAd={from} />;
}
