import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { msg, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { Dialog } from '../../../components/Dialog';
import { takeAccountRefusal } from '../../../lib/api';
import type { SessionResponse } from '../auth-api';
import { closeLoginModal } from '../auth-store';
import { useAuth } from '../use-auth';
import { EmailLoginStep } from './EmailLoginStep';
import { EmailRegisterStep } from './EmailRegisterStep';
import { OptionsStep } from './OptionsStep';
import { OtpStep } from './OtpStep';
import { PhoneStep } from './PhoneStep';
import { rememberOtpRequest, type OtpRequest } from './otp-request';
import { TITLES, type Step } from './steps';

/**
 * The sign-in dialog: it holds which step is shown and what the steps share (phone, e-mail, the
 * code sent); each step is its own file beside this one.
 */
export default function LoginModal({ redirect }: { redirect: string | null }) {
  const [step, setStep] = useState<Step>('options');
  const [otpRequest, setOtpRequest] = useState<OtpRequest | null>(null);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  // why the last session ended, when the account itself was refused (a ban with its reason); kept
  // until the dialog is closed or someone signs in, so a remount of the dialog still shows it
  const [refusal] = useState(() => takeAccountRefusal(true));
  const close = () => {
    takeAccountRefusal();
    closeLoginModal();
  };
  const { login } = useAuth();
  const router = useRouter();
  const t = useT();

  const finish = (session: SessionResponse, isNewUser: boolean) => {
    login(session.token, session.user, { isNewUser });
    toast.success(isNewUser ? msg('Registration successful! Welcome to SEL!') : msg('Login successful!'));
    rememberOtpRequest(null);
    close();
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
      title={t(TITLES[step])}
      onClose={close}
      variant="sheet"
      busy={busy}
      className="login-modal"
      leading={
        back ? (
          <button
            type="button"
            className="auth-icon-button auth-dialog__back"
            aria-label={t('Back')}
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
        {refusal && step === 'options' && (
          <p className="auth-form-error" role="alert" data-testid="account-refusal">
            {refusal}
          </p>
        )}
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
              rememberOtpRequest(request);
              setOtpRequest(request);
              setStep('otp');
            }}
          />
        )}
        {step === 'otp' && otpRequest && (
          <OtpStep
            request={otpRequest}
            onResent={(request) => {
              rememberOtpRequest(request);
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
