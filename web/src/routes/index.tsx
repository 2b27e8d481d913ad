import { createFileRoute } from '@tanstack/react-router';
import { FreshRecommendationsError } from '../features/listings/FreshRecommendationsError';
import { HomePage } from '../features/listings/HomePage';
import { HomePending } from '../features/listings/HomePending';
import { HOME_FILTERS, listingQueries } from '../features/listings/queries';
import { homeSearchSchema } from '../lib/search-params';
import { isMobileViewport } from '../lib/use-media-query';

export const Route = createFileRoute('/')({
  // showLoginModal / error / redirect are read by the login modal (spec part 1 §2).
  validateSearch: homeSearchSchema,
  // Phones show a different, paged list (MobileHome fetches its own).
  loader: ({ context: { queryClient } }) =>
    isMobileViewport() ? undefined : queryClient.ensureQueryData(listingQueries.list(HOME_FILTERS)),
  component: HomePage,
  pendingComponent: HomePending,
  errorComponent: FreshRecommendationsError,
});
