import { useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n';
import { dismissToast, getToasts, subscribeToasts } from '../lib/toast';

/**
 * Renders the toast store top-right. Errors are announced assertively, the rest politely.
 * Messages are catalogue keys (callers mark them with msg()) or server text already in the reader's
 * language: either way t() shows them in the language chosen.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const translate = useT();
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__message">{translate(t.message)}</span>
          <button type="button" className="toast__close" aria-label={translate('Dismiss notification')} onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
