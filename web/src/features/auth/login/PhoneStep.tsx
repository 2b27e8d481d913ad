import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { msg, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { authApi, type OtpType } from '../auth-api';
import { cooldownSecondsFrom, isNoAccountError, isOtpCooldownError, normalisePhoneInput, sendOtpErrorMessage, validatePhone } from '../auth-rules';
import { Field, Spinner } from './fields';
import { OTP_VALID_MS, lastOtpRequestSent, resendAtFrom, type OtpRequest } from './otp-request';

/** The phone number; an unknown number quietly becomes a registration (spec part 1 §8). */
export function PhoneStep({
  phone,
  onPhoneChange,
  onBusy,
  onSent,
}: {
  phone: string;
  onPhoneChange: (phone: string) => void;
  onBusy: (busy: boolean) => void;
  onSent: (request: OtpRequest) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = validatePhone(phone);
    if (problem) return setError(problem);
    setError(null);
    setPending(true);
    onBusy(true);
    let type: OtpType = 'LOGIN';
    try {
      let sent;
      try {
        sent = await authApi.sendOtp(phone, 'LOGIN');
      } catch (err) {
        // Spec part 1 §8: a LOGIN for an unknown number retries as REGISTER.
        if (!isNoAccountError(err)) throw err;
        type = 'REGISTER';
        sent = await authApi.sendOtp(phone, 'REGISTER');
      }
      toast.success(msg('OTP sent to your phone number'));
      onSent({ phone, type, resendAt: resendAtFrom(sent.resendIn), sentAt: Date.now() });
    } catch (err) {
      // A code for this number is still on its way: go and type it rather than fail.
      const previous = lastOtpRequestSent();
      if (isOtpCooldownError(err) && previous?.phone === phone && Date.now() - previous.sentAt < OTP_VALID_MS) {
        const seconds = isApiError(err) ? cooldownSecondsFrom(err.message) : null;
        onSent({ ...previous, resendAt: seconds ? Date.now() + seconds * 1000 : previous.resendAt });
      } else {
        setError(sendOtpErrorMessage(err));
        setPending(false);
      }
    } finally {
      onBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="auth-muted">{t("We'll send a 6-digit code to this number to log you in, or to create your account.")}</p>
      <Field label={t('Phone number')} error={error}>
        {({ inputId, describedBy, invalid }) => (
          <div className="phone-input">
            <span className="phone-input__prefix" aria-hidden="true">
              +91
            </span>
            <input
              id={inputId}
              className="auth-input phone-input__field"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="98765 43210"
              value={phone}
              onChange={(e) => {
                onPhoneChange(normalisePhoneInput(e.target.value));
                if (error) setError(null);
              }}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              data-autofocus
            />
          </div>
        )}
      </Field>
      <button type="submit" className="auth-button auth-button--primary auth-button--block" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> {t('Sending OTP...')}
          </>
        ) : (
          t('Next')
        )}
      </button>
    </form>
  );
}
