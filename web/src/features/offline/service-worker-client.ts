/**
 * The page's side of the service worker (web/sw/service-worker.ts, decision 025): registers it once
 * the page has loaded, hands it the code this page already fetched (so an offline start has it),
 * and reports a new version waiting to take over, which starts only when the user says so.
 */
export type UpdateListener = (apply: () => void) => void;

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

const keepLoadedFiles = (worker: ServiceWorker | null | undefined) => {
  if (!worker) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`) || name.startsWith(`${location.origin}/api/media/`));
  // a guest's first page came with its first API answers inside the HTML (lib/boot-data.ts)
  worker.postMessage({ type: 'keep', urls, boot: (window as { selBoot?: string }).selBoot });
};

/** Lets the waiting version take over; the page reloads once it has (the old page's code may be gone). */
const applyUpdate = (registration: ServiceWorkerRegistration) => () => {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  registration.waiting?.postMessage({ type: 'skip-waiting' });
};

export function registerServiceWorker(onUpdate: UpdateListener): Promise<ServiceWorkerRegistration | undefined> {
  // development (vite dev) serves no /sw.js; the built app always does
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registering ??= (async () => {
    try {
      const registration = await navigator.serviceWorker.register('/sw.js');
      const hadController = !!navigator.serviceWorker.controller;
      const watch = (worker: ServiceWorker | null) => {
        worker?.addEventListener('statechange', () => {
          // installed while an older version controls the page: a new version waits for the user
          if (worker.state === 'installed' && navigator.serviceWorker.controller) onUpdate(applyUpdate(registration));
        });
      };
      if (registration.waiting && hadController) onUpdate(applyUpdate(registration));
      watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
      // the first install takes control at once: give it what this page loaded before it did
      navigator.serviceWorker.ready.then((ready) => keepLoadedFiles(ready.active), () => undefined);
      return registration;
    } catch (error) {
      console.warn('service worker not registered', error);
      return undefined;
    }
  })();
  return registering;
}
