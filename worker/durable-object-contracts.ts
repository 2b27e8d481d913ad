import type { ChatMessage } from './schemas/chat';
import type { PushMessage } from './schemas/push';

/** What a chat room holds, for the consistency checker: D1's conversation row is checked against it. */
export interface RoomSummary {
  maxSeq: number;
  count: number;
  lastContent: string | null;
  lastAt: number | null;
  /** each member's newest own message (0 for none) */
  sentBy: Record<string, number>;
  /** who sent the first message, and when */
  first: { senderId: string; at: number } | null;
  /** when each member sent their first message */
  firstAt: Record<string, number>;
}

/**
 * What the worker may call on each Durable Object. The classes in `durable-objects/` implement
 * these contracts and the worker's `Env` names only them, so the objects can use worker code
 * (services, schemas) without the worker importing the objects back: no import cycle.
 */

export interface ChatSendInput {
  senderId: string;
  content: string;
  messageType: string;
  clientId: string | null;
  /** from a socket: the token version it was opened with, checked before the message is stored */
  socketTokenVersion?: number;
}

/** Page 1 is the newest `limit` messages; with `after`, those after that seq (oldest first, up to `limit`). */
export interface ChatHistoryQuery {
  page: number;
  limit: number;
  after?: number;
}

/** One conversation: the sole writer and the keeper of its messages. */
export interface ChatRoomContract extends Rpc.DurableObjectBranded {
  /** Stores and delivers one message. Idempotent on (sender, clientId): a retry returns the stored one. */
  send(input: ChatSendInput): Promise<{ message: ChatMessage; duplicate: boolean }>;
  markRead(userId: string, upToSeq?: number): Promise<{ lastReadSeq: number }>;
  endSessionsOf(userId: string): number;
  /** A page of the conversation's messages, read from the room (decision 031), and the room's last seq. */
  history(q: ChatHistoryQuery): Promise<{ messages: ChatMessage[]; lastSeq: number }>;
  /** Copies in the messages D1 held from before decision 031 (idempotent); the room's message count and last seq. */
  importHistory(): Promise<{ count: number; lastSeq: number }>;
  /** What the room holds, for the consistency checker. */
  summary(): Promise<RoomSummary>;
  /** For the seller's leads: when the conversation began and the buyer's messages with digits in them, newest first. */
  leadFacts(buyerId: string): Promise<{ firstAt: number | null; numbered: string[] }>;
  /** A block or unblock between the members: the room re-reads them before the next send. */
  membersChanged(): void;
  /**
   * The conversation left D1 with its archived ad: the room forgets its members and arms its alarm for
   * when its messages are due to go (decision 021, second addendum). Idempotent: the first time is kept.
   */
  archived(listingId: string, archivedAt: number): Promise<{ removeAt: number }>;
  /** The room's retention (when it next decides, how often it was found held); null when not archived. */
  retention(): Promise<{ listingId: string; archivedAt: number; removeAt: number; heldChecks: number } | null>;
}

/** A stored notification, as the inbox object (and D1's table from before decision 032) holds it. */
export type NotificationRow = {
  id: string;
  user_id: string;
  title: string;
  body: string;
  type: string;
  data: string;
  is_read: number;
  read_at: number | null;
  created_at: number;
};

export interface StoreNotifications {
  rows: NotificationRow[];
  /**
   * Tell the user about the ones created: live to open tabs, else by Web Push. False for those the
   * caller knows nobody can be told right now (no tab, no push subscription): no push lookup then.
   */
  tell: boolean;
  /** a chat's unread notification is replaced by the newer one instead of adding a second */
  replaceUnread?: boolean;
}

/**
 * One user's open tabs: live events, unread counts and Web Push when no tab is open; and the keeper
 * of the user's notifications (decision 032), the newest RETENTION.notificationsPerUser of them.
 */
