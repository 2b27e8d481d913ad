import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError, type ApiIssue } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Dialog } from '../../components/Dialog';
import { authApi, authQueries, type OtpType, type SessionResponse } from './auth-api';
import {
  EMAIL_PASSWORD_REQUIRED_MESSAGE,
  OTP_LENGTH,
  RESEND_COOLDOWN_SECONDS,
  cooldownSecondsFrom,
  deriveRegistrationNames,
  emailAuthErrorMessage,
  formatIndianPhone,
  isCompleteOtp,
  isNoAccountError,
  isOtpCooldownError,
  isPlausibleEmail,
  normalisePhoneInput,
  sanitiseOtpInput,
  sendOtpErrorMessage,
  validateOtp,
  validatePassword,
  validatePhone,
  verifyOtpErrorMessage,
} from './auth-rules';
import { closeLoginModal } from './auth-store';
import { POST_LOGIN_REDIRECT_KEY } from './post-login-redirect';
import { useAuth } from './use-auth';

type Step = 'options' | 'email-login' | 'email-register' | 'phone' | 'otp';

const TITLES: Record<Step, string> = {
  options: 'Welcome to SEL',
  'email-login': 'Login with Email',
  'email-register': 'Register with Email',
  phone: 'Enter your phone number',
  otp: 'Enter verification code',
};


type OtpRequest = { phone: string; type: OtpType; resendAt: number; sentAt: number };

/**
 * The last code requested, kept across modal openings: closing the modal and coming back within
 * the cooldown goes straight to the code box instead of failing with "Please wait".
 */
let lastOtpRequest: OtpRequest | null = null;
const OTP_VALID_MS = 10 * 60 * 1000;

export default function LoginModal({ redirect }: { redirect: string | null }) {
  const [step, setStep] = useState<Step>('options');
  const [otpRequest, setOtpRequest] = useState<OtpRequest | null>(null);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { login } = useAuth();
  const router = useRouter();

  const finish = (session: SessionResponse, isNewUser: boolean) => {
    login(session.token, session.user, { isNewUser });
    toast.success(isNewUser ? 'Registration successful! Welcome to SEL!' : 'Login successful!');
    lastOtpRequest = null;
    closeLoginModal();
    if (redirect) void router.navigate({ href: redirect, replace: true });
  };

  const back = step === 'otp' ? 'phone' : step === 'options' ? null : 'options';

  // Each step brings focus to its main field (the dialog itself only does this when it opens).
  const bodyRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const body = bodyRef.current;
    body?.querySelector<HTMLElement>('[data-autofocus]')?.focus() ?? body?.querySelector<HTMLElement>('input, button')?.focus();
  }, [step]);

  return (
    <Dialog
      title={TITLES[step]}
      onClose={closeLoginModal}
      variant="sheet"
      busy={busy}
      className="login-modal"
      leading={
        back ? (
          <button
            type="button"
            className="auth-icon-button auth-dialog__back"
            aria-label="Back"
            onClick={() => setStep(back)}
            disabled={busy}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2Z" />
            </svg>
          </button>
        ) : null
      }
    >
      {/* Re-keyed per step so each step's first field gets focus and its own fresh state. */}
      <div className="auth-dialog__body" key={step} ref={bodyRef}>
        {step === 'options' && <OptionsStep onChoose={setStep} redirect={redirect} />}
        {step === 'email-login' && (
          <EmailLoginStep
            email={email}
            onEmailChange={setEmail}
            onBusy={setBusy}
            onSuccess={(session) => finish(session, false)}
            onRegister={() => setStep('email-register')}
          />
        )}
        {step === 'email-register' && (
          <EmailRegisterStep
            email={email}
            onEmailChange={setEmail}
            onBusy={setBusy}
            onSuccess={(session) => finish(session, true)}
            onLogin={() => setStep('email-login')}
          />
        )}
        {step === 'phone' && (
          <PhoneStep
            phone={phone}
            onPhoneChange={setPhone}
            onBusy={setBusy}
            onSent={(request) => {
              lastOtpRequest = request;
              setOtpRequest(request);
              setStep('otp');
            }}
          />
        )}
        {step === 'otp' && otpRequest && (
          <OtpStep
            request={otpRequest}
            onResent={(request) => {
              lastOtpRequest = request;
              setOtpRequest(request);
            }}
            onBusy={setBusy}
            onChangePhone={() => setStep('phone')}
            onSuccess={finish}
          />
        )}
      </div>
    </Dialog>
  );
}

// ---------- shared bits ----------

function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="auth-form-error" role="alert">
      {message}
    </p>
  );
}

