import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../../../../../features/business/CartPage';

export const Route = createFileRoute('/_auth/en-in/payments/viewcart/ALL')({
  component: CartPage,
});
