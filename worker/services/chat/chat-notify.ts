import type { Env } from '../../env';
import { usersDbFor } from '../../db/users';
import { chatEvent, type ChatMessage } from '../../schemas/chat';
import { render } from '../../schemas/notification-texts';
import { languageOf, notifyChatMessage, pushToInbox } from '../notifications/notifications';

/** Where the recipient was when the message was stored. */
export interface Reach {
  /** has the conversation open (a socket in the room) */
  inRoom: boolean;
  /**
   * had an inbox tab open (a presence row, read in the message's own batch). Without one there is
   * nobody to push a summary to: a tab opening later reads its counts after the message was stored.
   */
  inboxOpen: boolean;
}

/**
 * After a message is stored: the recipient's tabs get a summary (for the chat list and the badge);
 * a recipient with no tab open gets a notification instead, one per chat until it is read.
 */
export const notifyNewMessage = async (env: Env, chatId: string, recipientId: string, message: ChatMessage, reach: Reach) => {
  const summary = chatEvent('chat_updated', { chatId, lastMessage: message.content.slice(0, 200), lastMessageAt: message.createdAt, lastSeq: message.seq, senderId: message.senderId });
  const delivered = reach.inboxOpen ? await pushToInbox(env, recipientId, summary) : 0;
  if (delivered > 0 || reach.inRoom) return;
  const sender = await usersDbFor(env, message.senderId).prepare('SELECT first_name FROM users WHERE id = ?').bind(message.senderId).first<{ first_name: string }>();
  // in the recipient's language; the sender's name and words stay as written
  const language = await languageOf(env, recipientId);
  const title = render(language, 'chatTitle');
  const body = render(language, 'chatBody', { name: sender?.first_name ?? render(language, 'chatSomeone'), message: message.content.slice(0, 140) });
  // one per chat until read: the inbox replaces an unread one with this message's words
  await notifyChatMessage(env, recipientId, { type: 'MESSAGE', title, body, data: { chatId } });
};
