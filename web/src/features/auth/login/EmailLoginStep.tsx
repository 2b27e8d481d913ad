import { useId, useState, type FormEvent } from 'react';
import { msg, useT } from '../../../lib/i18n';
import { authApi } from '../auth-api';
import { EMAIL_PASSWORD_REQUIRED_MESSAGE, emailAuthErrorMessage, isPlausibleEmail } from '../auth-rules';
import { Field, FormError, PasswordField, Spinner } from './fields';
import type { EmailStepProps } from './steps';

/** Log in with e-mail and password. */
export function EmailLoginStep({ email, onEmailChange, onBusy, onSuccess, onRegister }: EmailStepProps & { onRegister: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorId = useId();
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!email.trim() || !password) return setError(EMAIL_PASSWORD_REQUIRED_MESSAGE);
    if (!isPlausibleEmail(email)) return setError(msg('Please enter a valid email address'));
    setError(null);
    setPending(true);
    onBusy(true);
    try {
      onSuccess(await authApi.login(email.trim(), password));
    } catch (err) {
      setError(emailAuthErrorMessage(err, msg('Login failed. Please try again.')));
      setPending(false);
    } finally {
      onBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby={error ? errorId : undefined}>
      <Field label={t('Email')}>
        {({ inputId }) => (
          <input
            id={inputId}
            className="auth-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
            maxLength={254}
            data-autofocus
          />
        )}
      </Field>
      <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
      <FormError id={errorId} message={error} />
      <button type="submit" className="auth-button auth-button--primary auth-button--block" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> {t('Logging in...')}
          </>
        ) : (
          t('Login')
        )}
      </button>
      <p className="auth-switch">
        {t('New to SEL?')}{' '}
        <button type="button" className="auth-link-button" onClick={onRegister}>
          {t('Register with Email')}
        </button>
      </p>
    </form>
  );
}
