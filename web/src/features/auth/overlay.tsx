import { Component, Suspense, lazy, type ComponentType, type ReactNode } from 'react';

const RELOADED_AT_KEY = 'sel:chunkReloadAt';

/**
 * After a deploy the old chunk names are gone: a tab opened before it can't fetch the modal.
 * Reload once to pick up the new build; if that already happened moments ago, give up quietly.
 */
export function lazyOverlay<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
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

/** Each overlay fails alone. */
export function Overlay({ children }: { children: ReactNode }) {
  return (
    <OverlayBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </OverlayBoundary>
  );
}

/** `?showLoginModal=true` on any page (spec part 1 §2); the router may have parsed it as a boolean. */
export function asksForLoginModal(search: Record<string, unknown>): boolean {
  return search.showLoginModal === true || search.showLoginModal === 'true';
}
