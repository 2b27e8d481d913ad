import { createFileRoute, redirect } from '@tanstack/react-router';
import { getStoredToken } from '../lib/auth-token';

/**
 * Pathless layout for login-only pages. Guests are sent (replacing history) to the login modal on
 * the home page, remembering where they were going (spec part 1 §2). Cosmetic only: the API
 * enforces access on every call.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ location }) => {
    if (!getStoredToken()) {
      throw redirect({ to: '/', search: { showLoginModal: true, redirect: location.href }, replace: true });
    }
  },
});
