import { createFileRoute } from '@tanstack/react-router';
import { FreshRecommendationsError } from '../../features/listings/FreshRecommendationsError';
import { HomePage } from '../../features/listings/HomePage';
import { HomePending } from '../../features/listings/HomePending';
import { HOME_FILTERS, listingQueries } from '../../features/listings/queries';
import { isMobileViewport } from '../../lib/use-media-query';

export const Route = createFileRoute('/en-in/home')({
  loader: ({ context: { queryClient } }) =>
    isMobileViewport() ? undefined : queryClient.ensureQueryData(listingQueries.list(HOME_FILTERS)),
  component: HomePage,
  pendingComponent: HomePending,
  errorComponent: FreshRecommendationsError,
});