type FieldProps = {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

function Field({ label, error, hint, children }: FieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={inputId} className="auth-field__label">
        {label}
      </label>
      {children({ inputId, describedBy, invalid: !!error })}
      {hint && (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Server validation issues by field name (`issues[].path` is 'email', 'password', …). */
function issuesByField(issues: ApiIssue[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const key = issue.path.split('.')[0] ?? '';
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

function Spinner() {
  return <span className="auth-spinner auth-spinner--inline" aria-hidden="true" />;
}

// ---------- options ----------

function OptionsStep({ onChoose, redirect }: { onChoose: (step: Step) => void; redirect: string | null }) {
  const rememberRedirect = () => {
    try {
      if (redirect) sessionStorage.setItem(POST_LOGIN_REDIRECT_KEY, redirect);
      else sessionStorage.removeItem(POST_LOGIN_REDIRECT_KEY);
    } catch {
      // Without storage the callback simply goes home.
    }
  };

  return (
    <>
      <div className="login-options__intro">
        <span className="login-options__logo" aria-hidden="true">
          SEL
        </span>
        <p className="auth-muted">Buy and sell anything near you. Log in or create an account to post ads, chat and save favourites.</p>
      </div>
      <div className="login-options__list">
        <button type="button" className="auth-button auth-button--outline auth-button--block" onClick={() => onChoose('phone')} data-autofocus>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M17 1H7a2 2 0 0 0-2 2v18a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V3a2 2 0 0 0-2-2Zm0 18H7V5h10v14Z" />
          </svg>
          Continue with phone
        </button>
        <a href="/api/oauth/google" className="auth-button auth-button--outline auth-button--block" onClick={rememberRedirect}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z" />
            <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z" />
            <path fill="#FBBC05" d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.95l3.66-2.84Z" />
            <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.6 10.6 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z" />
          </svg>
          Continue with Google
        </a>
        <div className="login-options__or" aria-hidden="true">
          <span>OR</span>
        </div>
        <button type="button" className="auth-button auth-button--outline auth-button--block" onClick={() => onChoose('email-login')}>
          Login with Email
        </button>
        <button type="button" className="auth-button auth-button--text auth-button--block" onClick={() => onChoose('email-register')}>
          Register with Email
        </button>
      </div>
      <p className="login-options__legal">
        All your personal details are safe with us. If you continue, you are accepting SEL's{' '}
        <strong>Terms and Conditions</strong> and <strong>Privacy Policy</strong>.
      </p>
    </>
  );
}

// ---------- e-mail login ----------

type EmailStepProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBusy: (busy: boolean) => void;
  onSuccess: (session: SessionResponse) => void;
};

function PasswordInput(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="auth-input-group">
      <input
        id={props.id}
        className="auth-input"
        type={visible ? 'text' : 'password'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        maxLength={128}
      />
      <button
        type="button"
        className="auth-input-group__toggle"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

function EmailLoginStep({ email, onEmailChange, onBusy, onSuccess, onRegister }: EmailStepProps & { onRegister: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!email.trim() || !password) return setError(EMAIL_PASSWORD_REQUIRED_MESSAGE);
    if (!isPlausibleEmail(email)) return setError('Please enter a valid email address');
    setError(null);
    setPending(true);
    onBusy(true);
    try {
      onSuccess(await authApi.login(email.trim(), password));
    } catch (err) {
      setError(emailAuthErrorMessage(err, 'Login failed. Please try again.'));
      setPending(false);
    } finally {
      onBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby={error ? errorId : undefined}>
      <Field label="Email">
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
      <Field label="Password">
        {({ inputId, describedBy, invalid }) => (
          <PasswordInput
            id={inputId}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            describedBy={describedBy}
            invalid={invalid}
          />
        )}
      </Field>
      <FormError id={errorId} message={error} />
      <button type="submit" className="auth-button auth-button--primary auth-button--block" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> Logging in...
          </>
        ) : (
          'Login'
        )}
      </button>
      <p className="auth-switch">
        New to SEL?{' '}
        <button type="button" className="auth-link-button" onClick={onRegister}>
          Register with Email
        </button>
      </p>
    </form>
  );
}

// ---------- e-mail registration ----------

function EmailRegisterStep({ email, onEmailChange, onBusy, onSuccess, onLogin }: EmailStepProps & { onLogin: () => void }) {
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
    if (!isPlausibleEmail(email)) local.email = 'Please enter a valid email address';
    const passwordProblem = validatePassword(password);
    if (passwordProblem) local.password = passwordProblem;
    if (!effectiveFirst.trim()) local.firstName = 'First name is required';
    if (!effectiveLast.trim()) local.lastName = 'Last name is required';
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
      setError(Object.keys(byField).length > 0 ? null : emailAuthErrorMessage(err, 'Registration failed. Please try again.'));
      setPending(false);
    } finally {
      onBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Email" error={fieldErrors.email}>
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
      <Field label="Password" error={fieldErrors.password} hint="At least 8 characters, with a letter and a number.">
        {({ inputId, describedBy, invalid }) => (
          <PasswordInput
            id={inputId}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            describedBy={describedBy}
            invalid={invalid}
          />
        )}
      </Field>
      <div className="auth-form__row">
        <Field label="First name" error={fieldErrors.firstName}>
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
        <Field label="Last name" error={fieldErrors.lastName}>
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
          Login with Email instead
        </button>
      )}
      <button type="submit" className="auth-button auth-button--primary auth-button--block" disabled={pending}>
        {pending ? (
          <>
            <Spinner /> Creating account...
          </>
        ) : (
          'Create account'
        )}
      </button>
      <p className="auth-switch">
        Already have an account?{' '}
        <button type="button" className="auth-link-button" onClick={onLogin}>
          Login with Email
        </button>
      </p>
    </form>
  );
}

// ---------- phone ----------

function resendAtFrom(resendIn: number | undefined): number {
  const seconds = typeof resendIn === 'number' && resendIn > 0 ? resendIn : RESEND_COOLDOWN_SECONDS;
  return Date.now() + seconds * 1000;
}

function PhoneStep({
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
      toast.success('OTP sent to your phone number');
      onSent({ phone, type, resendAt: resendAtFrom(sent.resendIn), sentAt: Date.now() });
    } catch (err) {
      // A code for this number is still on its way: go and type it rather than fail.
      const previous = lastOtpRequest;
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
      <p className="auth-muted">We'll send a 6-digit code to this number to log you in, or to create your account.</p>
      <Field label="Phone number" error={error}>
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
            <Spinner /> Sending OTP...
          </>
        ) : (
          'Next'
        )}
      </button>
    </form>
  );
}

