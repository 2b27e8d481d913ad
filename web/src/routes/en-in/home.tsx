import { createFileRoute } from '@tanstack/react-router';
import {
  FreshRecommendations,
  FreshRecommendationsError,
  FreshRecommendationsPending,
} from '../../features/listings/FreshRecommendations';
import { HOME_FILTERS, listingQueries } from '../../features/listings/queries';

export const Route = createFileRoute('/en-in/home')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(listingQueries.list(HOME_FILTERS)),
  component: FreshRecommendations,
  pendingComponent: FreshRecommendationsPending,
  errorComponent: FreshRecommendationsError,
});
