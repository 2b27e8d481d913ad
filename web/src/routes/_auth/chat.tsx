import { createFileRoute } from '@tanstack/react-router';
import { ChatRoot } from '../../features/chat/ChatPage';
import { chatSearchSchema } from '../../features/chat/search-schema';

export const Route = createFileRoute('/_auth/chat')({
  validateSearch: chatSearchSchema,
  component: ChatRoute,
});

function ChatRoute() {
  const { chatId, listingId } = Route.useSearch();
  return <ChatRoot chatId={chatId} listingId={listingId} />;
}
