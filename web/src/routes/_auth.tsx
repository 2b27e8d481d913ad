import { Outlet, createFileRoute, redirect, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
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
  const navigate = useNavigate();
  // One redirect per session loss. (<Navigate> re-navigates on every render with fresh props, and
  // this component re-renders while that very navigation changes the location: a loop.)
  const redirected = useRef(false);
  const origin = useRef(href);
  if (status !== 'guest') origin.current = href;

  useEffect(() => {
    if (status !== 'guest') {
      redirected.current = false;
      return;
    }
    if (redirected.current) return;
    redirected.current = true;
    void navigate({ to: '/', search: { showLoginModal: true, redirect: origin.current }, replace: true });
  }, [status, navigate]);

  if (status === 'authenticated') return <Outlet />;
  return <AuthLoading label={status === 'loading' ? 'Checking your session...' : 'Redirecting to login...'} />;
}
