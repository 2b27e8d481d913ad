import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { setStoredToken } from '../../lib/auth-token';
import { authCallbackSearchSchema } from '../../lib/search-params';

export const Route = createFileRoute('/auth/callback')({
  validateSearch: authCallbackSearchSchema,
  component: AuthCallbackPage,
});

/** Return leg of Google sign-in (spec part 1 §2): keep the token, or send the error to the login modal. */
function AuthCallbackPage() {
  const { token, success, error } = Route.useSearch();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (success === true && token) {
      setStoredToken(token);
      // Replace, so the token never stays in the history stack.
      void navigate({ to: '/', replace: true });
      return;
    }
    const message =
      success === false
        ? (error ?? 'OAuth authentication failed')
        : token
          ? 'Authentication failed'
          : 'No authentication token received';
    void navigate({ to: '/', search: { showLoginModal: true, error: message }, replace: true });
  }, [token, success, error, navigate]);

  return <PagePlaceholder title="Authenticating" description="Completing your sign-in, one moment." />;
}
