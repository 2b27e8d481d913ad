import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './components/lazy-pages';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // TanStack Query owns freshness; the router should always ask it (it answers from cache when fresh).
  defaultPreloadStaleTime: 0,
  // A cold deep link renders nothing until a loader settles or pendingMs passes: show the layout and
  // the route's loading text after 200 ms rather than the default 1 s of blank page.
  defaultPendingMs: 200,
  defaultPendingMinMs: 300,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
