import { createFileRoute } from '@tanstack/react-router';
import { BusinessAccountPage } from '../../../../../features/business/BusinessAccountPage';

export const Route = createFileRoute('/_auth/en-in/payments/businesspackages/my_account')({
  component: BusinessAccountPage,
});
