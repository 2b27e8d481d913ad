import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast';
import { closeLoginModal, openLoginModal, type OverlayState } from './auth-store';
import { Overlay, asksForLoginModal, lazyOverlay } from './overlay';
import { safeRedirectPath } from './redirect-path';
import type { AuthStatus } from './use-auth';

// The modal and the prompts are only fetched when shown: they stay out of the entry chunk.
const LoginModal = lazyOverlay(() => import('./login/LoginModal'));
const PushPrompt = lazyOverlay(() => import('./PushPrompt'));
const WishlistBanner = lazyOverlay(() => import('./WishlistBanner'));

/**
 * The session-wide auth overlays, mounted by LoginModalHost while one is open or the URL asks for
 * the login modal: the modal, the first-login prompts, and the `?showLoginModal=true` handling.
 */
export default function AuthOverlays({ status, overlays }: { status: AuthStatus; overlays: OverlayState }) {
  useLoginModalSearchParams(status);

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
    if (!asksForLoginModal(search)) return;
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
