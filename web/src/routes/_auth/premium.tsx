import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/premium')({
  component: PremiumPage,
});

function PremiumPage() {
  return (
    <PagePlaceholder
      title="Premium Buyer Program"
      description="Basic and Pro plans for buyers: a premium badge, priority in chats and direct access to sellers' phone numbers."
    />
  );
}
