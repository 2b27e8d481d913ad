import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { msg, useT } from '../../../lib/i18n';
import { authApi } from '../auth-api';
import { EMAIL_PASSWORD_REQUIRED_MESSAGE, deriveRegistrationNames, emailAuthErrorMessage, isPlausibleEmail, validatePassword } from '../auth-rules';
import { Field, FormError, PasswordField, Spinner, issuesByField } from './fields';
import type { EmailStepProps } from './steps';

/** Create an account with e-mail and password; the names start from the address. */
export function EmailRegisterStep({ email, onEmailChange, onBusy, onSuccess, onLogin }: EmailStepProps & { onLogin: () => void }) {
  const derived = deriveRegistrationNames(email);
  const [password, setPassword] = useState('');
  // Names follow the e-mail address until the user types their own.
  const [firstName, setFirstName] = useState<string | null>(null);
  const [lastName, setLastName] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const [pending, setPending] = useState(false);
  const errorId = useId();
  const t = useT();

  const effectiveFirst = firstName ?? derived.firstName;
  const effectiveLast = lastName ?? derived.lastName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setEmailTaken(false);
    if (!email.trim() || !password) {
      setFieldErrors({});
      return setError(EMAIL_PASSWORD_REQUIRED_MESSAGE);
    }
    const local: Record<string, string> = {};
    if (!isPlausibleEmail(email)) local.email = msg('Please enter a valid email address');
    const passwordProblem = validatePassword(password);
    if (passwordProblem) local.password = passwordProblem;
    if (!effectiveFirst.trim()) local.firstName = msg('First name is required');
    if (!effectiveLast.trim()) local.lastName = msg('Last name is required');
    setFieldErrors(local);
    if (Object.keys(local).length > 0) return setError(null);

    setError(null);
    setPending(true);
    onBusy(true);
    try {
      const session = await authApi.register({
        email: email.trim(),
        password,
        username: derived.username,
        firstName: effectiveFirst.trim(),
        lastName: effectiveLast.trim(),
      });
      onSuccess(session);
    } catch (err) {
      if (isApiError(err) && err.code === 'EMAIL_TAKEN') setEmailTaken(true);
      const byField = isApiError(err) ? issuesByField(err.issues) : {};
      setFieldErrors(byField);
      setError(Object.keys(byField).length > 0 ? null : emailAuthErrorMessage(err, msg('Registration failed. Please try again.')));
      setPending(false);
    } finally {
      onBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label={t('Email')} error={fieldErrors.email}>
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            className="auth-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            maxLength={254}
            data-autofocus
          />
        )}
      </Field>
      <PasswordField
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        error={fieldErrors.password}
        hint={t('At least 8 characters, with a letter and a number.')}
      />
      <div className="auth-form__row">
        <Field label={t('First name')} error={fieldErrors.firstName}>
          {({ inputId, describedBy, invalid }) => (
            <input
              id={inputId}
              className="auth-input"
              autoComplete="given-name"
              value={effectiveFirst}
              onChange={(e) => setFirstName(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              maxLength={50}
            />
          )}
        </Field>
        <Field label={t('Last name')} error={fieldErrors.lastName}>
          {({ inputId, describedBy, invalid }) => (
            <input
              id={inputId}
              className="auth-input"
              autoComplete="family-name"
              value={effectiveLast}
              onChange={(e) => setLastName(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              maxLength={50}
            />
          )}
        </Field>
      </div>
      <FormError id={errorId} message={error} />
      {emailTaken && (
        <button type="button" className="auth-button auth-button--outline auth-button--block" onClick={onLogin}>
          {t('Login with Email instead')}
        </button>
      )}
      <button type="submit" className="auth-button auth-button--primary auth-button--block" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> {t('Creating account...')}
          </>
        ) : (
          t('Create account')
        )}
      </button>
      <p className="auth-switch">
        {t('Already have an account?')}{' '}
        <button type="button" className="auth-link-button" onClick={onLogin}>
          {t('Login with Email')}
        </button>
      </p>
    </form>
  );
}
