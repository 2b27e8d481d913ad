import { Server, type Connection, type ConnectionContext } from 'partyserver';
import type { NotificationRow, StoreNotifications, UserInboxContract } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { chatEvent } from '../worker/schemas/chat';
import type { PushMessage } from '../worker/schemas/push';
import { MAX_INBOX_SOCKETS_PER_USER, TOO_MANY_SOCKETS_CLOSE_CODE } from '../worker/schemas/realtime-limits';
import { pushMessageFor, toNotification, unreadMessages } from '../worker/services/notifications/notifications';
import { sendPush } from '../worker/services/notifications/push';
import { accountsDbForUser } from '../worker/db/accounts';
import {
  allRows,
  createNotificationTables,
  deleteAll,
  importFromD1,
  insertRows,
  isImported,
  markAllRead,
  markOneRead,
  pageOf,
  replaceUnread,
  settleChat,
  unreadCount,
} from './inbox-notifications';

/**
 * One inbox per user (named by user id): every open tab of that user holds a socket here. Other
 * parts of the worker push events to it (new message summaries, notifications); each push is
 * followed by fresh unread counts, counted from the chats' rows in D1 and the notifications this
 * object keeps (decision 032), so they always equal the truth.
 */
export class UserInbox extends Server<Env> implements UserInboxContract {
  static override options = { hibernate: true };

  #tablesReady = false;
  #importing: Promise<void> | undefined;