// ---------- OTP ----------

function useSecondsUntil(timestamp: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (timestamp <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [timestamp]);
  return Math.max(0, Math.ceil((timestamp - now) / 1000));
}

function OtpStep({
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
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  const otpRef = useRef<HTMLInputElement>(null);
  const secondsLeft = useSecondsUntil(request.resendAt);
  const devOutbox = useQuery(authQueries.devOutboxAvailable());
  const isRegister = request.type === 'REGISTER';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = validateOtp(otp);
    if (problem) return setError(problem);
    setError(null);
    setPending(true);
    onBusy(true);
    try {
      const result = await authApi.verifyOtp({
        phone: request.phone,
        otp,
        type: request.type,
        firstName: isRegister && firstName.trim() ? firstName.trim() : undefined,
        lastName: isRegister && lastName.trim() ? lastName.trim() : undefined,
      });
      onSuccess(result, result.isNewUser ?? isRegister);
    } catch (err) {
      setError(verifyOtpErrorMessage(err));
      setPending(false);
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
      toast.success('OTP resent successfully');
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
        We sent a {OTP_LENGTH}-digit code to <strong className="otp-phone">{formatIndianPhone(request.phone)}</strong>.{' '}
        <button type="button" className="auth-link-button" onClick={onChangePhone}>
          Change
        </button>
      </p>
      <Field label="Verification code" error={error}>
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
          <legend className="auth-fieldset__legend">New to SEL? Tell us your name (optional)</legend>
          <div className="auth-form__row">
            <Field label="First name">
              {({ inputId }) => (
                <input
                  id={inputId}
                  className="auth-input"
                  autoComplete="given-name"
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                  maxLength={50}
                />
              )}
            </Field>
            <Field label="Last name">
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
            <Spinner /> Verifying...
          </>
        ) : isRegister ? (
          'Verify and create account'
        ) : (
          'Verify and log in'
        )}
      </button>
      <div className="otp-resend">
        {secondsLeft > 0 ? (
          <span className="auth-muted">
            Resend OTP in 0:{String(secondsLeft).padStart(2, '0')}
          </span>
        ) : (
          <button type="button" className="auth-link-button" onClick={() => void resend()} disabled={resending}>
            {resending ? 'Sending...' : 'Resend OTP'}
          </button>
        )}
      </div>
      {devOutbox.data === true && (
        <p className="dev-outbox-hint">
          Dev mode: read your code in the{' '}
          <a href="/api/dev/outbox" target="_blank" rel="noopener noreferrer">
            dev outbox
          </a>
          .
        </p>
      )}
    </form>
  );
}
