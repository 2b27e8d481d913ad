import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a network. `navigator.onLine === false` is reliable (no network at
 * all); `true` only means "maybe", so callers still treat a failed request as offline.
 */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
