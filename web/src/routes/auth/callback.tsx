import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../../features/auth/AuthCallbackPage';
import { authCallbackSearchSchema } from '../../lib/search-params';

export const Route = createFileRoute('/auth/callback')({
  validateSearch: authCallbackSearchSchema,
  component: CallbackRoute,
});

function CallbackRoute() {
  const { token, success, error } = Route.useSearch();
  return <AuthCallbackPage token={token} success={success} error={error} />;
}
