import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { msg, useT, withNodes } from '../../lib/i18n';
import { useStoredValue } from '../../lib/local-store';
import { usePageTitle } from '../../lib/page-title';
import { toast } from '../../lib/toast';
import { Dialog } from '../../components/Dialog';
import { disablePushNotifications, enablePushNotifications, pushPreference, pushSupported } from './push';
import { useAuth } from './use-auth';
import { BlockedUsersSection } from '../trust/BlockedUsersSection';
import './auth.css';

type SettingsPageProps = {
  /** `?action=logout-all` (spec part 2 §2): open the logout-all dialog straight away. */
  action?: 'logout-all';
  /** Called once the action has been acted on, so the route can drop it from the URL. */
  onActionHandled: () => void;
};

const SAFETY_TIPS = [
  msg('Meet in a safe, public place, preferably during the day, and tell someone where you are going.'),
  msg('Check the item properly before you pay, and pay only after you have collected it.'),
  msg('Never pay in advance or share OTPs, UPI PINs, card or bank details in chat.'),
  msg('Keep the conversation on SEL chat so there is a record of what was agreed.'),
  msg('Be wary of offers that look too good to be true or buyers who insist on urgency.'),
];

/** Account settings (spec part 2 §2): the 'Privacy' section. Shared by /settings and /en-in/settings/privacy. */
export function SettingsPage({ action, onActionHandled }: SettingsPageProps) {
  const t = useT();
  usePageTitle(t('Settings'));
  const [dialog, setDialog] = useState<'logout-all' | 'delete' | null>(null);

  useEffect(() => {
    if (action === 'logout-all') setDialog('logout-all');
  }, [action]);

  const closeDialog = () => {
    setDialog(null);
    if (action) onActionHandled();
  };

  return (
    <div className="settings">
      <nav className="settings__nav" aria-label={t('Settings')}>
        <h1 className="settings__heading">{t('Settings')}</h1>
        <ul className="settings__nav-list">
          <li>
            <Link to="/en-in/settings/privacy" className="settings__nav-link settings__nav-link--active" aria-current="page">
              {t('Privacy')}
            </Link>
          </li>
        </ul>
      </nav>

      <div className="settings__content">
        <h2 className="settings__title">{t('Privacy')}</h2>

        <NotificationsSection />

        <BlockedUsersSection />

        <section className="settings__section" aria-labelledby="settings-logout-all">
          <div className="settings__section-text">
            <h3 id="settings-logout-all" className="settings__section-title">
              {t('Logout from all devices')}
            </h3>
            <p className="auth-muted">{t('Ends your SEL sessions on every phone, tablet and browser, including this one.')}</p>
          </div>
          <button type="button" className="auth-button auth-button--outline" onClick={() => setDialog('logout-all')}>
            {t('Logout from all devices')}
          </button>
        </section>

        <section className="settings__section" aria-labelledby="settings-delete">
          <div className="settings__section-text">
            <h3 id="settings-delete" className="settings__section-title">
              {t('Delete account')}
            </h3>
            <p className="auth-muted">{t('Permanently erases your profile and takes down your ads. This cannot be undone.')}</p>
          </div>
          <button type="button" className="auth-button auth-button--danger-outline" onClick={() => setDialog('delete')}>
            {t('Delete account')}
          </button>
        </section>

        <section className="settings__section settings__section--stacked" aria-labelledby="settings-safety">
          <h3 id="settings-safety" className="settings__section-title">
            {t('Chat safety tips')}
          </h3>
          <ul className="settings__tips">
            {SAFETY_TIPS.map((tip) => (
              <li key={tip}>{t(tip)}</li>
            ))}
          </ul>
        </section>
      </div>

      {dialog === 'logout-all' && <LogoutAllDialog onClose={closeDialog} />}
      {dialog === 'delete' && <DeleteAccountDialog onClose={closeDialog} />}
    </div>
  );
}