export interface UserInboxContract extends Rpc.DurableObjectBranded {
  push(event: Record<string, unknown>, withCounts?: boolean, offline?: PushMessage): Promise<number>;
  endSessions(): number;
  connectedCount(): number;
  /** Stores notifications (an id held already stores nothing); the ids this call created, and those it replaced. */
  storeNotifications(input: StoreNotifications): Promise<{ created: string[]; replaced: string[] }>;
  listNotifications(q: { page: number; limit: number; type?: string }): Promise<{ rows: NotificationRow[]; total: number }>;
  unreadNotifications(): Promise<number>;
  /** null when the user holds no notification with that id */
  markNotificationRead(id: string): Promise<NotificationRow | null>;
  markAllNotificationsRead(): Promise<number>;
  /** Reading a whole chat settles its "new message" notification; how many were marked. */
  settleChatNotification(chatId: string): Promise<number>;
  /** Copies in what D1 holds for this user and deletes it there; how many D1 rows went. */
  importNotifications(): Promise<number>;
  /** Account deletion: the notifications go with it. */
  deleteNotifications(): Promise<number>;
  /** Every kept row, newest first (tests and the consistency checker read it). */
  notificationRows(): Promise<NotificationRow[]>;
}

export interface Consumed {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
  /** hits counted: the `count` asked for, or what was left of the window */
  granted: number;
  /** when the current window ends (ms since the epoch) */
  resetAt: number;
}

/** A counter per rate-limit key, consistent across isolates. */
export interface RateLimiterContract extends Rpc.DurableObjectBranded {
  consume(limit: number, windowMs: number, now?: number, count?: number, inMemory?: boolean): Promise<Consumed>;
  backoffCheck(now?: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  backoffFail(free: number, baseMs: number, maxMs: number, windowMs: number, now?: number): Promise<{ failures: number; waitMs: number }>;
  reset(): Promise<void>;
}

/** One ad view, as the worker hands it to the view counter. */
export interface ViewInput {
  /** the listings database the ad lives in (the counter writes there) */
  shard: string;
  listingId: string;
  /** the ad's seller: their own look at their ad is not counted */
  sellerId: string;
  /** `u:{userId}` for a signed-in viewer, otherwise a key derived from the network address */
  viewerKey: string;
  now: number;
}

/** Views counted by the object and not yet written to D1 (pending and in flight), per ad and day. */
export interface UnwrittenViews {
  total: number;
  byDay: Record<number, number>;
}

/**
 * The view counter of one listings database (decision 020, addendum): keeps the day's viewers
 * (each viewer counts once per ad per UTC day) and writes the counters to D1 in batches.
 */
export interface ViewCounterContract extends Rpc.DurableObjectBranded {
  /** Counts one view; false when this viewer was already counted today on this ad (or is its seller). */
  record(view: ViewInput): Promise<boolean>;
  /** Writes what is waiting to D1 now (the alarm does this every few seconds); how many ad-days it wrote. */
  flush(): Promise<{ written: number; left: number }>;
  /** Views of these ads the object holds and D1 does not show yet. */
  unwritten(listingIds: string[]): Promise<Record<string, UnwrittenViews>>;
  /**
   * For the consistency checker: per ad and day, the distinct viewers counted (for the days the
   * object still remembers) and the views of them not yet in D1; with the last batch's number and
   * whether a batch is being written, so the checker can tell that no write landed between its reads.
   */
  snapshot(keys: { listingId: string; day: number }[]): Promise<{ seq: number; writing: boolean; viewers: number[]; unwritten: number[] }>;
  /**
   * Views (and viewers) another counter held for ads that moved into this counter's database (decision
   * 033), under their new ids; `batch` names the sender's batch, so a batch sent twice counts once
   * (false then).
   */
  takeForwarded(
    batch: string,
    shard: string,
    views: { listingId: string; day: number; views: number }[],
    viewers?: { listingId: string; day: number; viewerKey: string }[],
  ): Promise<boolean>;
  /**
   * An ad moved away (decision 033): its viewers and unwritten views here go to the counter of its new
   * database under its new id; what was handed over.
   */
  handOver(oldId: string, newId: string): Promise<{ views: number; viewers: number }>;
}
