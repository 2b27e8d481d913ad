import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useOffline } from './online';
import { registerServiceWorker } from './service-worker-client';
import './offline.css';

/**
 * The app frame's network and version notices (decision 025), loaded after the first screen:
 * - "You are offline" while the browser has no network, saying what still works;
 * - "A new version of SEL is ready" when an update waits, with a reload the user chooses (a
 *   version never swaps itself in under someone typing);
 * - registers the service worker, and sends chat messages written offline once the network is back.
 */
export function OfflineStatus() {
  const t = useT();
  const offline = useOffline();
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);

  useEffect(() => {
    const start = () => void registerServiceWorker((apply) => setApplyUpdate(() => apply));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);

  useEffect(() => {
    // messages typed while offline go out once, in order, whichever page is open (features/chat/outbox.ts)
    const flush = () =>
      void import('../chat/outbox').then(
        (m) => m.flushOutbox(),
        () => undefined,
      );
    window.addEventListener('online', flush);
    if (!offline) flush();
    return () => window.removeEventListener('online', flush);
  }, []);

  if (!offline && !applyUpdate) return null;
  return (
    <div className="offline-status" role="status" aria-live="polite">
      {offline ? (
        <p className="offline-status__text">
          <strong>{t('You are offline.')}</strong> {t('Ads, searches and chats you opened recently still open. Messages you write are sent when you are back online.')}
        </p>
      ) : (
        <p className="offline-status__text">
          <strong>{t('A new version of SEL is ready.')}</strong>{' '}
          <button type="button" className="offline-status__action" onClick={() => applyUpdate?.()}>
            {t('Reload')}
          </button>
        </p>
      )}
    </div>
  );
}
