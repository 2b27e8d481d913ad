import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { msg, useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { authQueries } from './auth-queries';
import { safeRedirectPath } from './auth-rules';
import { expectUnauthorized, forgetToken, saveToken } from './auth-store';
import { POST_LOGIN_REDIRECT_KEY } from './post-login-redirect';
import { useAuth } from './use-auth';
import './auth.css';

const COMPLETE_PAUSE_MS = 600;

function takePostLoginRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY);
    sessionStorage.removeItem(POST_LOGIN_REDIRECT_KEY);
    return safeRedirectPath(value);
  } catch {
    return null;
  }
}

/**
 * Return leg of Google sign-in (spec part 1 §2): the token is checked against GET /auth/profile
 * before it counts, then the user lands on / (or the login-only page that sent them to sign in).
 * Failures go back to the login modal with the reason.
 */
export function AuthCallbackPage({ token, success, error }: { token?: string; success?: boolean; error?: string }) {
  const t = useT();
  usePageTitle(t('Authenticating'));
  const router = useRouter();
  const queryClient = useQueryClient();
  const { login } = useAuth();
  const [phase, setPhase] = useState<'authenticating' | 'complete'>('authenticating');
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;

    const fail = (message: string) => {
      takePostLoginRedirect();
      void router.navigate({ to: '/', search: { showLoginModal: true, error: message }, replace: true });
    };

    if (success === false) return fail(error || msg('OAuth authentication failed'));
    if (!token) return fail(msg('No authentication token received'));
    if (success !== true) return fail(msg('Authentication failed'));

    // The token leaves the address bar (and history) at once.
    router.history.replace('/auth/callback');
    void (async () => {
      try {
        expectUnauthorized(5_000);
        saveToken(token);
        const user = await queryClient.fetchQuery(authQueries.profile(token));
        login(token, user);
        setPhase('complete');
        toast.success(msg('Login successful!'));
        const target = takePostLoginRedirect() ?? '/';
        setTimeout(() => void router.navigate({ href: target, replace: true }), COMPLETE_PAUSE_MS);
      } catch {
        forgetToken();
        fail(msg('Authentication failed'));
      }
    })();
  }, [token, success, error, router, login, queryClient]);

  return (
    <section className="auth-callback" aria-live="polite">
      {phase === 'authenticating' ? (
        <>
          <span className="auth-spinner" aria-hidden="true" />
          <h1 className="auth-callback__title">{t('Authenticating')}</h1>
          <p className="auth-muted">{t('Completing your sign-in, one moment.')}</p>
        </>
      ) : (
        <>
          <span className="auth-callback__check" aria-hidden="true">
            ✓
          </span>
          <h1 className="auth-callback__title">{t('Authentication Complete')}</h1>
          <p className="auth-muted">{t('Taking you back to SEL…')}</p>
        </>
      )}
    </section>
  );
}
