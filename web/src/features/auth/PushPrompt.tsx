import './auth.css';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Dialog } from '../../components/Dialog';
import { STORAGE_KEYS, showPushPrompt, writeFlag } from './auth-store';
import { disablePushNotifications, enablePushNotifications } from './push';
import { pushMoment } from './push-moment';

/**
 * The push question (spec part 1 §4 consent), asked after a moment that explains it
 * (push-moment.ts), not at sign-in. Closing it in any way counts as seen.
 */
export default function PushPrompt() {
  const t = useT();
  const moment = pushMoment();
  const [busy, setBusy] = useState(false);

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
    if (enabled) toast.success(t('Push notifications are on'));
    else toast.info(t('Notifications are blocked in your browser. You can allow them in your browser settings.'));
  };

  return (
    <Dialog
      title={moment === 'chat' ? t('Know when they reply?') : moment === 'favourite' ? t('Hear about the ads you like?') : t('Would you like to receive Push Notifications?')}
      onClose={close} busy={busy} describedBy="push-prompt-text">
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
          {moment === 'chat'
            ? t('Your message is sent. Turn on notifications to know as soon as the reply comes, even when SEL is closed. You can change this any time in Settings.')
            : moment === 'favourite'
              ? t('Saved to your wishlist. Turn on notifications to hear when sellers reply and about updates on your ads. You can change this any time in Settings.')
              : t('Get notified about new messages from buyers and sellers, and updates on your ads. You can change this any time in Settings.')}
        </p>
        <div className="auth-actions">
          <button type="button" className="auth-button auth-button--outline" onClick={decline} disabled={busy}>
            {t('No thanks')}
          </button>
          <button type="button" className="auth-button auth-button--primary" onClick={() => void accept()} disabled={busy}>
            {busy ? t('Please wait...') : t('Turn on notifications')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
