import { useT, withNodes } from '../../../lib/i18n';
import { POST_LOGIN_REDIRECT_KEY } from '../post-login-redirect';
import type { Step } from './steps';

/** The first screen: phone, Google, or e-mail. */
export function OptionsStep({ onChoose, redirect }: { onChoose: (step: Step) => void; redirect: string | null }) {
  const t = useT();
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
        <p className="auth-muted">{t('Buy and sell anything near you. Log in or create an account to post ads, chat and save favourites.')}</p>
      </div>
      <div className="login-options__list">
        <button type="button" className="auth-button auth-button--outline auth-button--block" onClick={() => onChoose('phone')} data-autofocus>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="M17 1H7a2 2 0 0 0-2 2v18a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V3a2 2 0 0 0-2-2Zm0 18H7V5h10v14Z" />
          </svg>
          {t('Continue with phone')}
        </button>
        <a href="/api/oauth/google" className="auth-button auth-button--outline auth-button--block" onClick={rememberRedirect}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z" />
            <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z" />
            <path fill="#FBBC05" d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.95l3.66-2.84Z" />
            <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.6 10.6 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z" />
          </svg>
          {t('Continue with Google')}
        </a>
        <div className="login-options__or" aria-hidden="true">
          <span>{t('OR')}</span>
        </div>
        <button type="button" className="auth-button auth-button--outline auth-button--block" onClick={() => onChoose('email-login')}>
          {t('Login with Email')}
        </button>
        <button type="button" className="auth-button auth-button--text auth-button--block" onClick={() => onChoose('email-register')}>
          {t('Register with Email')}
        </button>
      </div>
      <p className="login-options__legal">
        {withNodes(t("All your personal details are safe with us. If you continue, you are accepting SEL's {terms} and {privacy}."), {
          terms: <strong>{t('Terms and Conditions')}</strong>,
          privacy: <strong>{t('Privacy Policy')}</strong>,
        })}
      </p>
    </>
  );
}
