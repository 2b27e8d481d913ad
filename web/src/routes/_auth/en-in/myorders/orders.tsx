import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/en-in/myorders/orders')({
  component: MyOrdersPage,
});

function MyOrdersPage() {
  return (
    <PagePlaceholder title="My Orders" description="Your orders for business packages and their payment status." />
  );
}
