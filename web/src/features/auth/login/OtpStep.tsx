import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { msg, useT, withNodes } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { authApi, type SessionResponse } from '../auth-api';
import { authQueries } from '../auth-queries';
import {
  OTP_LENGTH,
  cooldownSecondsFrom,
  formatIndianPhone,
  isCompleteOtp,
  isOtpCooldownError,
  sanitiseOtpInput,
  sendOtpErrorMessage,
  validateOtp,
  verifyOtpErrorMessage,
} from '../auth-rules';
import { Field, Spinner } from './fields';
import { resendAtFrom, type OtpRequest } from './otp-request';

/** The code box, the resend countdown, and the optional name of a new account. */
function useSecondsUntil(timestamp: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (timestamp <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [timestamp]);
  return Math.max(0, Math.ceil((timestamp - now) / 1000));
}

export function OtpStep({
  request,
  onResent,
  onBusy,
  onChangePhone,
  onSuccess,
}: {
  request: OtpRequest;
  onResent: (request: OtpRequest) => void;
  onBusy: (busy: boolean) => void;
  onChangePhone: () => void;
  onSuccess: (session: SessionResponse, isNewUser: boolean) => void;
}) {
  const [otp, setOtp] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const otpRef = useRef<HTMLInputElement>(null);
  const t = useT();
  const secondsLeft = useSecondsUntil(request.resendAt);
  const devOutbox = useQuery(authQueries.devOutboxAvailable());
  const isRegister = request.type === 'REGISTER';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = validateOtp(otp);
    if (problem) return setError(problem);
    setError(null);
    // a new account needs a name others can tell apart (the server refuses one without)
    if (isRegister && !firstName.trim()) return setNameError(msg('First name is required'));
    setNameError(null);
    setPending(true);
    onBusy(true);
    try {
      const result = await authApi.verifyOtp({
        phone: request.phone,
        otp,
        type: request.type,
        firstName: isRegister ? firstName.trim() : undefined,
        lastName: isRegister && lastName.trim() ? lastName.trim() : undefined,
      });
      onSuccess(result, result.isNewUser ?? isRegister);
    } catch (err) {
      setPending(false);
      const nameIssue = isApiError(err) ? err.issues?.find((issue) => issue.path.startsWith('firstName') || issue.path.startsWith('lastName')) : undefined;
      if (nameIssue) {
        setNameError(nameIssue.message);
        return;
      }
      setError(verifyOtpErrorMessage(err));
      if (isApiError(err) && err.status === 400) {
        setOtp('');
        otpRef.current?.focus();
      }
    } finally {
      onBusy(false);
    }
  };

  const resend = async () => {
    if (resending || secondsLeft > 0) return;
    setResending(true);
    setError(null);
    try {
      const sent = await authApi.resendOtp(request.phone, request.type);
      toast.success(msg('OTP resent successfully'));
      setOtp('');
      onResent({ ...request, resendAt: resendAtFrom(sent.resendIn), sentAt: Date.now() });
      otpRef.current?.focus();
    } catch (err) {
      const seconds = isOtpCooldownError(err) && isApiError(err) ? cooldownSecondsFrom(err.message) : null;
      if (seconds) onResent({ ...request, resendAt: Date.now() + seconds * 1000 });
      setError(sendOtpErrorMessage(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="auth-muted">
        {withNodes(t('We sent a {length}-digit code to {phone}.', { length: OTP_LENGTH }), {
          phone: <strong className="otp-phone">{formatIndianPhone(request.phone)}</strong>,
        })}{' '}
        <button type="button" className="auth-link-button" onClick={onChangePhone}>
          {t('Change')}
        </button>
      </p>
      <Field label={t('Verification code')} error={error}>
        {({ inputId, describedBy, invalid }) => (
          <input
            ref={otpRef}
            id={inputId}
            className="auth-input otp-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            placeholder="••••••"
            value={otp}
            onChange={(e) => {
              setOtp(sanitiseOtpInput(e.target.value));
              if (error) setError(null);
            }}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            data-autofocus
          />
        )}
      </Field>
      {isRegister && (
        <fieldset className="auth-fieldset">
          <legend className="auth-fieldset__legend">{t('New to SEL? Tell us your name')}</legend>
          <p className="auth-muted">{t('Buyers and sellers see it in chats and on your ads.')}</p>
          <div className="auth-form__row">
            <Field label={t('First name')} error={nameError}>
              {({ inputId, describedBy, invalid }) => (
                <input
                  id={inputId}
                  className="auth-input"
                  autoComplete="given-name"
                  value={firstName}
                  onChange={(e) => {
                    setFirstName(e.target.value);
                    if (nameError) setNameError(null);
                  }}
                  maxLength={50}
                  required
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              )}
            </Field>
            <Field label={t('Last name (optional)')}>
              {({ inputId }) => (
                <input
                  id={inputId}
                  className="auth-input"
                  autoComplete="family-name"
                  value={lastName}
                  onChange={(e) => setLastName(e.target.value)}
                  maxLength={50}
                />
              )}
            </Field>
          </div>
        </fieldset>
      )}
      <button
        type="submit"
        className="auth-button auth-button--primary auth-button--block"
        disabled={pending || !isCompleteOtp(otp)}
      >
        {pending ? (
          <>
            <Spinner /> {t('Verifying...')}
          </>
        ) : isRegister ? (
          t('Verify and create account')
        ) : (
          t('Verify and log in')
        )}
      </button>
      <div className="otp-resend">
        {secondsLeft > 0 ? (
          <span className="auth-muted">
            {t('Resend OTP in {time}', { time: `0:${String(secondsLeft).padStart(2, '0')}` })}
          </span>
        ) : (
          <button type="button" className="auth-link-button" onClick={() => void resend()} disabled={resending}>
            {resending ? t('Sending...') : t('Resend OTP')}
          </button>
        )}
      </div>
      {devOutbox.data === true && (
        <p className="dev-outbox-hint">
          {withNodes(t('Dev mode: read your code in the {outbox}.'), {
            outbox: (
              <a href="/api/dev/outbox" target="_blank" rel="noopener noreferrer">
                {t('dev outbox')}
              </a>
            ),
          })}
        </p>
      )}
    </form>
  );
}
