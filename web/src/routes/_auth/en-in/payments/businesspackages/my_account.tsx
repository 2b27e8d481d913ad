import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/en-in/payments/businesspackages/my_account')({
  component: MyAccountPage,
});

function MyAccountPage() {
  return (
    <PagePlaceholder title="My Account" description="Business packages you have bought, with their billing details." />
  );
}
