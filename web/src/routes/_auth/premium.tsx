import { createFileRoute } from '@tanstack/react-router';
import { PremiumPage } from '../../features/premium/PremiumPage';

export const Route = createFileRoute('/_auth/premium')({
  component: PremiumPage,
});
