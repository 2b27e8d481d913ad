import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useT } from '../../lib/i18n';
import { useIsBlocked, useSetBlocked } from './api';
import './trust.css';

/** Block (with a confirmation) or unblock another user; used on the seller card and in the chat header. */
export function BlockUserButton({ userId, name, className }: { userId: string; name: string; className?: string }) {
  const t = useT();
  const { isBlocked } = useIsBlocked(userId, true);
  const setBlocked = useSetBlocked();
  const [confirming, setConfirming] = useState(false);

  if (isBlocked) {
    return (
      <button type="button" className={className ?? 'button button--outline button--small'} disabled={setBlocked.isPending} onClick={() => setBlocked.mutate({ userId, block: false, name })}>
        {t('Unblock')}
      </button>
    );
  }
  return (
    <>
      <button type="button" className={className ?? 'button button--outline button--small'} onClick={() => setConfirming(true)}>
        {t('Block user')}
      </button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`${t('Block')} ${name}?`}
        footer={
          <div className="report-dialog__actions">
            <button type="button" className="button button--outline" onClick={() => setConfirming(false)}>
              {t('Cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={setBlocked.isPending}
              onClick={() => setBlocked.mutate({ userId, block: true, name }, { onSuccess: () => setConfirming(false) })}
            >
              {t('Block')}
            </button>
          </div>
        }
      >
        <p>{t('They will not be able to message you or start a chat about your ads, and you will get no notifications from them. You can unblock them in Settings.')}</p>
      </Dialog>
    </>
  );
}
