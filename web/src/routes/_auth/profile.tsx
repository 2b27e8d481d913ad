import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  return (
    <PagePlaceholder
      title="Profile"
      description="Your public profile: member details, verification and the ads you have listed."
    />
  );
}
