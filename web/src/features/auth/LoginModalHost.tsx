import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { UNAUTHORIZED_EVENT, takeAccountRefusal } from '../../lib/api';
import { isUnauthorizedExpected, openLoginModal, useOverlays } from './auth-store';
import { Overlay, asksForLoginModal, lazyOverlay } from './overlay';
import { endSession, useAuth, type AuthStatus } from './use-auth';
import './auth.css';

// The overlays (login modal, first-login prompts) and the `?showLoginModal=true` handling are
// fetched when one is wanted: none of it is on a first screen (the home page's JavaScript budget, decision 011).
const AuthOverlays = lazyOverlay(() => import('./AuthOverlays'));
const loadLoginModal = () => import('./login/LoginModal');
// keeping the account's language in step matters only once someone is signed in: a guest's first
// page does not carry its code
const LanguageSync = lazy(() => import('./language-sync').then((m) => ({ default: m.LanguageSync })));

/**
 * Mounted once in the root layout (fetched right after the first screen). Owns the session-wide auth UI: the login modal (opened by
 * `?showLoginModal=true` on any page, or by openLoginModal()), the first-login prompts, the
 * reaction to a rejected token anywhere in the app, and the account's language (language-sync.ts).
 */
export function LoginModalHost() {
  const auth = useAuth();
  const { status } = auth;
  const overlays = useOverlays();
  const loginInUrl = useRouterState({ select: (state) => asksForLoginModal(state.location.search as Record<string, unknown>) });
  useSessionExpiry(status);

  // The modal's code downloads alongside the overlays' instead of after them.
  const loginWanted = (loginInUrl || overlays.loginModal.open) && status !== 'authenticated';
  useEffect(() => {
    if (loginWanted) void loadLoginModal().catch(() => undefined); // the overlay reports a failure
  }, [loginWanted]);

  const sync =
    status === 'authenticated' ? (
      <Suspense fallback={null}>
        <LanguageSync auth={auth} />
      </Suspense>
    ) : null;
  if (!loginInUrl && !overlays.loginModal.open && !overlays.pushPrompt && !overlays.wishlistBanner) return sync;
  return (
    <>
      {sync}
      <Overlay>
        <AuthOverlays status={status} overlays={overlays} />
      </Overlay>
    </>
  );
}

/**
 * lib/api fires UNAUTHORIZED_EVENT when the server rejects our token (expired, revoked by "log out
 * of all devices" elsewhere, account blocked). A session that was live ends and the login modal
 * opens, remembering the page (spec part 1 §8). A stale token found at start-up just turns guest.
 */
function useSessionExpiry(status: AuthStatus) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const statusRef = useRef(status);
  statusRef.current = status;

  useEffect(() => {
    // This host is fetched after the first screen: a stale token refused at start-up may have been
    // answered before it listened. The refusal is kept (lib/api), so the dialog still says why.
    if (statusRef.current !== 'authenticated' && !isUnauthorizedExpected() && takeAccountRefusal(true)) openLoginModal();
  }, []);

  useEffect(() => {
    const onUnauthorized = () => {
      if (isUnauthorizedExpected()) return;
      // a stale token found at start-up just turns guest, unless the account itself was refused: then say why
      if (statusRef.current !== 'authenticated') return void (takeAccountRefusal(true) && openLoginModal());
      endSession(queryClient);
      const here = router.state.location.href;
      void router.navigate({
        to: '/',
        search: { showLoginModal: true, redirect: here === '/' ? undefined : here },
        replace: true,
      });
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [router, queryClient]);
}
