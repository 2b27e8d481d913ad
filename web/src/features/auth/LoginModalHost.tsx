import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { Component, Suspense, lazy, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { UNAUTHORIZED_EVENT } from '../../lib/api';
import { toast } from '../../lib/toast';
import { safeRedirectPath } from './redirect-path';
import { closeLoginModal, isUnauthorizedExpected, openLoginModal, useOverlays } from './auth-store';
import { useLanguageSync } from './language-sync';
import { endSession, useAuth, type AuthStatus } from './use-auth';
import './auth.css';

const RELOADED_AT_KEY = 'sel:chunkReloadAt';

/**
 * After a deploy the old chunk names are gone: a tab opened before it can't fetch the modal.
 * Reload once to pick up the new build; if that already happened moments ago, give up quietly.
 */
function lazyOverlay<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      let recentlyReloaded = true;
      try {
        recentlyReloaded = Date.now() - Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) < 10_000;
        if (!recentlyReloaded) sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
      } catch {
        // No storage: don't risk a reload loop.
      }
      if (!recentlyReloaded) window.location.reload();
      throw error;
    }),
  );
}

// The modal and the prompts are only fetched when shown: they stay out of the entry chunk.
const LoginModal = lazyOverlay(() => import('./login/LoginModal'));
const PushPrompt = lazyOverlay(() => import('./PushPrompt'));
const WishlistBanner = lazyOverlay(() => import('./WishlistBanner'));

/** A failed overlay must never take the page down with it. */
class OverlayBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('Auth overlay failed to load', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * Mounted once in the root layout. Owns the session-wide auth UI: the login modal (opened by
 * `?showLoginModal=true` on any page, or by openLoginModal()), the first-login prompts, the
 * reaction to a rejected token anywhere in the app, and the account's language (language-sync.ts).
 */
export function LoginModalHost() {
  const auth = useAuth();
  const { status } = auth;
  const overlays = useOverlays();
  useLanguageSync(auth);
  useLoginModalSearchParams(status);
  useSessionExpiry(status);

  // Signed in some other way meanwhile (another tab, the OAuth callback): the modal has no job left.
  const modalOpen = overlays.loginModal.open;
  useEffect(() => {
    if (modalOpen && status === 'authenticated') closeLoginModal();
  }, [modalOpen, status]);

  return (
    <>
      {overlays.loginModal.open && status !== 'authenticated' && (
        <Overlay>
          <LoginModal redirect={overlays.loginModal.redirect} />
        </Overlay>
      )}
      {overlays.pushPrompt && status === 'authenticated' && (
        <Overlay>
          <PushPrompt />
        </Overlay>
      )}
      {overlays.wishlistBanner && status === 'authenticated' && (
        <Overlay>
          <WishlistBanner />
        </Overlay>
      )}
    </>
  );
}

/** Each overlay fails alone. */
function Overlay({ children }: { children: ReactNode }) {
  return (
    <OverlayBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </OverlayBoundary>
  );
}

/**
 * `?showLoginModal=true[&error=…][&redirect=/path]` (spec part 1 §2): the error is toasted, the modal
 * opens (or, when already signed in, the redirect is followed) and the parameters leave the URL.
 */
function useLoginModalSearchParams(status: AuthStatus) {
  const router = useRouter();
  const location = useRouterState({ select: (state) => state.location });
  const handledHref = useRef<string | null>(null);

  useEffect(() => {
    const search = location.search as Record<string, unknown>;
    if (!isTrue(search.showLoginModal)) return;
    // With a stored token, wait for the profile check: a valid session skips the modal.
    if (status === 'loading') return;
    if (handledHref.current === location.href) return;
    handledHref.current = location.href;

    const { showLoginModal: _open, error, redirect, ...rest } = search;
    if (typeof error === 'string' && error.trim()) toast.error(error);
    const target = safeRedirectPath(redirect);

    const query = router.options.stringifySearch(rest);
    router.history.replace(`${location.pathname}${query}${location.hash ? `#${location.hash}` : ''}`);

    if (status === 'authenticated') {
      if (target) void router.navigate({ href: target, replace: true });
    } else {
      openLoginModal({ redirect: target });
    }
  }, [location, status, router]);
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
    const onUnauthorized = () => {
      if (isUnauthorizedExpected() || statusRef.current !== 'authenticated') return;
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
