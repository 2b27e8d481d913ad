import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ACCEPT_ATTRIBUTE, photoFileProblem, prepareForUpload } from '../selling/image-processing';
import { uploadImage } from '../selling/upload-image';
import { authApi, type AuthUser } from './auth-api';
import { missingProfileSteps, type ProfileStep } from './auth-rules';
import { useAuth } from './use-auth';

/** An uploaded photo's URL as the profile stores it: our own media path (the server accepts https:// or /api/media/…). */
export function avatarPath(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname.startsWith('/api/media/') ? parsed.pathname : url;
  } catch {
    return url;
  }
}

/**
 * The profile's "steps left": each step can be done right here. Add a photo uploads one
 * and saves it as the avatar; verify the e-mail sends a 6-digit code and checks it. The phone step
 * only explains itself: adding a number to an e-mail account is not built yet.
 */
export function ProfileSteps({ user }: { user: AuthUser }) {
  const { t, tn } = useI18n();
  const missing = missingProfileSteps(user);
  if (!missing.length) return null;
  return (
    <section className="profile-steps" aria-labelledby="profile-steps-title">
      <p id="profile-steps-title" className="profile-card__progress">
        {tn(missing.length, '{n} step left to complete your profile', '{n} steps left to complete your profile')}
      </p>
      <ul className="profile-steps__list">
        {missing.map((step) => (
          <li key={step} className="profile-steps__item">
            <Step step={step} user={user} />
          </li>
        ))}
      </ul>
      <p className="auth-muted profile-steps__note">{t('A complete profile gets more replies from buyers and sellers.')}</p>
    </section>
  );
}

function Step({ step, user }: { step: ProfileStep; user: AuthUser }) {
  if (step === 'avatar') return <AddPhotoStep />;
  if (step === 'email') return <VerifyEmailStep user={user} />;
  return <PhoneStep />;
}

function PhoneStep() {
  const { t } = useI18n();
  return (
    <>
      <span className="profile-steps__label">{t('Verify your phone')}</span>
      <span className="auth-muted">{t('Accounts made with a phone number have it verified. Adding a number to this account is not available yet.')}</span>
    </>
  );
}

function AddPhotoStep() {
  const { t } = useI18n();
  const { setUser } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const prepared = await prepareForUpload(file).catch(() => ({ file }));
      const uploaded = await uploadImage(prepared.file, () => undefined);
      const updated = await authApi.updateProfile({ avatar: avatarPath(uploaded.url, window.location.origin) });
      setUser(updated);
      toast.success(t('Profile photo added'));
    } catch (err) {
      setError(isApiError(err) ? err.message : t('Failed to upload the photo. Please try again.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <span className="profile-steps__label">{t('Add a profile photo')}</span>
      <input ref={input} type="file" accept={ACCEPT_ATTRIBUTE} hidden onChange={(e) => void pick(e.target.files?.[0])} aria-label={t('Choose a profile photo')} />
      <button type="button" className="auth-button auth-button--outline profile-steps__action" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? t('Uploading...') : t('Add photo')}
      </button>
      {error && (
        <p className="auth-field__error" role="alert">
          {t(error)}
        </p>
      )}
    </>
  );
}

function VerifyEmailStep({ user }: { user: AuthUser }) {
  const { t } = useI18n();
  const { setUser } = useAuth();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const sent = await authApi.sendEmailCode(user.email ? undefined : email.trim());
      setSentTo(sent.email);
      setCode('');
    } catch (err) {
      setError(isApiError(err) ? err.message : t('Could not send the code. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('Please enter the 6-digit code from the e-mail'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setUser(await authApi.verifyEmail(code.trim()));
      toast.success(t('E-mail address verified'));
    } catch (err) {
      setError(isApiError(err) ? err.message : t('Could not check the code. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <>
      <span className="profile-steps__label">{user.email ? t('Verify your e-mail') : t('Add and verify your e-mail')}</span>
      {!open ? (
        <button type="button" className="auth-button auth-button--outline profile-steps__action" onClick={() => {
            setOpen(true);
            if (user.email) void send();
          }}
        >
          {user.email ? t('Verify e-mail') : t('Add e-mail')}
        </button>
      ) : sentTo ? (
        <form className="profile-steps__form" onSubmit={(e) => void verify(e)} noValidate>
          <label htmlFor={`${id}-code`} className="auth-field__label">
            {t('Enter the 6-digit code we sent to {email}', { email: sentTo })}
          </label>
          <input
            id={`${id}-code`}
            className="auth-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
          />
          <div className="auth-actions">
            <button type="button" className="auth-button auth-button--outline" disabled={busy} onClick={() => void send()}>
              {t('Send again')}
            </button>
            <button type="submit" className="auth-button auth-button--primary" disabled={busy}>
              {busy ? t('Please wait...') : t('Verify')}
            </button>
          </div>
        </form>
      ) : user.email ? (
        <p className="auth-muted" role="status">
          {busy ? t('Sending the code...') : null}
        </p>
      ) : (
        <form className="profile-steps__form" onSubmit={(e) => void send(e)} noValidate>
          <label htmlFor={`${id}-email`} className="auth-field__label">
            {t('Your e-mail address')}
          </label>
          <input id={`${id}-email`} className="auth-input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} />
          <button type="submit" className="auth-button auth-button--primary" disabled={busy || !email.trim()}>
            {busy ? t('Please wait...') : t('Send code')}
          </button>
        </form>
      )}
      {error && (
        <p className="auth-field__error" role="alert">
          {t(error)}
        </p>
      )}
    </>
  );
}
