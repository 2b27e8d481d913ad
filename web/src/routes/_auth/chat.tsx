import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/chat')({
  component: ChatPage,
});

function ChatPage() {
  return (
    <PagePlaceholder
      title="INBOX"
      description="Your conversations with buyers and sellers, updated as messages arrive."
    />
  );
}
