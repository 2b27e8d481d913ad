import './auth.css';
import { useState } from 'react';
import { msg, useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Dialog } from '../../components/Dialog';
import { STORAGE_KEYS, showPushPrompt, writeFlag } from './auth-store';
import { disablePushNotifications, enablePushNotifications } from './push';

/** First-login question (spec part 1 §2 "Other", §4 push consent). Closing it in any way counts as seen. */
export default function PushPrompt() {
  const [busy, setBusy] = useState(false);
  const t = useT();

  const close = () => {
    writeFlag(STORAGE_KEYS.seenNotificationDialog, true);
    showPushPrompt(false);
  };

  const decline = () => {
    disablePushNotifications();
    close();
  };

  const accept = async () => {
    setBusy(true);
    const enabled = await enablePushNotifications();
    setBusy(false);
    close();
    if (enabled) toast.success(msg('Push notifications are on'));
    else toast.info(msg('Notifications are blocked in your browser. You can allow them in your browser settings.'));
  };

  return (
    <Dialog title={t('Would you like to receive Push Notifications?')} onClose={close} busy={busy} describedBy="push-prompt-text">
      <div className="auth-dialog__body">
        <div className="push-prompt__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40">
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
        </div>
        <p id="push-prompt-text" className="auth-muted">
          {t('Get notified about new messages from buyers and sellers, and updates on your ads. You can change this any time in Settings.')}
        </p>
        <div className="auth-actions">
          <button type="button" className="auth-button auth-button--outline" onClick={decline} disabled={busy}>
            {t('No thanks')}
          </button>
          <button type="button" className="auth-button auth-button--primary" onClick={() => void accept()} disabled={busy}>
            {busy ? t('Please wait...') : t('Sign me up!')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
