import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadSiteHeader } from './components/SiteHeader';
import { queryClient } from './lib/query-client';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const root = createRoot(container);
const render = () =>
  // A transition lets React render the first screen in small slices, so a slow phone stays
  // responsive to taps while the app starts (the app shell in index.html is showing meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
// The first route's code and data are resolved before React starts, so the first screen renders
// once (not a pending view, then the page). A slow route (a signed-in user's data on a slow
// network) does not hold the app back: after FIRST_RENDER_WAIT_MS React starts anyway and shows
// the route's pending view. Errors are the router's to show, so it renders regardless. When the
// worker sent the page's first screen as markup (a <main> in #root: home, products, listings), a
// pending view would only replace real content with a loading line, so React waits longer for it.
const FIRST_RENDER_WAIT_MS = container.querySelector('main') ? 5000 : 400;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  render();
};
// The desktop header is a chunk of its own (components/SiteHeader.tsx): fetched alongside.
Promise.all([router.load(), preloadSiteHeader()]).then(start, start);
setTimeout(start, FIRST_RENDER_WAIT_MS);
