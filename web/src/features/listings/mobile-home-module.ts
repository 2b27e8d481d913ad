import type { ComponentType } from 'react';

/**
 * The phone home's module (a chunk of its own), loaded once by whoever needs it first: the home
 * route's loader on a phone, or HomePage after a resize. Once loaded it is at hand synchronously,
 * so HomePage renders it without a Suspense fallback (React would show the fallback for at least
 * 300 ms, in place of the worker's cards).
 */
let loaded: ComponentType | undefined;

export const loadMobileHome = () =>
  import('./MobileHome').then((module) => {
    loaded = module.MobileHome;
    return module;
  });

export const loadedMobileHome = () => loaded;
