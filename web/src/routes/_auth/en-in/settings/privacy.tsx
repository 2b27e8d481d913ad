import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/PagePlaceholder';
import { settingsSearchSchema } from '../../../../lib/search-params';

export const Route = createFileRoute('/_auth/en-in/settings/privacy')({
  validateSearch: settingsSearchSchema,
  component: PrivacySettingsPage,
});

function PrivacySettingsPage() {
  return (
    <PagePlaceholder
      title="Settings"
      description="Privacy and security: notifications, logging out from all devices, deleting your account and chat safety tips."
    />
  );
}
