import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SettingsPage } from '../../../../features/auth/SettingsPage';
import { settingsSearchSchema } from '../../../../lib/search-params';

export const Route = createFileRoute('/_auth/en-in/settings/privacy')({
  validateSearch: settingsSearchSchema,
  component: PrivacySettingsRoute,
});

function PrivacySettingsRoute() {
  const { action } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <SettingsPage action={action} onActionHandled={() => void navigate({ search: {}, replace: true })} />;
}