function NotificationsSection() {
  const t = useT();
  const { user } = useAuth();
  const enabled = useStoredValue(pushPreference);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();
  const blocked = supported && Notification.permission === 'denied';
  const labelId = useId();
  const descriptionId = useId();

  const toggle = async () => {
    if (enabled) {
      disablePushNotifications();
      toast.info(t('Push notifications turned off'));
      return;
    }
    setBusy(true);
    const on = await enablePushNotifications();
    setBusy(false);
    if (on) toast.success(t('Push notifications turned on'));
    else toast.error(t('Notifications are blocked in your browser. Allow them in your browser settings, then try again.'));
  };

  return (
    <section className="settings__section" aria-labelledby="settings-notifications">
      <div className="settings__section-text">
        <h3 id="settings-notifications" className="settings__section-title">
          {t('Notifications')}
        </h3>
        <p id={labelId} className="settings__switch-label">
          {t('Push notifications')}
        </p>
        <p id={descriptionId} className="auth-muted">
          {!supported
            ? t('This browser does not support push notifications.')
            : blocked
              ? t('Blocked in your browser settings. Allow notifications for this site to turn them on.')
              : t('New messages and updates on your ads, even when SEL is not open.')}
        </p>
        {/* what reaches this account by e-mail: nothing, for a phone sign-up without an address (decision 024) */}
        <p className="auth-muted" data-testid="settings-email-alerts">
          {user?.email
            ? t('Daily saved-search e-mails go to {email}.', { email: user.email })
            : t('No e-mail address on this account, so no e-mails: alerts come in the app and as push notifications. Add an address on your profile to get daily e-mails.')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        className="auth-switch-toggle"
        onClick={() => void toggle()}
        disabled={busy || !supported}
      >
        <span className="auth-switch-toggle__thumb" />
      </button>
    </section>
  );
}

function LogoutAllDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { logoutAllDevices } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const count = await logoutAllDevices();
      toast.success(t('Successfully logged out from {count} device(s)', { count }));
    } catch (err) {
      setBusy(false);
      setError(isApiError(err) && err.message ? err.message : t('Failed to logout from all devices'));
    }
  };

  return (
    <Dialog title={t('Logout from all devices?')} onClose={onClose} busy={busy} role="alertdialog" describedBy="logout-all-text">
      <div className="auth-dialog__body">
        <p id="logout-all-text" className="auth-muted">
          {t('You will be logged out of SEL everywhere, including this browser. You can log in again at any time.')}
        </p>
        {error && (
          <p className="auth-form-error" role="alert">
            {t(error)}
          </p>
        )}
        <div className="auth-actions">
          <button type="button" className="auth-button auth-button--outline" onClick={onClose} disabled={busy} data-autofocus>
            {t('Cancel')}
          </button>
          <button type="button" className="auth-button auth-button--primary" onClick={() => void confirm()} disabled={busy}>
            {busy ? t('Logging out...') : t('Logout')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

const DELETE_WORD = 'DELETE';

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { deleteAccount } = useAuth();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_WORD;

  const confirm = async () => {
    if (!confirmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAccount();
      toast.success(t('Your account has been deleted'));
    } catch (err) {
      setBusy(false);
      setError(isApiError(err) && err.message ? err.message : t('Failed to delete account. Please try again.'));
    }
  };

  return (
    <Dialog title={t('Delete your account?')} onClose={onClose} busy={busy} role="alertdialog" describedBy="delete-account-text">
      <form
        className="auth-dialog__body"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        noValidate
      >
        <div id="delete-account-text" className="auth-muted">
          <p>{t('This permanently deletes your SEL account:')}</p>
          <ul className="settings__tips">
            <li>{t('your name, e-mail, phone number and photo are erased;')}</li>
            <li>{t('all your ads are taken down;')}</li>
            <li>{t('you are logged out on every device.')}</li>
          </ul>
          <p>{t('This cannot be undone.')}</p>
        </div>
        <div className="auth-field">
          <label htmlFor={inputId} className="auth-field__label">
            {withNodes(t('Type {word} to confirm'), { word: <strong>{DELETE_WORD}</strong> })}
          </label>
          <input
            id={inputId}
            className="auth-input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-autofocus
          />
        </div>
        {error && (
          <p className="auth-form-error" role="alert">
            {t(error)}
          </p>
        )}
        <div className="auth-actions">
          <button type="button" className="auth-button auth-button--outline" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </button>
          <button type="submit" className="auth-button auth-button--danger" disabled={!confirmed || busy}>
            {busy ? t('Deleting...') : t('Delete account')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
