import { Navigate, Outlet, createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { AuthLoading } from '../features/auth/AuthLoading';
import { useAuth } from '../features/auth/use-auth';
import { getStoredToken } from '../lib/auth-token';

/**
 * Pathless layout for login-only pages (spec part 1 §2, part 2 §4). Without a token the redirect
 * happens before anything loads; with one, the page waits (spinner) for the profile check, and a
 * rejected token sends the guest to the login modal too, remembering where they were going.
 * Cosmetic only: the API enforces access on every call.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ location }) => {
    if (!getStoredToken()) {
      throw redirect({ to: '/', search: { showLoginModal: true, redirect: location.href }, replace: true });
    }
  },
  component: AuthGuard,
});

function AuthGuard() {
  const { status } = useAuth();
  const href = useLocation({ select: (location) => location.href });

  if (status === 'loading') return <AuthLoading label="Checking your session..." />;
  if (status === 'guest') return <Navigate to="/" search={{ showLoginModal: true, redirect: href }} replace />;
  return <Outlet />;
}