  get #sql(): SqlStorage {
    if (!this.#tablesReady) {
      createNotificationTables(this.ctx.storage.sql);
      this.#tablesReady = true;
    }
    return this.ctx.storage.sql;
  }

  /**
   * Before the user's notifications are first read or written here, the ones D1 held from before
   * decision 032 are copied in (once; a new user's D1 holds none: one empty read).
   */
  #ensureImported(): Promise<void> {
    if (isImported(this.#sql)) return Promise.resolve();
    this.#importing ??= importFromD1(this.env, this.#sql, this.ctx.storage, this.name)
      .then(() => undefined)
      .finally(() => {
        this.#importing = undefined;
      });
    return this.#importing;
  }

  async storeNotifications(input: StoreNotifications): Promise<{ created: string[]; replaced: string[] }> {
    await this.#ensureImported();
    const replaced: NotificationRow[] = [];
    let fresh = input.rows;
    if (input.replaceUnread) {
      fresh = [];
      for (const row of input.rows) {
        const r = replaceUnread(this.#sql, row);
        if (r) replaced.push(r);
        else fresh.push(row);
      }
    }
    const created = fresh.length ? insertRows(this.#sql, this.ctx.storage, fresh) : [];
    if (input.tell) {
      for (const row of created) {
        const n = toNotification(row);
        await this.push(chatEvent('notification', { notification: n }), false, pushMessageFor(row.type, row.title, row.body, n.data));
      }
      // the phone's notification for this chat is replaced (same tag) with the latest message
      for (const row of replaced) this.ctx.waitUntil(sendPush(this.env, this.name, pushMessageFor(row.type, row.title, row.body, toNotification(row).data)));
      if ((created.length || replaced.length) && this.connectedCount()) await this.#sendCounts();
    }
    return { created: created.map((r) => r.id), replaced: replaced.map((r) => r.id) };
  }

  /** Reading a whole chat settles its "new message" notification; how many were marked. */
  async settleChatNotification(chatId: string) {
    await this.#ensureImported();
    return settleChat(this.#sql, chatId, Date.now());
  }

  async listNotifications(q: { page: number; limit: number; type?: string }) {
    await this.#ensureImported();
    return pageOf(this.#sql, q);
  }

  async unreadNotifications() {
    await this.#ensureImported();
    return unreadCount(this.#sql);
  }

  async markNotificationRead(id: string) {
    await this.#ensureImported();
    const row = markOneRead(this.#sql, id, Date.now());
    if (row) await this.push(chatEvent('notification_read', { id }));
    return row;
  }

  async markAllNotificationsRead() {
    await this.#ensureImported();
    const updated = markAllRead(this.#sql, Date.now());
    await this.push(chatEvent('notification_read', { all: true }));
    return updated;
  }

  /** Always reads D1 (not only the first time): rows written there while this object could not be reached come in too. */
  async importNotifications() {
    return importFromD1(this.env, this.#sql, this.ctx.storage, this.name);
  }

  async deleteNotifications() {
    return deleteAll(this.#sql);
  }

  async notificationRows() {
    await this.#ensureImported();
    return allRows(this.#sql);
  }

  /**
   * Sends an event to all of this user's tabs; returns how many were connected. With no tab open,
   * `offline` goes to the user's subscribed browsers (Web Push) in the background, so the caller
   * never waits on a push service.
   */
  async push(event: Record<string, unknown>, withCounts = true, offline?: PushMessage): Promise<number> {
    const connections = [...this.getConnections()];
    if (!connections.length) {
      if (offline) this.ctx.waitUntil(sendPush(this.env, this.name, offline));
      return 0;
    }
    const payload = JSON.stringify(event);
    for (const c of connections) c.send(payload);
    if (withCounts) await this.#sendCounts();
    return connections.length;
  }

  /** the unread-count query running now, and the one queued behind it */
  #countsRunning: Promise<void> | undefined;
  #countsQueued: Promise<void> | undefined;

  /**
   * Sends fresh unread counts to every tab, read after the caller's change. One query at a time:
   * pushes that arrive while one runs (it may have read before their change) share the next one,
   * so a burst of messages to one user costs two count queries, not one per message.
   */
  #sendCounts(): Promise<void> {
    if (this.#countsQueued) return this.#countsQueued;
    const run = () => {
      const running = this.#countAndSend().finally(() => {
        if (this.#countsRunning === running) this.#countsRunning = undefined;
      });
      this.#countsRunning = running;
      return running;
    };
    if (!this.#countsRunning) return run();
    const queued = this.#countsRunning
      .catch(() => undefined)
      .then(() => {
        this.#countsQueued = undefined;
        return run();
      });
    this.#countsQueued = queued;
    return queued;
  }

  async #counts() {
    const [messages, notifications] = await Promise.all([unreadMessages(this.env, this.name), this.unreadNotifications()]);
    return { unreadMessages: messages, unreadNotifications: notifications, total: messages + notifications };
  }

  async #countAndSend() {
    const payload = JSON.stringify(chatEvent('unread_count', await this.#counts()));
    for (const c of this.getConnections()) c.send(payload);
  }

  /** Closes every tab's socket (logout-all, account deletion): reconnecting with the old token is refused. */
  endSessions(): number {
    const connections = [...this.getConnections()];
    for (const c of connections) c.close(4001, 'Session ended');
    return connections.length;
  }

  connectedCount(): number {
    return [...this.getConnections()].length;
  }

  override async onConnect(connection: Connection, ctx: ConnectionContext) {
    if (ctx.request.headers.get('X-Sel-User') !== this.name) {
      connection.close(4001, 'Authentication error');
      return;
    }
    // refuse the newest rather than close the oldest: a closed tab reconnects and would close the
    // next oldest, and so on round all of them
    if ([...this.getConnections()].length > MAX_INBOX_SOCKETS_PER_USER) {
      connection.close(TOO_MANY_SOCKETS_CLOSE_CODE, 'Too many open tabs');
      return;
    }
    // present before the first frame: whoever saw that frame is reachable by a fan-out (decision 009)
    await this.markPresent();
    connection.send(JSON.stringify(chatEvent('unread_count', await this.#counts())));
  }

  override async onClose(connection: Connection) {
    await this.clearPresenceUnlessOthers(connection.id);
  }

  override async onError(connection: Connection) {
    await this.clearPresenceUnlessOthers(connection.id);
  }

  /** Best effort: a missing row only means a fan-out skips this inbox until the next connect. In the user's own accounts database (decision 034). */
  private async markPresent() {
    try {
      await accountsDbForUser(this.env, this.name).prepare('INSERT INTO inbox_presence (user_id, since) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING').bind(this.name, Date.now()).run();
    } catch (err) {
      console.warn('inbox presence not recorded', err);
    }
  }

  private openOthers(closingId: string) {
    return [...this.getConnections()].filter((c) => c.id !== closingId).length;
  }

  private async clearPresenceUnlessOthers(closingId: string) {
    if (this.openOthers(closingId)) return;
    try {
      await accountsDbForUser(this.env, this.name).prepare('DELETE FROM inbox_presence WHERE user_id = ?').bind(this.name).run();
      // a tab that connected while the row was being removed must stay reachable
      if (this.openOthers(closingId)) await this.markPresent();
    } catch (err) {
      console.warn('inbox presence not cleared', err);
    }
  }

  override onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    // the inbox only talks; a ping gets a pong so clients can detect dead sockets
    if (message === 'ping') connection.send('pong');
  }
}
