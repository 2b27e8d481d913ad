import type { Env } from '../../env';
import { chatEvent, type ChatMessage } from '../../schemas/chat';
import { render } from '../../schemas/notification-texts';
import { languageOf, notify, pushMessageFor, pushToInbox } from '../notifications/notifications';
import { sendPush } from '../notifications/push';

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
  const data = JSON.stringify({ chatId });
  const pending = await env.DB.prepare(`SELECT id FROM notifications WHERE user_id = ? AND type = 'MESSAGE' AND is_read = 0 AND data = ?`)
    .bind(recipientId, data)
    .first<{ id: string }>();
  const sender = await env.DB.prepare('SELECT first_name FROM users WHERE id = ?').bind(message.senderId).first<{ first_name: string }>();
  // in the recipient's language; the sender's name and words stay as written
  const language = await languageOf(env, recipientId);
  const title = render(language, 'chatTitle');
  const body = render(language, 'chatBody', { name: sender?.first_name ?? render(language, 'chatSomeone'), message: message.content.slice(0, 140) });
  if (pending) {
    await env.DB.prepare('UPDATE notifications SET title = ?, body = ?, created_at = ? WHERE id = ?').bind(title, body, Date.now(), pending.id).run();
    // the phone's notification for this chat is replaced (same tag) with the latest message
    await sendPush(env, recipientId, pushMessageFor('MESSAGE', title, body, { chatId }));
    return;
  }
  await notify(env, recipientId, { type: 'MESSAGE', title, body, data: { chatId } });
};
