import { useSyncExternalStore } from 'react';

/** Below this width the app switches to its mobile layout (spec part 1 §2: header and footer are desktop only). */
export const MOBILE_QUERY = '(max-width: 767.98px)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

export function isMobileViewport(): boolean {
  return matches(MOBILE_QUERY);
}
