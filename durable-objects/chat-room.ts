import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import { ulid } from 'ulid';
import type { ChatRoomContract, ChatSendInput } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { toMessage, type MessageRow } from '../worker/services/chat-messages';
import { scamWarning } from '../worker/services/chat-safety';
import { chatEvent, parseClientEvent, type ChatMessage } from '../worker/schemas/chat';
import { notifyNewMessage } from '../worker/services/chat-notify';
import { pushToInbox } from '../worker/services/notifications';
import { AppError } from '../worker/lib/errors';
import { LIMITS, enforce } from '../worker/lib/rate-limit';
import { assertNotBlocked } from '../worker/services/trust';

interface Member {
  userId: string;
  /** token_version of the token the socket was opened with (absent on sockets from before it was recorded) */
  tokenVersion?: number;
}

interface ChatRow {
  id: string;
  buyer_id: string;
  seller_id: string;
  last_seq: number;
}

/**
 * One room per conversation (named by chat id). It is the only writer of the conversation: every
 * message gets the next sequence number, is stored in D1, and only then is acknowledged and
 * broadcast. Sends are serialised through a promise chain, because awaiting D1 lets other events
 * interleave inside a Durable Object.
 */
export class ChatRoom extends Server<Env> implements ChatRoomContract {
  static override options = { hibernate: true };

  #queue: Promise<unknown> = Promise.resolve();
  /** inbox pushes and offline notifications, in message order, off the send path */
  #notifications: Promise<unknown> = Promise.resolve();

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /**
   * The conversation's members and last sequence number. The room is the only writer of
   * `last_seq`, so after the first read its own copy is the truth (dropped if a write fails).
   */
  #chatRow: ChatRow | undefined;

  async #chat(): Promise<ChatRow> {
    if (this.#chatRow) return this.#chatRow;
    const chat = await this.env.DB.prepare('SELECT id, buyer_id, seller_id, last_seq FROM chats WHERE id = ?').bind(this.name).first<ChatRow>();
    if (!chat) throw new Error(`chat ${this.name} does not exist`);
    this.#chatRow = chat;
    return chat;
  }

