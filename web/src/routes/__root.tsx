import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { ErrorPage, NotFoundPage } from '../components/lazy-pages';
import { SiteHeader } from '../components/SiteHeader';
// the account screens' styles stay with the first screen (the header's avatar and menu use them)
import '../features/auth/auth.css';
import { useT } from '../lib/i18n';

// Below the fold on every page: fetched after the first paint instead of with it.
const SiteFooter = lazy(() => import('../components/SiteFooter').then((m) => ({ default: m.SiteFooter })));
// The offline and new-version notices and the service worker's registration (decision 025): after the first paint too.
const OfflineStatus = lazy(() => import('../features/offline/OfflineStatus').then((m) => ({ default: m.OfflineStatus })));
// No first screen shows a toast: the toaster and its store come in a chunk of their own, fetched at once
// (a toast pushed before it arrives waits in the store; decision 011's home budget).
const Toaster = lazy(() => import('../components/Toaster').then((m) => ({ default: m.Toaster })));

// The session-wide auth UI (login modal, first-login prompts, the reaction to a refused token, the
// account's language) shows nothing on a first screen: fetched at once, after it (decision 011).
// Its code failing to arrive (the network dropped just then) must not take the page down with it.
const LoginModalHost = lazy(() =>
  import('../features/auth/LoginModalHost').then(
    (m) => ({ default: m.LoginModalHost }),
    () => ({ default: () => null }),
  ),
);

export type RouterContext = { queryClient: QueryClient };

// Spec part 1 §2 / part 2 §2: which pages drop the header, and which get the slim footer.
const NO_HEADER_PATHS = new Set(['/en-in/post', '/en-in/post/attributes', '/hc/en-us']);
const NO_FOOTER_PATHS = new Set(['/hc/en-us']);
const SLIM_FOOTER_PATHS = new Set([
  '/en-in/post',
  '/en-in/post/attributes',
  '/create-listing',
  '/en-in/myads',
  '/en-in/payments/businesspackages/my_account',
  '/en-in/payments/viewcart/all',
  '/en-in/myorders/orders',
  '/en-in/settings/privacy',
]);

function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

function RootLayout() {
  const t = useT();
  const path = useRouterState({ select: (state) => normalisePath(state.location.pathname) });
  const showHeader = !NO_HEADER_PATHS.has(path);
  const footer = NO_FOOTER_PATHS.has(path) ? null : SLIM_FOOTER_PATHS.has(path) ? 'slim' : 'full';

  return (
    <>
      <a href="#main" className="skip-link">
        {t('Skip to content')}
      </a>
      {showHeader && <SiteHeader />}
      <main id="main" className="site-main">
        <Outlet />
      </main>
      {footer && (
        <Suspense fallback={null}>
          <SiteFooter variant={footer} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <LoginModalHost />
      </Suspense>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <Suspense fallback={null}>
        <OfflineStatus />
      </Suspense>
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
