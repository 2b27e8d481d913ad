import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '../../../../features/business/BusinessAccountPage';

export const Route = createFileRoute('/_auth/en-in/myorders/orders')({
  component: MyOrdersPage,
});