  #isInRoom(userId: string) {
    for (const c of this.getConnections<Member>()) if (c.state?.userId === userId) return true;
    return false;
  }

  /** Stores and delivers one message. Idempotent on (sender, clientId): a retry returns the stored one. */
  async send(input: ChatSendInput): Promise<{ message: ChatMessage; duplicate: boolean }> {
    return this.#serial(async () => {
      const chat = await this.#chat();
      if (input.senderId !== chat.buyer_id && input.senderId !== chat.seller_id) throw new Error('not a member');
      const now = Date.now();
      const seq = chat.last_seq + 1;
      const warning = scamWarning(input.content);
      const row: MessageRow = {
        id: `msg_${ulid().toLowerCase()}`,
        chat_id: chat.id,
        seq,
        sender_id: input.senderId,
        content: input.content,
        message_type: input.messageType,
        client_id: input.clientId,
        warning,
        created_at: now,
      };
      const senderIsBuyer = input.senderId === chat.buyer_id;
      let written: D1Result[];
      try {
        written = await this.env.DB.batch([
          // written only while the sender's account is active (and, from a socket, its token still current)
          this.env.DB.prepare(
            `INSERT INTO messages (id, chat_id, seq, sender_id, content, message_type, client_id, warning, created_at)
             SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ? AND status = 'ACTIVE' AND (?11 IS NULL OR token_version = ?11))`,
          ).bind(
            row.id,
            row.chat_id,
            row.seq,
            row.sender_id,
            row.content,
            row.message_type,
            row.client_id,
            row.warning,
            row.created_at,
            row.sender_id,
            input.socketTokenVersion ?? null,
          ),
          // the sender has read everything up to their own message; only if the message went in
          this.env.DB.prepare(
            `UPDATE chats SET last_seq = ?, last_message = ?, last_message_at = ?, updated_at = ?, ${senderIsBuyer ? 'buyer_last_read_seq' : 'seller_last_read_seq'} = ? WHERE id = ? AND changes() > 0`,
          ).bind(seq, row.content.slice(0, 200), now, now, seq, chat.id),
        ]);
      } catch (err) {
        this.#chatRow = undefined;
        // a retry of a stored message: the unique (chat, sender, clientId) index refused it, nothing was written
        if (input.clientId && String(err).includes('UNIQUE')) {
          const existing = await this.env.DB.prepare('SELECT * FROM messages WHERE chat_id = ? AND sender_id = ? AND client_id = ?')
            .bind(chat.id, input.senderId, input.clientId)
            .first<MessageRow>();
          if (existing) return { message: toMessage(existing), duplicate: true };
        }
        throw err;
      }
      if ((written[0]?.meta.changes ?? 0) === 0) throw new SessionEnded();
      chat.last_seq = seq;
      const message = toMessage(row);
      this.broadcast(JSON.stringify(chatEvent('new_message', { message })));
      const recipientId = senderIsBuyer ? chat.seller_id : chat.buyer_id;
      // someone with the conversation open has seen it; others get an inbox push or a notification
      const recipientInRoom = this.#isInRoom(recipientId);
      this.#notifications = this.#notifications.then(() =>
        notifyNewMessage(this.env, chat.id, recipientId, message, recipientInRoom).catch((e: unknown) => console.warn('inbox push failed', e)),
      );
      this.ctx.waitUntil(this.#notifications);
      return { message, duplicate: false };
    });
  }

  /** Marks everything up to `seq` read for a member and tells the room (read ticks). */
  async markRead(userId: string, upToSeq?: number): Promise<{ lastReadSeq: number }> {
    return this.#serial(async () => {
      const chat = await this.#chat();
      const column = userId === chat.buyer_id ? 'buyer_last_read_seq' : userId === chat.seller_id ? 'seller_last_read_seq' : null;
      if (!column) throw new Error('not a member');
      const seq = Math.min(upToSeq ?? chat.last_seq, chat.last_seq);
      const now = Date.now();
      await this.env.DB.batch([
        this.env.DB.prepare(`UPDATE chats SET ${column} = max(${column}, ?) WHERE id = ?`).bind(seq, chat.id),
        // reading the chat also settles its "new message" notification, when all of it is read
        this.env.DB.prepare(`UPDATE notifications SET is_read = 1, read_at = ? WHERE user_id = ? AND type = 'MESSAGE' AND is_read = 0 AND data = ? AND ? >= ?`).bind(
          now,
          userId,
          JSON.stringify({ chatId: chat.id }),
          seq,
          chat.last_seq,
        ),
      ]);
      this.broadcast(JSON.stringify(chatEvent('read', { userId, chatId: chat.id, seq })));
      // the reader's other tabs and header badge get the new truth straight away
      this.ctx.waitUntil(pushToInbox(this.env, userId, chatEvent('chat_read', { chatId: chat.id, seq })));
      return { lastReadSeq: seq };
    });
  }

  /** Closes one member's sockets when their sessions end, so a revoked tab stops receiving the chat. */
  endSessionsOf(userId: string): number {
    let closed = 0;
    for (const c of this.getConnections<Member>()) {
      if (c.state?.userId !== userId) continue;
      c.close(4001, 'Session ended');
      closed++;
    }
    return closed;
  }

  override async onConnect(connection: Connection<Member>, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get('X-Sel-User');
    if (!userId) {
      connection.close(4001, 'Authentication error');
      return;
    }
    const tokenVersion = Number(ctx.request.headers.get('X-Sel-Token-Version') ?? 'NaN');
    connection.setState({ userId, ...(Number.isInteger(tokenVersion) ? { tokenVersion } : {}) });
    // resync: everything after the last sequence this client saw, in order
    const after = Number(new URL(ctx.request.url).searchParams.get('after') ?? 'NaN');
    if (Number.isInteger(after) && after >= 0) await this.#replay(connection, after);
  }

  /**
   * A reply to one client. It may have closed while we awaited D1: then there is nobody to tell
   * (it resyncs with `after=` and re-sends by clientId), and a throw here would only be an
   * unhandled rejection. Returns whether it was sent.
   */
  #reply(connection: Connection<Member>, event: Record<string, unknown>): boolean {
    try {
      connection.send(JSON.stringify(event));
      return true;
    } catch {
      return false;
    }
  }

  /** Checked before every write, so a socket never outlives a block, a deletion or logout-all. */
  async #sessionValid(member: Member): Promise<boolean> {
    const user = await this.env.DB.prepare('SELECT status, token_version FROM users WHERE id = ?').bind(member.userId).first<{ status: string; token_version: number }>();
    return user?.status === 'ACTIVE' && (member.tokenVersion === undefined || user.token_version === member.tokenVersion);
  }

  async #replay(connection: Connection<Member>, after: number) {
    let cursor = after;
    for (;;) {
      const { results } = await this.env.DB.prepare('SELECT * FROM messages WHERE chat_id = ? AND seq > ? ORDER BY seq LIMIT 200')
        .bind(this.name, cursor)
        .all<MessageRow>();
      if (!results.length) break;
      if (!this.#reply(connection, chatEvent('sync', { messages: results.map(toMessage) }))) return;
      cursor = results[results.length - 1]!.seq;
      if (results.length < 200) break;
    }
    this.#reply(connection, chatEvent('synced', { chatId: this.name, seq: cursor }));
  }

  override async onMessage(connection: Connection<Member>, raw: WSMessage) {
    const userId = connection.state?.userId;
    if (!userId || typeof raw !== 'string') return;
    const event = parseClientEvent(raw);
    if (!event) {
      this.#reply(connection, chatEvent('error', { message: 'Unknown event' }));
      return;
    }
    // the token was checked at upgrade; a socket must not outlive a block, a deletion or logout-all
    // sends carry the check inside their write; reads and resyncs check first
    if ((event.type === 'read' || event.type === 'sync') && !(await this.#sessionValid(connection.state!))) {
      connection.close(4001, 'Session ended');
      return;
    }
    switch (event.type) {
      case 'typing_start':
      case 'typing_stop':
        this.broadcast(JSON.stringify(chatEvent('user_typing', { userId, chatId: this.name, isTyping: event.type === 'typing_start' })), [connection.id]);
        return;
      case 'read':
        await this.markRead(userId, event.seq);
        return;
      case 'sync':
        await this.#replay(connection, event.after);
        return;
      case 'send': {
        try {
          await enforce(this.env, LIMITS.messagesPerUser, userId);
          // either member blocked the other: nothing is written, nobody is notified (REST checks the same in services/chat.ts)
          const chat = await this.#chat();
          await assertNotBlocked(this.env, userId, userId === chat.buyer_id ? chat.seller_id : chat.buyer_id);
          const { message } = await this.send({
            senderId: userId,
            content: event.content,
            messageType: 'TEXT',
            clientId: event.clientId,
            socketTokenVersion: connection.state?.tokenVersion,
          });
          this.#reply(connection, chatEvent('ack', { clientId: event.clientId, message }));
        } catch (err) {
          if (err instanceof SessionEnded) {
            this.#reply(connection, chatEvent('nack', { clientId: event.clientId, error: 'You were logged out. Please log in again.' }));
            connection.close(4001, 'Session ended');
            return;
          }
          const text = err instanceof AppError ? err.message : 'Failed to send message';
          this.#reply(connection, chatEvent('nack', { clientId: event.clientId, error: text, ...(err instanceof AppError ? { code: err.code } : {}) }));
        }
        return;
      }
    }
  }
}

/** The sender's account was blocked, deleted or logged out everywhere since the socket opened. */
class SessionEnded extends Error {}
