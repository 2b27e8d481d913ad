import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { settingsSearchSchema } from '../../lib/search-params';

export const Route = createFileRoute('/_auth/settings')({
  validateSearch: settingsSearchSchema,
  component: SettingsPage,
});

function SettingsPage() {
  return (
    <PagePlaceholder
      title="Settings"
      description="Privacy and security: notifications, logging out from all devices, deleting your account and chat safety tips."
    />
  );
}
