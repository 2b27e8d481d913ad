import { createFileRoute } from '@tanstack/react-router';
import {
  FreshRecommendations,
  FreshRecommendationsError,
  FreshRecommendationsPending,
} from '../features/listings/FreshRecommendations';
import { HOME_FILTERS, listingQueries } from '../features/listings/queries';
import { homeSearchSchema } from '../lib/search-params';

export const Route = createFileRoute('/')({
  // showLoginModal / error / redirect are read by the login modal (spec part 1 §2).
  validateSearch: homeSearchSchema,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(listingQueries.list(HOME_FILTERS)),
  component: FreshRecommendations,
  pendingComponent: FreshRecommendationsPending,
  errorComponent: FreshRecommendationsError,
});
