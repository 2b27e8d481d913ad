import { createFileRoute } from '@tanstack/react-router';
import { FreshRecommendationsError } from '../features/listings/FreshRecommendationsError';
import { HomePage } from '../features/listings/HomePage';
import { HomePending } from '../features/listings/HomePending';
import { loadMobileHome } from '../features/listings/mobile-home-module';
import { HOME_FILTERS, listingQueries } from '../features/listings/queries';
import { homeSearchSchema } from '../lib/search-params';
import { isMobileViewport } from '../lib/use-media-query';

export const Route = createFileRoute('/')({
  // showLoginModal / error / redirect are read by the login modal (spec part 1 §2).
  validateSearch: homeSearchSchema,
  // Phones show a different, paged list: its code and first page are ready before the first render,
  // so the app replaces the worker's cards with the same cards (HomePage then renders it at once).
  loader: async ({ context: { queryClient } }) => {
    if (!isMobileViewport()) return queryClient.ensureQueryData(listingQueries.list(HOME_FILTERS));
    const { prefetchMobileHome } = await loadMobileHome();
    await prefetchMobileHome(queryClient);
  },
  component: HomePage,
  pendingComponent: HomePending,
  errorComponent: FreshRecommendationsError,
});
