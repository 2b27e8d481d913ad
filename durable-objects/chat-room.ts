import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import type { ChatRoomContract, ChatSendInput } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { AppError } from '../worker/lib/errors';
import { LIMITS, LeasedLimit } from '../worker/lib/rate-limit';
import { chatEvent, parseClientEvent, type ChatMessage } from '../worker/schemas/chat';
import { toMessage, type MessageRow } from '../worker/services/chat-messages';
import { notifyNewMessage } from '../worker/services/chat-notify';
import { pushToInbox } from '../worker/services/notifications';
import { MAX_GROUP, SessionEnded, commitGroup, otherMember, type ChatRow, type Committed, type GroupOutcome } from './chat-room-commit';

const memberTag = (userId: string) => `member:${userId}`;

interface Member {
  userId: string;
  /** token_version of the token the socket was opened with (absent on sockets from before it was recorded) */
  tokenVersion?: number;
}

interface WaitingSend {
  input: ChatSendInput;
  /** the socket it came from: acknowledged in message order, and not sent its own message again */
  origin?: Connection<Member>;
  resolve: (committed: Committed) => void;
  reject: (err: unknown) => void;
}

/**
 * One room per conversation (named by chat id). It is the only writer of the conversation: every
 * message gets the next sequence number, is stored in D1, and only then is acknowledged and
 * broadcast. Writes are serialised through a promise chain, because awaiting D1 lets other events
 * interleave inside a Durable Object; sends that arrive while a write is in flight are stored
 * together in the next one (group commit, decision 002).
 */
export class ChatRoom extends Server<Env> implements ChatRoomContract {
  static override options = { hibernate: true };

  #queue: Promise<unknown> = Promise.resolve();
  /** inbox pushes and offline notifications, in message order, off the send path */
  #notifications: Promise<unknown> = Promise.resolve();
  /** sends waiting for the next group commit, in arrival order */
  #waiting: WaitingSend[] = [];
  #commitScheduled = false;
  /** socket sends count against the sender's message limit, leased a few at a time (REST sends use enforce) */
  #sendLimit: LeasedLimit | undefined;

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

  /**
   * Each socket is tagged with its member at connect, so the hot paths ask workerd for sockets by
   * tag instead of deserialising every socket's attachment (partyserver's getConnections and
   * broadcast do, per call; it was a tenth of the room's time at 400 messages a second).
   */
  override getConnectionTags(_connection: Connection<Member>, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get('X-Sel-User');
    return userId ? [memberTag(userId)] : [];
  }

  #isInRoom(userId: string) {
    return this.ctx.getWebSockets(memberTag(userId)).length > 0;
  }

  /** A frame to every socket of the room but `except` (the room's sockets are all its members'). */
  #sendToRoom(text: string, except?: Connection<Member>) {
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      try {
        ws.send(text);
      } catch {
        // closing meanwhile: it resyncs with `after=` when it comes back
      }
    }
  }

  /**
   * Stores and delivers one message; resolves once it is durably written. Idempotent on
   * (sender, clientId): a retry, even one waiting in the same group, returns the stored message.
   */
  send(input: ChatSendInput): Promise<Committed> {
    return this.#enqueue(input);
  }

  #enqueue(input: ChatSendInput, origin?: Connection<Member>): Promise<Committed> {
    return new Promise<Committed>((resolve, reject) => {
      this.#waiting.push({ input, origin, resolve, reject });
      this.#scheduleCommit();
    });
  }

  #scheduleCommit() {
    if (this.#commitScheduled || !this.#waiting.length) return;
    this.#commitScheduled = true;
    void this.#serial(() => this.#commitWaiting());
  }

  /** One D1 batch for everything waiting (up to MAX_GROUP); each sender is answered after it. */
  async #commitWaiting() {
    this.#commitScheduled = false;
    const group = this.#waiting.splice(0, MAX_GROUP);
    this.#scheduleCommit();
    let chat: ChatRow;
    try {
      chat = await this.#chat();
    } catch (err) {
      for (const w of group) w.reject(err);
      return;
    }
    const members = group.filter((w) => {
      const member = w.input.senderId === chat.buyer_id || w.input.senderId === chat.seller_id;
      if (!member) w.reject(new Error('not a member'));
      return member;
    });
    if (!members.length) return;
    let result: GroupOutcome;
    try {
      result = await commitGroup(this.env, chat, members.map((w) => w.input));
    } catch (err) {
      // the batch is one transaction: none of these messages was stored, every sender hears so
      this.#chatRow = undefined;
      for (const w of members) w.reject(err);
      return;
    }
    chat.last_seq = result.lastSeq;
    for (const [i, outcome] of result.outcomes.entries()) {
      const waiting = members[i]!;
      if (outcome instanceof Error) {
        waiting.reject(outcome);
        continue;
      }
      if (!outcome.duplicate) this.#deliver(chat, outcome.message, result.withInbox, waiting.origin);
      // the ack carries the message, so the sending socket sees it in seq order without a second copy
      if (waiting.origin) this.#reply(waiting.origin, chatEvent('ack', { clientId: waiting.input.clientId, message: outcome.message }));
      waiting.resolve(outcome);
    }
  }

  /** Tells the room, then (in message order, off the send path) the recipient's inbox or notifications. */
  #deliver(chat: ChatRow, message: ChatMessage, withInbox: Set<string>, origin?: Connection<Member>) {
    this.#sendToRoom(JSON.stringify(chatEvent('new_message', { message })), origin);
    const recipientId = otherMember(chat, message.senderId);
    // someone with the conversation open has seen it; others get an inbox push or a notification
    const reach = { inRoom: this.#isInRoom(recipientId), inboxOpen: withInbox.has(recipientId) };
    // in the room and no inbox tab: nothing to push and nobody to notify (notifyNewMessage would say so)
    if (reach.inRoom && !reach.inboxOpen) return;
    this.#notifications = this.#notifications.then(() =>
      notifyNewMessage(this.env, chat.id, recipientId, message, reach).catch((e: unknown) => console.warn('inbox push failed', e)),
    );
    this.ctx.waitUntil(this.#notifications);
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
      this.#sendToRoom(JSON.stringify(chatEvent('read', { userId, chatId: chat.id, seq })));
      // the reader's other tabs and header badge get the new truth straight away
      this.ctx.waitUntil(pushToInbox(this.env, userId, chatEvent('chat_read', { chatId: chat.id, seq })));
      return { lastReadSeq: seq };
    });
  }

  /** Closes one member's sockets when their sessions end, so a revoked tab stops receiving the chat. */
  endSessionsOf(userId: string): number {
    let closed = 0;
    // every socket, not only tagged ones: a socket opened before tags were set must close too
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
        this.#sendToRoom(JSON.stringify(chatEvent('user_typing', { userId, chatId: this.name, isTyping: event.type === 'typing_start' })), connection);
        return;
      case 'read':
        await this.markRead(userId, event.seq);
        return;
      case 'sync':
        await this.#replay(connection, event.after);
        return;
      case 'send': {
        try {
          await (this.#sendLimit ??= new LeasedLimit(this.env, LIMITS.messagesPerUser)).take(userId);
          // a block between the members or an ended session is refused inside the write itself;
          // the commit acknowledges the send to this socket, in message order
          await this.#enqueue(
            { senderId: userId, content: event.content, messageType: 'TEXT', clientId: event.clientId, socketTokenVersion: connection.state?.tokenVersion },
            connection,
          );
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
