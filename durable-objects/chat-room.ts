import { Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';
import type { ChatHistoryQuery, ChatRoomContract, ChatSendInput, RoomSummary } from '../worker/durable-object-contracts';
import type { Env } from '../worker/env';
import { AppError } from '../worker/lib/errors';
import { LIMITS, LeasedLimit } from '../worker/lib/rate-limit';
import { chatEvent, parseClientEvent, type ChatMessage } from '../worker/schemas/chat';
import { MAX_ROOM_SOCKETS_PER_MEMBER, TOO_MANY_SOCKETS_CLOSE_CODE } from '../worker/schemas/realtime-limits';
import { toMessage, type MessageRow } from '../worker/services/chat/chat-messages';
import { notifyNewMessage } from '../worker/services/chat/chat-notify';
import { inboxOf, pushToInbox } from '../worker/services/notifications/notifications';
import { chatHeld, recordMessagesRemoved } from '../worker/services/chat/chat-retention';
import { heldChatRecheckAt } from '../worker/schemas/retention-data';
import { postpone, recordArchived, retentionOf } from './chat-room-retention';
import {
  SessionEnded,
  appendToLog,
  createLogTables,
  findByClientId,
  hasPending,
  importPage,
  isImported,
  leadFacts,
  localLastSeq,
  MAX_COPY,
  markCopied,
  readMembers,
  otherMember,
  pageFromNewest,
  pendingRows,
  pruneClientIds,
  refusal,
  roomSummary,
  rowsAfter,
  syncToD1,
  type Committed,
  type Copied,
  type Members,
} from './chat-room-log';
import { TypingGate } from './typing-gate';
import { accountsSplit } from '../worker/db/accounts';
import { onTheirDatabases, readMarkStatements } from '../worker/services/chat/chat-members';
import { usersDbFor } from '../worker/db/users';
import { chatDbFor, chatsWithAccounts, groupOfChatId } from '../worker/db/chats';

/** Most sends stored in one local transaction; more wait for the next. */
const MAX_GROUP = 50;
/** Under load, updates of one room's D1 conversation row start at most this often (each covers everything stored since). */
export const COPY_INTERVAL_MS = 1000;
/** An update of D1 that failed is retried after 1, 2, 4 … s, at most this long. */
const MAX_COPY_BACKOFF_MS = 30_000;
/** The members (sessions, blocks) are re-read from D1 when older than this, besides every copy re-reading them. */
const MEMBERS_TTL_MS = 5000;
/** A backstop for stored messages D1's row does not reflect yet when the object is evicted: its alarm updates it. */
const ALARM_MS = 30_000;
/** A held room whose check could not read D1 looks again this much later (the hold is read each time). */
const HOLD_CHECK_RETRY_MS = 3_600_000;

const memberTag = (userId: string) => `member:${userId}`;
/** The room's storage key for its conversation's buyer, which names the database of an older conversation's row. */
const BUYER_KEY = 'conversation-buyer';

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
 * message gets the next sequence number, is stored in the room's own SQLite storage — where the
 * conversation's messages live (decision 031) — and only then is acknowledged and broadcast. D1
 * keeps the conversation's row (last seq, preview, read marks), which the room brings up to date in
 * batches, at most one update in flight and, under load, one a second (decision 002, "the room's
 * log"); a REST send and a read receipt wait for it, so the chat list and unread counts include what
 * they refer to. History, resyncs and retries are read from the room. Sends that arrive while the
 * room is busy are stored together (group commit).
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
  /** the members as last read from D1; dropped when a block, ban or logout-all is reported */
  #members: Members | undefined;
  /**
   * Counts the reports of a changed block, ban or logout-all: a read of the members that started
   * before one may have missed it, so its result is not kept (it still answers the one caller that
   * was waiting, as it would have a moment earlier).
   */
  #membersGeneration = 0;
  /** the read of the members in flight, shared by everyone who asks meanwhile (typing bursts, sends) */
  #membersLoading: { generation: number; promise: Promise<Members> } | undefined;
  /** typing events per socket, in memory (TYPING_LIMIT) */
  #typing = new TypingGate();
  /** the room's last sequence number: the log's, or D1's for a room that has none yet */
  #lastSeq = 0;
  /** updates of D1's conversation row ("copies"), one at a time */
  #copying: Promise<void> = Promise.resolve();
  #copyTimer: ReturnType<typeof setTimeout> | undefined;
  #lastCopyAt = 0;
  #copyFailures = 0;
  /** when the alarm is set to go off, as far as this instance knows */
  #alarmAt: number | undefined;
  #tablesReady = false;
  /** the copy of the history D1 held from before decision 031, shared by everyone who waits for it */
  #importing: Promise<void> | undefined;

  get #sql(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.#tablesReady) {
      createLogTables(sql, this.ctx.storage);
      this.#tablesReady = true;
    }
    return sql;
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #loadMembers(): Promise<Members> {
    if (this.#members && Date.now() - this.#members.readAt < MEMBERS_TTL_MS) return this.#members;
    const generation = this.#membersGeneration;
    if (this.#membersLoading?.generation === generation) return this.#membersLoading.promise;
    const promise = (async () => {
      // an older conversation's id names no database: the room keeps its buyer once known (worker/db/chats.ts)
      const untagged = chatsWithAccounts(this.env) && !groupOfChatId(this.name);
      const knownBuyer = untagged ? await this.ctx.storage.get<string>(BUYER_KEY) : undefined;
      const members = await readMembers(this.env, this.name, knownBuyer);
      if (!members) throw new Error(`chat ${this.name} does not exist`);
      if (untagged && knownBuyer !== members.buyerId) await this.ctx.storage.put(BUYER_KEY, members.buyerId);
      if (generation === this.#membersGeneration) this.#members = members;
      this.#lastSeq = Math.max(this.#lastSeq, localLastSeq(this.#sql), members.d1LastSeq);
      return members;
    })();
    this.#membersLoading = { generation, promise };
    try {
      return await promise;
    } finally {
      if (this.#membersLoading?.promise === promise) this.#membersLoading = undefined;
    }
  }

  /**
   * Before the room first stores, replays or pages through messages: the ones D1 held from before
   * decision 031 are copied in (once per room, resumable page by page; a new conversation's D1 holds
   * none, one empty read). The bulk job (`moveChatHistory`) does the same for rooms nobody opens.
   */
  #ensureImported(): Promise<void> {
    if (isImported(this.#sql)) return Promise.resolve();
    this.#importing ??= (async () => {
      try {
        while (!(await importPage(this.env, this.#sql, this.ctx.storage, this.name)).done);
        this.#lastSeq = Math.max(this.#lastSeq, localLastSeq(this.#sql));
      } finally {
        this.#importing = undefined;
      }
    })();
    return this.#importing;
  }

  /** Forgets the members' view: the next send, typing event or read re-reads it from D1. */
  #dropMembers() {
    this.#members = undefined;
    this.#membersGeneration++;
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

  /** A frame to one member's sockets only. */
  #sendToMember(userId: string, text: string, except?: Connection<Member>) {
    for (const ws of this.ctx.getWebSockets(memberTag(userId))) {
      if (ws === except) continue;
      try {
        ws.send(text);
      } catch {
        // closing meanwhile
      }
    }
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
   * Stores and delivers one message; resolves once D1's conversation row reflects it too (a REST
   * sender reads the chat list next). Idempotent on (sender, clientId): a retry returns the stored message.
   */
  async send(input: ChatSendInput): Promise<Committed> {
    const committed = await this.#enqueue(input);
    await this.#copyNow();
    return committed;
  }

  /**
   * A page of the history (page 1 is the newest `limit`, oldest first), or with `after` everything
   * after that seq up to `limit`; with the room's last seq.
   */
  async history(q: ChatHistoryQuery): Promise<{ messages: ChatMessage[]; lastSeq: number }> {
    await this.#ensureImported();
    const rows = q.after !== undefined ? rowsAfter(this.#sql, this.name, q.after, q.limit) : pageFromNewest(this.#sql, this.name, q.page, q.limit);
    return { messages: rows.map(toMessage), lastSeq: Math.max(this.#lastSeq, localLastSeq(this.#sql)) };
  }

  /** The bulk move's step: copies in what D1 held for this conversation; returns the room's message count and last seq. */
  async importHistory(): Promise<{ count: number; lastSeq: number }> {
    await this.#ensureImported();
    const summary = roomSummary(this.#sql);
    return { count: summary.count, lastSeq: summary.maxSeq };
  }

  /** What the room holds, for the consistency checker. */
  async summary(): Promise<RoomSummary> {
    await this.#ensureImported();
    return roomSummary(this.#sql);
  }

  /** For the seller's leads: when the conversation began and the buyer's messages with digits in them. */
  async leadFacts(buyerId: string): Promise<{ firstAt: number | null; numbered: string[] }> {
    await this.#ensureImported();
    return leadFacts(this.#sql, buyerId);
  }

  /** A block or unblock between the members: the next send re-reads them. */
  membersChanged(): void {
    this.#dropMembers();
  }

  /**
   * The conversation left D1 with its archived ad (decision 021): the room forgets its members (the
   * next send finds none and is refused), stops bringing a D1 row up to date that is gone, and sets
   * its alarm for when the messages are due to go. Idempotent: the first archive time is kept.
   */
  async archived(listingId: string, archivedAt: number): Promise<{ removeAt: number }> {
    return this.#serial(async () => {
      this.#dropMembers();
      const sql = this.#sql;
      const row = recordArchived(sql, listingId, archivedAt);
      markCopied(sql, localLastSeq(sql));
      await this.#alarmNoLaterThan(row.remove_at);
      return { removeAt: row.remove_at };
    });
  }

  /** When the room's retention decides next, or null for a room that is not archived (for tests and operators). */
  async retention(): Promise<{ listingId: string; archivedAt: number; removeAt: number; heldChecks: number } | null> {
    const row = retentionOf(this.#sql);
    return row ? { listingId: row.listing_id, archivedAt: row.archived_at, removeAt: row.remove_at, heldChecks: row.held_checks } : null;
  }

  /** Sets the alarm for `at` unless it is set to go off sooner (it then re-arms for `at` itself). */
  async #alarmNoLaterThan(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current !== null && current <= at) return;
    await this.#setAlarm(at);
  }

  async #setAlarm(at: number) {
    this.#alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }

  /**
   * An archived room whose time is up: held while its ad has an open report (looked at again
   * later), otherwise the marker records the removal and every message, clientId, counter and the
   * retention row itself go at once. Returns whether the room was emptied.
   */
  async #retentionStep(now: number): Promise<boolean> {
    const row = retentionOf(this.#sql);
    if (!row) return false;
    // from the alarm handler: the alarm that fired may still read as set, so the next one is set outright
    if (now < row.remove_at) {
      await this.#setAlarm(row.remove_at);
      return false;
    }
    let held: boolean;
    try {
      held = await chatHeld(this.env, row.listing_id);
    } catch (err) {
      console.warn(`chat ${this.name}: could not read whether its ad has an open report; looked at again later`, err);
      await this.#setAlarm(now + HOLD_CHECK_RETRY_MS);
      return false;
    }
    if (held) {
      const next = heldChatRecheckAt(now);
      postpone(this.#sql, next);
      await this.#setAlarm(next);
      return false;
    }
    await recordMessagesRemoved(this.env, this.name, now);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(4410, 'Conversation ended');
      } catch {
        // closed meanwhile
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.#alarmAt = undefined;
    this.#tablesReady = false;
    this.#lastSeq = 0;
    this.#dropMembers();
    return true;
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

  /** Everything waiting (up to MAX_GROUP) in one local transaction; each sender is answered after it. */
  async #commitWaiting() {
    this.#commitScheduled = false;
    const group = this.#waiting.splice(0, MAX_GROUP);
    this.#scheduleCommit();
    let members: Members;
    try {
      members = await this.#loadMembers();
      // the history from before decision 031 first: its seqs and clientIds come with it
      await this.#ensureImported();
    } catch (err) {
      for (const w of group) w.reject(err);
      return;
    }
    const accepted: WaitingSend[] = [];
    /** retries of a send in this same group: answered with its message */
    const repeats = new Map<WaitingSend, WaitingSend>();
    for (const w of group) {
      const refused = refusal(members, w.input);
      if (refused) {
        w.reject(refused);
        continue;
      }
      const { senderId, clientId } = w.input;
      if (clientId) {
        const first = accepted.find((a) => a.input.senderId === senderId && a.input.clientId === clientId);
        if (first) {
          repeats.set(w, first);
          continue;
        }
        const stored = findByClientId(this.#sql, this.name, senderId, clientId);
        if (stored) {
          this.#answer(w, { message: stored, duplicate: true });
          continue;
        }
      }
      accepted.push(w);
    }
    let rows: MessageRow[];
    try {
      rows = appendToLog(this.#sql, this.ctx.storage, this.name, this.#lastSeq, accepted.map((w) => w.input));
    } catch (err) {
      // one local transaction: none of these was stored, every sender hears so
      for (const w of [...accepted, ...repeats.keys()]) w.reject(err);
      return;
    }
    if (!rows.length) return;
    this.#lastSeq = rows[rows.length - 1]!.seq;
    this.#armAlarm();
    const messages = new Map<WaitingSend, ChatMessage>();
    for (const [i, w] of accepted.entries()) {
      const message = toMessage(rows[i]!);
      messages.set(w, message);
      this.#sendToRoom(JSON.stringify(chatEvent('new_message', { message })), w.origin);
      this.#answer(w, { message, duplicate: false });
    }
    for (const [w, first] of repeats) this.#answer(w, { message: messages.get(first)!, duplicate: true });
    this.#scheduleCopy();
  }

  /** The ack carries the message, so the sending socket sees it in seq order without a second copy. */
  #answer(w: WaitingSend, committed: Committed) {
    if (w.origin) this.#reply(w.origin, chatEvent('ack', { clientId: w.input.clientId, message: committed.message }));
    w.resolve(committed);
  }

  /** Between copies: the interval, or after failures 1, 2, 4 … s up to MAX_COPY_BACKOFF_MS. */
  #backoff() {
    return this.#copyFailures ? Math.min(MAX_COPY_BACKOFF_MS, 1000 * 2 ** (this.#copyFailures - 1)) : COPY_INTERVAL_MS;
  }

  #scheduleCopy() {
    if (this.#copyTimer) return;
    const wait = Math.max(0, this.#lastCopyAt + this.#backoff() - Date.now());
    this.#copyTimer = setTimeout(() => {
      this.#copyTimer = undefined;
      void this.#copyNow();
    }, wait);
  }

  #copyNow(): Promise<void> {
    const run = this.#copying.then(() => this.#copyPending());
    this.#copying = run.catch(() => undefined);
    return run;
  }

  /** Brings D1's conversation row up to date, in order, until it reflects every stored message or an update fails (retried later; nothing is dropped). */
  async #copyPending(): Promise<void> {
    for (;;) {
      const rows = pendingRows(this.#sql, this.name);
      if (!rows.length) return;
      this.#lastCopyAt = Date.now();
      let copied: Copied;
      const generation = this.#membersGeneration;
      try {
        copied = await syncToD1(this.env, this.#sql, this.#members ?? (await this.#loadMembers()), this.name, rows);
      } catch (err) {
        this.#copyFailures++;
        console.error(`chat ${this.name}: bringing D1's conversation row up to date with ${rows.length} messages failed (attempt ${this.#copyFailures}); retried`, err);
        // retried by the alarm (so the object may still be evicted meanwhile), or sooner by the next send
        this.#armAlarm(this.#backoff());
        return;
      }
      if (copied.members && generation === this.#membersGeneration) this.#members = copied.members;
      for (const { row, inboxOpen } of copied.messages) this.#notify(toMessage(row), inboxOpen);
      if (copied.chatListFailed !== undefined) {
        // the core's row holds them (and their notifications went out); the members' chat list rows
        // do not yet: not marked copied, so the same update runs again (changing nothing in the core)
        this.#copyFailures++;
        console.error(`chat ${this.name}: the members' chat list rows were not brought up to date (attempt ${this.#copyFailures}); retried`, copied.chatListFailed);
        this.#armAlarm(this.#backoff());
        return;
      }
      this.#copyFailures = 0;
      markCopied(this.#sql, rows[rows.length - 1]!.seq);
      if (rows.length < MAX_COPY) return;
    }
  }

  /** Once D1 holds a message: the recipient's inbox tabs, or a notification (in message order, off the send path). */
  #notify(message: ChatMessage, inboxOpen: boolean) {
    if (!this.#members) return;
    const recipientId = otherMember(this.#members, message.senderId);
    // someone with the conversation open has seen it; others get an inbox push or a notification
    const reach = { inRoom: this.#isInRoom(recipientId), inboxOpen };
    // in the room and no inbox tab: nothing to push and nobody to notify (notifyNewMessage would say so)
    if (reach.inRoom && !reach.inboxOpen) return;
    this.#notifications = this.#notifications.then(() =>
      notifyNewMessage(this.env, this.name, recipientId, message, reach).catch((e: unknown) => console.warn('inbox push failed', e)),
    );
    this.ctx.waitUntil(this.#notifications);
  }

  /** Sets the alarm `delay` from now unless one is set to go off sooner. */
  #armAlarm(delay = ALARM_MS) {
    const at = Date.now() + delay;
    if (this.#alarmAt !== undefined && this.#alarmAt <= at) return;
    this.#alarmAt = at;
    void this.ctx.storage.setAlarm(at);
  }

  override async onAlarm() {
    this.#alarmAt = undefined;
    // an archived room past its retention is emptied; nothing else is left to do then
    // (a room in use has no retention row: it does not wait behind its sends for this)
    if (retentionOf(this.#sql) && (await this.#serial(() => this.#retentionStep(Date.now())))) return;
    pruneClientIds(this.#sql);
    await this.#copyNow();
    if (hasPending(this.#sql)) this.#armAlarm();
  }

  /** Marks everything up to `seq` read for a member and tells the room (read ticks). */
  async markRead(userId: string, upToSeq?: number): Promise<{ lastReadSeq: number }> {
    return this.#serial(async () => {
      const members = await this.#loadMembers();
      const column = userId === members.buyerId ? 'buyer_last_read_seq' : userId === members.sellerId ? 'seller_last_read_seq' : null;
      if (!column) throw new Error('not a member');
      // D1 holds every message the reader may have seen before their mark is written there
      await this.#copyNow();
      const lastSeq = this.#lastSeq;
      const seq = Math.min(upToSeq ?? lastSeq, lastSeq);
      await Promise.all([
        // never past what D1 holds (a failed copy): the unread count stays a count
        chatDbFor(this.env, this.name, members.buyerId)!.prepare(`UPDATE chats SET ${column} = max(${column}, min(?, last_seq)) WHERE id = ?`).bind(seq, this.name).run(),
        // with several accounts databases the reader's chat list row and the other member's (the read
        // ticks) are in their own databases (decision 034): written in the same wait
        accountsSplit(this.env) ? onTheirDatabases(readMarkStatements(this.env, this.name, userId, otherMember(members, userId), seq)) : undefined,
        // reading all of the chat also settles its "new message" notification, kept by the reader's
        // inbox (decision 032): asked at the same time, one wait; a failure leaves it unread, no more
        seq >= lastSeq
          ? inboxOf(this.env, userId)
              .settleChatNotification(this.name)
              .catch((err: unknown) => console.warn('chat notification not settled', err))
          : undefined,
      ]);
      const receipt = JSON.stringify(chatEvent('read', { userId, chatId: this.name, seq }));
      // between a blocker and the one they blocked, reading says nothing to the other side
      if (members.blockers.length) this.#sendToMember(userId, receipt);
      else this.#sendToRoom(receipt);
      // the reader's other tabs and header badge get the new truth straight away
      this.ctx.waitUntil(pushToInbox(this.env, userId, chatEvent('chat_read', { chatId: this.name, seq })));
      return { lastReadSeq: seq };
    });
  }

  /** Closes one member's sockets when their sessions end, so a revoked tab stops receiving the chat. */
  endSessionsOf(userId: string): number {
    this.#dropMembers();
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
    // this socket is already among the member's (tagged at accept): one past the cap is refused
    if (this.ctx.getWebSockets(memberTag(userId)).length > MAX_ROOM_SOCKETS_PER_MEMBER) {
      connection.close(TOO_MANY_SOCKETS_CLOSE_CODE, 'Too many open tabs');
      return;
    }
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

  /** Checked before reads and resyncs, so a socket never outlives a block, a deletion or logout-all. */
  async #sessionValid(member: Member): Promise<boolean> {
    // where the member's `users` row lives (worker/db/users.ts): the core, or their accounts database once `users` moved
    const user = await usersDbFor(this.env, member.userId).prepare('SELECT status, token_version FROM users WHERE id = ?').bind(member.userId).first<{ status: string; token_version: number }>();
    return user?.status === 'ACTIVE' && (member.tokenVersion === undefined || user.token_version === member.tokenVersion);
  }

  /** Everything after `after`, in order, from the room's store. */
  async #replay(connection: Connection<Member>, after: number) {
    await this.#ensureImported();
    let cursor = after;
    for (;;) {
      const rows = rowsAfter(this.#sql, this.name, cursor, 200);
      if (!rows.length) break;
      if (!this.#reply(connection, chatEvent('sync', { messages: rows.map(toMessage) }))) return;
      cursor = rows[rows.length - 1]!.seq;
    }
    this.#reply(connection, chatEvent('synced', { chatId: this.name, seq: cursor }));
  }

  /**
   * Typing goes to the other member's sockets only, within the socket's typing limit (extra events
   * dropped silently), and never between a blocker and the one they blocked: the same view of the
   * members decides as for sends (re-read at least every few seconds, dropped at once on a block).
   */
  async #typingEvent(connection: Connection<Member>, userId: string, isTyping: boolean) {
    if (!this.#typing.allow(connection.id, isTyping)) return;
    let members: Members;
    try {
      members = await this.#loadMembers();
    } catch {
      // no view of the members (D1 unavailable): an indicator is not worth a guess
      return;
    }
    const refused = refusal(members, { senderId: userId, content: '', messageType: 'TEXT', clientId: null, socketTokenVersion: connection.state?.tokenVersion });
    if (refused instanceof SessionEnded) {
      connection.close(4001, 'Session ended');
      return;
    }
    if (refused) return;
    this.#sendToMember(otherMember(members, userId), JSON.stringify(chatEvent('user_typing', { userId, chatId: this.name, isTyping })));
  }

  override onClose(connection: Connection<Member>) {
    this.#typing.forget(connection.id);
  }

  override onError(connection: Connection<Member>) {
    this.#typing.forget(connection.id);
  }

  override async onMessage(connection: Connection<Member>, raw: WSMessage) {
    const userId = connection.state?.userId;
    if (!userId || typeof raw !== 'string') return;
    const event = parseClientEvent(raw);
    if (!event) {
      this.#reply(connection, chatEvent('error', { message: 'Unknown event' }));
      return;
    }
    // the token was checked at upgrade; a socket must not outlive a block, a deletion or logout-all:
    // sends are checked against the members the room read (re-read with every copy to D1 and at
    // once after a block, a ban or a logout-all through the API); reads and resyncs check D1 first
    if ((event.type === 'read' || event.type === 'sync') && !(await this.#sessionValid(connection.state!))) {
      connection.close(4001, 'Session ended');
      return;
    }
    switch (event.type) {
      case 'typing_start':
      case 'typing_stop':
        await this.#typingEvent(connection, userId, event.type === 'typing_start');
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
