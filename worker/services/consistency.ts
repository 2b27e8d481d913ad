import type { Env as WorkerEnv } from '../env';
import { invalidateListingCaches } from '../lib/cache';
import { categoryCountsFromDb } from './listings/catalog';
import { locationCountsFromDb } from './listings/locations';
import { viewerRowCutoff } from '../schemas/retention-data';
import { PRICE_GUIDANCE_RULES, type PriceScope } from '../schemas/price-guidance-data';
import { guideFromSamples, readGuideSamples, sampleStatements, upsertGuide, type GroupPlace, type GuideRow } from './listings/price-guidance';
import { viewCounter, viewShards } from './listings/view-counter';
import { isSharded, listingDatabases, listingDbForId, type ShardEnv } from '../db/shards';
import { accountsDatabases, accountsDbForUser, accountsSplit, type AccountsEnv } from '../db/accounts';
import { chatDbFor, chatsWithAccounts } from '../db/chats';
import { CONVERSATION_COLUMNS, memberRowsOf, writeMemberRows, type ChatMemberValues, type ConversationState } from './chat/chat-members';
import { readUsers, usersWithAccounts } from '../db/users';
import type { IdentifierKind } from '../db/identifiers';
import { directoryBackfilled, removeStaleClaims, scanMissingIdentifiers, scanStaleClaims, writeMissingIdentifiers } from './accounts/directory-backfill';
import { listingRowsByIds } from './listings/shard-reads';
import { repairChatMembers, scanChatMembers, type ChatMemberFinding } from './chat/chat-members-check';
import { compareUserCopies, readUsersCopyState, repairUserCopies } from './accounts/users-copy';
import { CLEARED_SQL, readUsersRetireState, retireMode, retireRows, unsafeToRetire } from './accounts/users-retire';
import { CHAT_COLUMNS, CHATS_MOVE_DONE, copiesOf, copyBehind, copyChatRows, type ChatRecord } from './chat/chats-move';
import { DOC_PREFIX, INDEX_PREFIX, archiveCard, indexKey, type ArchiveDocument } from './listings/archive-keys';

/**
 * The consistency checker (decision 018). SEL keeps many values twice for speed — a seller's live
 * ads, the search index, a chat's last message and read marks, saved searches' shared queries,
 * paid promotions on the ad, invoice counters, cached counts. Each check below recomputes one such
 * value from its source in bounded batches (a range of ids per statement, so it works at 1M ads
 * within D1's limits) and reports every row that disagrees: expected (from the source) against kept.
 *
 * Repair recomputes and sets in one statement (or one batch, which D1 runs as a transaction) per
 * batch, from the source as it is at that moment: safe while traffic flows, and a second run finds
 * nothing. What cannot be decided automatically (a gap in the invoice series, a credit spent more
 * than it holds, a paid order without its credits) is reported and never "fixed".
 */

/** Rows one scan statement reads (ids per range). */
export const BATCH_ROWS = 400;
/** Listing numbers per search-index range (the index is checked row for row, by rowid). */
export const FTS_RANGE = 500;
/** Disagreements listed per check in a report; the count is always complete. */
export const SAMPLE_CAP = 20;
/** wrangler.toml's daily trigger for the scheduled run: 21:45 UTC, 03:15 in India, when traffic is lowest. */
export const CONSISTENCY_CRON = '45 21 * * *';
/** The scheduled run stops starting new batches after this long; the next run resumes where it stopped. */
export const CRON_BUDGET_MS = 10 * 60_000;
/** The hourly expiry cron ends paid features; a badge is only wrong once it missed more than one run. */
export const FEATURE_EXPIRY_GRACE_MS = 2 * 3_600_000;
/** KV key holding, per check, where an unfinished scheduled run stopped. */
export const CURSOR_KEY = 'consistency:cursors';

/**
 * The checker needs the database, the cache and the bucket, for the chat checks the chat rooms, where
 * the messages live (decision 031), and for the daily view counters the view counter object (decision
 * 020); the CLI runs without the worker's other bindings (it skips those).
 */
export type Env = Pick<WorkerEnv, 'DB' | 'CACHE' | 'MEDIA'> &
  Partial<Pick<WorkerEnv, 'ChatRoom' | 'VIEW_COUNTER'>> &
  ShardEnv &
  AccountsEnv & {
    /**
     * Set while a listings check runs in one of several listings databases (decision 033): `DB` is
     * that database, `coreDb` the core, `listingsShard` its name (its view counter's).
     */
    coreDb?: D1Database;
    listingsShard?: string;
    /**
     * Set while a per-user check runs in one of several accounts databases (decision 034): that
     * database; `DB` stays the core (where `users` is).
     */
    accountsDb?: D1Database;
  };
/** Price ranges re-derived per scan statement batch (three reads each). */
export const GUIDE_BATCH_ROWS = 50;
/** Archive objects per R2 list call; each costs one more R2 read (the document, or the entry's head). */
export const ARCHIVE_BATCH_OBJECTS = 100;

/** One row (or counter) whose kept value disagrees with its source. */
export interface Disagreement {
  /** the row's id (for the search index: the ad's id, or `num:N` when the ad is gone) */
  id: string;
  field: string;
  expected: string | number | null;
  kept: string | number | null;
  /** kept − expected, when both are numbers */
  delta?: number;
  note?: string;
  /** the listings database the row is in, when there are several (decision 033); for a per-user row, its accounts database (`accounts-N`, decision 034) */
  database?: string;
}

interface Found extends Omit<Disagreement, 'delta'> {
  /** what the repair statement targets, when not the id */
  ref?: string | number;
}

interface Scan {
  rows: number;
  found: Found[];
  /** null: the check has read everything */
  next: string | null;
}

/** The moment the run judges by, and how many rows one statement reads. */
interface ScanContext {
  now: number;
  batchRows: number;
  ftsRange: number;
}

interface Check {
  name: string;
  /** the table (and column) holding the kept copy */
  table: string;
  /** what it is checked against */
  source: string;
  repairable: boolean;
  /** repairs change what guest pages show: their caches get a new version */
  listingVisible?: boolean;
  /** only meaningful with several listings databases (decision 033): skipped with one */
  severalDatabasesOnly?: boolean;
  /** runs with one listings database too once `users` has moved to the accounts databases (worker/db/users.ts) */
  alsoWithUsersMoved?: boolean;
  /** only meaningful with several accounts databases (decision 034): skipped with one */
  accountsSplitOnly?: boolean;
  /** only once the identifier directory's backfill has finished a pass (before, accounts made with one database have no rows by design) */
  afterDirectoryBackfill?: boolean;
  /** only once `users` has been copied to the accounts databases (a whole pass done) or the switch is on (before, the copies are missing by design) */
  afterUsersCopy?: boolean;
  /** only once the core's `users` rows have been retired (a whole pass done, with the switch on): before, they are there by design */
  afterUsersRetired?: boolean;
  /** only with the conversations' rows in their buyers' accounts databases (worker/db/chats.ts): before, there is nothing there to check */
  chatsWithAccountsOnly?: boolean;
  /** only once the move of the conversations' rows to their buyers' databases has finished a pass (before, the copies are missing by design) */
  afterChatsMove?: boolean;
  scan(env: Env, cursor: string | null, ctx: ScanContext): Promise<Scan>;
  /** fixes the rows found in one batch; returns how many rows it changed */
  repair?(env: Env, found: Found[], now: number): Promise<number>;
}

export interface CheckReport {
  name: string;
  table: string;
  source: string;
  repairable: boolean;
  rowsChecked: number;
  batches: number;
  ms: number;
  /** rows that disagree (a row with several wrong fields counts once) */
  rows: number;
  disagreements: Disagreement[];
  /** rows the repair changed */
  repaired: number;
  /** rows still wrong after this run (all of them when not repairing or not repairable) */
  remaining: number;
  /** false when the time budget ran out; `resumeFrom` says where the next run starts */
  complete: boolean;
  resumeFrom?: string;
}

export interface ConsistencyReport {
  repair: boolean;
  startedAt: string;
  ms: number;
  clean: boolean;
  checks: CheckReport[];
}

export interface RunOptions {
  repair?: boolean;
  /** only these checks (by name) */
  only?: string[];
  /** stop starting batches after this moment (epoch ms) */
  deadline?: number;
  /** per check, where to start (an earlier run's resumeFrom) */
  startFrom?: Record<string, string>;
  batchRows?: number;
  /** listing numbers per search-index range */
  ftsRange?: number;
  now?: number;
}

const json = (v: unknown) => JSON.stringify(v);
const ids = (found: Found[]) => json([...new Set(found.map((f) => f.ref ?? f.id))]);

// ---------------------------------------------------------------- users.live_ads

const LIVE_ADS_SQL = `(SELECT count(*) FROM listings l WHERE l.user_id = u.id AND l.status = 'APPROVED')`;

const liveAds: Check = {
  name: 'users.live_ads',
  table: 'users.live_ads',
  source: "count of the seller's listings with status APPROVED",
  repairable: true,
  listingVisible: true,
  async scan(env, cursor, { batchRows }) {
    const { results } = await env.DB.prepare(
      `SELECT u.id, u.live_ads AS kept, ${LIVE_ADS_SQL} AS expected FROM (SELECT id, live_ads FROM users WHERE id > ?1 ORDER BY id LIMIT ?2) u`,
    )
      .bind(cursor ?? '', batchRows)
      .all<{ id: string; kept: number; expected: number }>();
    return {
      rows: results.length,
      found: results.filter((r) => r.kept !== r.expected).map((r) => ({ id: r.id, field: 'live_ads', expected: r.expected, kept: r.kept })),
      next: results.length < batchRows ? null : results[results.length - 1]!.id,
    };
  },
  async repair(env, found) {
    // one statement: the count and the write cannot be split by a trigger firing in between; the
    // repaired sellers are marked in the same batch, as a trigger would, so the every-minute job
    // spreads the right count to their cards in the other listings databases (migration 0049)
    const [res] = await env.DB.batch([
      env.DB.prepare(`UPDATE users AS u SET live_ads = ${LIVE_ADS_SQL} WHERE u.id IN (SELECT value FROM json_each(?1)) AND u.live_ads != ${LIVE_ADS_SQL}`).bind(ids(found)),
      env.DB.prepare(
        `INSERT INTO live_ads_changed (user_id) SELECT value FROM json_each(?1) WHERE true ON CONFLICT (user_id) DO UPDATE SET version = version + 1`,
      ).bind(ids(found)),
    ]);
    return res!.meta.changes;
  },
};

// With several listings databases (decision 033) the core's `users.live_ads` is not a kept value: no
// trigger can keep it (the ads are not in the core) and nothing reads it there: every reader of a
// seller's count reads the cards beside the ads (each database's card keeps its own count, checked by
// `users.live_ads` in every listings database, and the others' count in `live_ads_elsewhere`, spread
// every minute from the marks its triggers and the repair above leave, migration 0049). So there is
// nothing in the core to check.

// ---------------------------------------------------------------- users.live_ads_elsewhere

/**
 * With several listings databases each seller card also keeps the seller's live ads in the OTHER
 * listings databases (`live_ads_elsewhere`, migration 0049), written by the every-minute
 * `spreadLiveAds` for the sellers its triggers marked. A lost mark (a run's write failing after its
 * marks went, a card written by hand) leaves the value stale until the seller's next change: this
 * compares it with the sum of the other databases' own counts (`live_ads`, themselves checked by
 * `users.live_ads`). Each listings database in turn, a batch of its cards at a time ("i|id"): the
 * cards, then every database side by side, one batch each (the others' counts; every database's
 * marks). A seller marked anywhere is not judged: the job rewrites those cards within a minute, and
 * a count and its mark are written by one trigger, so a count read without a mark has been spread.
 */
const liveAdsElsewhere: Check = {
  name: 'users.live_ads_elsewhere',
  table: "users.live_ads_elsewhere in each listings database (the seller's live ads the other listings databases hold)",
  source: "the sum of live_ads on the seller's cards in the other listings databases",
  repairable: true,
  severalDatabasesOnly: true,
  async scan(env, cursor, { batchRows }) {
    const databases = listingDatabases(env);
    if (databases.length === 1) return { rows: 0, found: [], next: null };
    const bar = cursor ? cursor.indexOf('|') : -1;
    const at = cursor && bar > 0 ? Number(cursor.slice(0, bar)) : 0;
    const after = cursor && bar > 0 ? cursor.slice(bar + 1) : '';
    const { results: cards } = await databases[at]!.prepare('SELECT id, live_ads_elsewhere AS kept FROM users WHERE id > ?1 ORDER BY id LIMIT ?2')
      .bind(after, batchRows)
      .all<{ id: string; kept: number }>();
    const last = cards[cards.length - 1];
    const next = cards.length === batchRows && last ? `${at}|${last.id}` : at + 1 < databases.length ? `${at + 1}|` : null;
    if (!cards.length) return { rows: 0, found: [], next };
    const sellers = json(cards.map((c) => c.id));
    const read = await Promise.all(
      databases.map((db, i) =>
        db.batch<{ id: string; live_ads: number }>([
          db.prepare('SELECT user_id AS id, 0 AS live_ads FROM live_ads_changed WHERE user_id IN (SELECT value FROM json_each(?1))').bind(sellers),
          ...(i === at ? [] : [db.prepare('SELECT id, live_ads FROM users WHERE id IN (SELECT value FROM json_each(?1))').bind(sellers)]),
        ]),
      ),
    );
    const marked = new Set(read.flatMap(([marks]) => marks!.results.map((m) => m.id)));
    const elsewhere = new Map<string, number>();
    for (const [, counts] of read) for (const r of counts?.results ?? []) elsewhere.set(r.id, (elsewhere.get(r.id) ?? 0) + r.live_ads);
    const database = viewShards(env)[at]!;
    const found = cards
      .filter((c) => !marked.has(c.id) && c.kept !== (elsewhere.get(c.id) ?? 0))
      .map((c): Found => ({ id: c.id, field: 'live_ads_elsewhere', expected: elsewhere.get(c.id) ?? 0, kept: c.kept, database, ref: json([at, c.id, c.kept]) }));
    return { rows: cards.length, found, next };
  },
  // The repair marks the seller where the stale card is, as a trigger would, so the every-minute job
  // rewrites it from counts read afresh in every database. Writing the scan's sum instead could land a
  // number already out of date (the others' counts are read a moment apart and may move since), and
  // only the job's versioned marks make sure a later change is spread. The mark is guarded on the card
  // still holding what the scan read: one that moved meanwhile was rewritten by the job already.
  async repair(env, found) {
    const databases = listingDatabases(env);
    const refs = found.map((f) => JSON.parse(String(f.ref)) as [number, string, number]);
    const marked = await Promise.all(
      databases.map((db, i) => {
        const here = refs.filter(([at]) => at === i).map(([, id, kept]) => [id, kept]);
        if (!here.length) return 0;
        return db
          .prepare(
            `INSERT INTO live_ads_changed (user_id) SELECT u.id FROM users u JOIN json_each(?1) j ON u.id = j.value ->> 0 AND u.live_ads_elsewhere = j.value ->> 1
             WHERE true ON CONFLICT (user_id) DO UPDATE SET version = version + 1`,
          )
          .bind(json(here))
          .run()
          .then((r) => r.meta.changes);
      }),
    );
    return marked.reduce((a, b) => a + b, 0);
  },
};

// ---------------------------------------------------------------- listings_fts

/** What the listings_fts triggers write for a listing `l` (migration 0010); kept identical to them. */
const FTS_CATEGORIES = `coalesce((SELECT group_concat(name, ' ') FROM categories WHERE id IN (l.category_id, l.subcategory_id)), '')`;
const FTS_FACETS = `'xc' || replace(l.category_id, '-', '') || coalesce(' xc' || replace(l.subcategory_id, '-', ''), '') || coalesce(' xl' || l.state_id, '') || coalesce(' xl' || l.city_id, '') || coalesce(' xl' || l.area_id, '')`;

const searchIndex: Check = {
  name: 'listings_fts',
  table: 'listings_fts (full-text index)',
  source: 'listings with status APPROVED: title, description, location, category names, place and category facets',
  repairable: true,
  listingVisible: true,
  async scan(env, cursor, { ftsRange }) {
    const from = cursor ? Number(cursor) : 0;
    const to = from + ftsRange;
    const [top, problems] = await env.DB.batch([
      env.DB.prepare(`SELECT max((SELECT coalesce(max(num), 0) FROM listings), coalesce((SELECT rowid FROM listings_fts ORDER BY rowid DESC LIMIT 1), 0)) AS top`),
      env.DB.prepare(
        `SELECT l.num, l.id, 'missing' AS problem FROM listings l
           WHERE l.num > ?1 AND l.num <= ?2 AND l.status = 'APPROVED' AND NOT EXISTS (SELECT 1 FROM listings_fts f WHERE f.rowid = l.num)
         UNION ALL
         SELECT l.num, l.id, 'stale' FROM listings l JOIN listings_fts f ON f.rowid = l.num
           WHERE l.num > ?1 AND l.num <= ?2 AND l.status = 'APPROVED'
             AND (f.title IS NOT l.title OR f.description IS NOT l.description OR f.location IS NOT l.location
                  OR f.categories IS NOT ${FTS_CATEGORIES} OR f.facets IS NOT ${FTS_FACETS})
         UNION ALL
         SELECT f.rowid, (SELECT id FROM listings WHERE num = f.rowid), 'extra' FROM listings_fts f
           WHERE f.rowid > ?1 AND f.rowid <= ?2 AND NOT EXISTS (SELECT 1 FROM listings l WHERE l.num = f.rowid AND l.status = 'APPROVED')
         UNION ALL
         SELECT count(*), NULL, 'rows' FROM listings WHERE num > ?1 AND num <= ?2`,
      ).bind(from, to),
    ]);
    const highest = (top!.results[0] as { top: number }).top;
    const rows = problems!.results as { num: number; id: string | null; problem: 'missing' | 'stale' | 'extra' | 'rows' }[];
    const kept = { missing: 'no index row', stale: 'index row differs from the ad', extra: 'index row for an ad that is not live' } as const;
    return {
      rows: rows.find((r) => r.problem === 'rows')?.num ?? 0,
      found: rows
        .filter((r) => r.problem !== 'rows')
        .map((r) => ({
          id: r.id ?? `num:${r.num}`,
          ref: r.num,
          field: 'index row',
          expected: r.problem === 'extra' ? 'no index row' : "the ad's current text and facets",
          kept: kept[r.problem as keyof typeof kept],
        })),
      next: to >= highest ? null : String(to),
    };
  },
  async repair(env, found) {
    const nums = ids(found);
    // one batch (a transaction): the rows found are dropped and written anew from the ads as they are now
    const [removed, written] = await env.DB.batch([
      env.DB.prepare('DELETE FROM listings_fts WHERE rowid IN (SELECT value FROM json_each(?1))').bind(nums),
      env.DB.prepare(
        `INSERT INTO listings_fts (rowid, title, description, location, categories, facets)
         SELECT l.num, l.title, l.description, l.location, ${FTS_CATEGORIES}, ${FTS_FACETS}
         FROM listings l WHERE l.num IN (SELECT value FROM json_each(?1)) AND l.status = 'APPROVED'`,
      ).bind(nums),
    ]);
    return Math.max(removed!.meta.changes, written!.meta.changes);
  },
};

// ---------------------------------------------------------------- chats

/**
 * A conversation's messages live in its room (decision 031): D1's row (last seq, preview, read
 * marks) is checked against what the room holds, asked a few rooms at a time.
 */
interface ChatRow {
  id: string;
  buyer_id: string;
  seller_id: string;
  last_seq: number;
  last_message: string | null;
  last_message_at: number | null;
  buyer_last_read_seq: number;
  seller_last_read_seq: number;
  max_seq: number;
  messages: number;
  exp_message: string | null;
  exp_at: number | null;
  buyer_sent: number;
  seller_sent: number;
  first_reply_ms: number | null;
  exp_first_reply: number | null;
}

/** Rooms asked at once. */
const ROOMS_AT_ONCE = 25;

/**
 * The database whose conversations' rows a chat check reads: the core, or with the chats switch on the
 * accounts database being walked (`whereChatsLive`).
 */
const chatsDb = (env: Env) => (chatsWithAccounts(env) && env.accountsDb) || env.DB;

/** One read of a batch of chats, with what each one's room holds; the chat checks share it per cursor. */
const chatBatch = async (env: Env, cursor: string | null, batchRows: number) => {
  const { results } = await chatsDb(env).prepare(
    `SELECT id, buyer_id, seller_id, last_seq, last_message, last_message_at, buyer_last_read_seq, seller_last_read_seq, first_reply_ms
     FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2`,
  )
    .bind(cursor ?? '', batchRows)
    .all<Omit<ChatRow, 'max_seq' | 'messages' | 'exp_message' | 'exp_at' | 'buyer_sent' | 'seller_sent' | 'exp_first_reply'>>();
  const rooms = env.ChatRoom;
  if (!rooms) throw new Error('the chat checks read the chat rooms: run them in the worker (its daily check), not from the command line');
  const rows: ChatRow[] = [];
  for (let i = 0; i < results.length; i += ROOMS_AT_ONCE) {
    const chunk = results.slice(i, i + ROOMS_AT_ONCE);
    const summaries = await Promise.all(chunk.map((c) => rooms.get(rooms.idFromName(c.id)).summary()));
    for (const [j, c] of chunk.entries()) {
      const r = summaries[j]!;
      rows.push({
        ...c,
        max_seq: r.maxSeq,
        messages: r.count,
        exp_message: r.lastContent,
        exp_at: r.lastAt,
        buyer_sent: r.sentBy[c.buyer_id] ?? 0,
        seller_sent: r.sentBy[c.seller_id] ?? 0,
        // what the room sets (decision 026): in a conversation the buyer opened, the time from the first message to the seller's first; null until the seller answers
        exp_first_reply: r.first?.senderId === c.buyer_id && r.firstAt[c.seller_id] !== undefined ? Math.max(0, r.firstAt[c.seller_id]! - r.first.at) : null,
      });
    }
  }
  return { results: rows, next: results.length < batchRows ? null : results[results.length - 1]!.id };
};

/**
 * Sets each field found to what the room says, only where D1 still keeps the value the scan saw:
 * a message or a read mark that landed meanwhile is not undone.
 */
const repairChatFields = async (env: Env, found: Found[]) => {
  const db = chatsDb(env);
  const statements = found.map((f) => db.prepare(`UPDATE chats SET ${f.field} = ?1 WHERE id = ?2 AND ${f.field} IS ?3`).bind(f.expected, f.id, f.kept));
  const results = await db.batch(statements);
  return new Set(found.filter((_, i) => (results[i]?.meta.changes ?? 0) > 0).map((f) => f.id)).size;
};

const chatCheck = (name: string, table: string, source: string, repairable: boolean, problems: (r: ChatRow) => Found[]): Check => ({
  name,
  table,
  source,
  repairable,
  async scan(env, cursor, { batchRows }) {
    const { results, next } = await chatBatch(env, cursor, batchRows);
    return { rows: results.length, found: results.flatMap(problems), next };
  },
  ...(repairable ? { repair: (env: Env, found: Found[]) => repairChatFields(env, found) } : {}),
});

const chatLastSeq = chatCheck('chats.last_seq', 'chats.last_seq', "the highest seq of the chat's messages (in its room)", true, (r) =>
  r.last_seq !== r.max_seq ? [{ id: r.id, field: 'last_seq', expected: r.max_seq, kept: r.last_seq }] : [],
);

const chatPreview = chatCheck(
  'chats.last_message',
  'chats.last_message, chats.last_message_at',
  "the chat's newest message in its room (first 200 characters) and its time",
  true,
  (r) => [
    ...(r.last_message !== r.exp_message ? [{ id: r.id, field: 'last_message', expected: r.exp_message, kept: r.last_message }] : []),
    ...(r.last_message_at !== r.exp_at ? [{ id: r.id, field: 'last_message_at', expected: r.exp_at, kept: r.last_message_at }] : []),
  ],
);

/** A read mark is at least the member's own newest message (the sender has read it) and at most the newest message. */
const clamp = (kept: number, low: number, high: number) => Math.min(Math.max(kept, low), high);

const chatReadMarks = chatCheck(
  'chats.read_marks',
  'chats.buyer_last_read_seq, chats.seller_last_read_seq',
  "between the member's own newest message and the chat's newest message",
  true,
  (r) =>
    (
      [
        ['buyer_last_read_seq', r.buyer_last_read_seq, r.buyer_sent],
        ['seller_last_read_seq', r.seller_last_read_seq, r.seller_sent],
      ] as const
    ).flatMap(([field, kept, sent]) => {
      const expected = clamp(kept, sent, r.max_seq);
      return expected !== kept ? [{ id: r.id, field, expected, kept, note: `allowed ${Math.min(sent, r.max_seq)}..${r.max_seq}` }] : [];
    }),
);

const chatSequence = chatCheck(
  'messages.seq',
  'room_messages.seq',
  "1..n without gaps within each chat's room (the room numbers them; a gap is a lost message, which nothing here can restore)",
  false,
  (r) => (r.messages !== r.max_seq ? [{ id: r.id, field: 'message count', expected: r.max_seq, kept: r.messages, note: `${r.max_seq - r.messages} sequence numbers missing` }] : []),
);

const chatFirstReply = chatCheck(
  'chats.first_reply_ms',
  'chats.first_reply_ms',
  "the time from the buyer's opening message to the seller's first message (none until the seller answers)",
  true,
  (r) => (r.first_reply_ms !== r.exp_first_reply ? [{ id: r.id, field: 'first_reply_ms', expected: r.exp_first_reply, kept: r.first_reply_ms }] : []),
);

/**
 * D1's `messages` table is left from before decision 031: every message lives in its room, and the
 * hourly move job copies a conversation's D1 rows into its room and deletes them. Until a migration
 * drops the table, this check names every conversation that still has rows there (the move has not
 * reached it, or kept them for a gap in the room): clean means no D1 history is left, which with the
 * move job's mark (`chat-history-move:d1-empty` in KV) says the table may go. Report only: the move
 * job is the one that moves them. One indexed count per conversation, in batches of conversations.
 */
const historyMoved: Check = {
  name: 'messages.moved',
  table: 'messages',
  source: "the conversation's room, which holds every message (decision 031): D1 keeps none once moved",
  repairable: false,
  async scan(env, cursor, { batchRows }) {
    const { results } = await env.DB.prepare(
      `SELECT c.id, (SELECT count(*) FROM messages m WHERE m.chat_id = c.id) AS n FROM chats c WHERE c.id > ?1 ORDER BY c.id LIMIT ?2`,
    )
      .bind(cursor ?? '', batchRows)
      .all<{ id: string; n: number }>();
    return {
      rows: results.length,
      found: results.filter((r) => r.n > 0).map((r) => ({ id: r.id, field: 'messages in D1', expected: 0, kept: r.n, note: 'not moved into its room yet (the hourly move job does it)' })),
      next: results.length < batchRows ? null : results[results.length - 1]!.id,
    };
  },
};

/**
 * The core's rows of conversations against their copies in the buyers' accounts databases (decision
 * 034, worker/services/chat/chats-move.ts), once the move has finished a whole pass (`chats-move:done`;
 * before, a missing copy is the move not having got there yet). Walks the core's `chats` by id; each
 * batch's copies are read in their buyers' databases side by side. A copy missing, or behind the core
 * (a lower `last_seq` or read mark, a first reply time or an archived ad's title the core has and the
 * copy lacks; with the switch off, the core's stars too, members star there) is reported. A copy ahead
 * of the core is not: with the switch on the room and the members write the copy, and the core stands
 * still. Repair writes the core's row as it is now through the move's own forward-only statement, so
 * it never undoes what the copy took meanwhile (decision 018).
 */
const chatCopies: Check = {
  name: 'chats.copies',
  table: "chats (the copy in its buyer's accounts database)",
  source: "the core's row of the conversation, as the move copies it",
  repairable: true,
  accountsSplitOnly: true,
  afterChatsMove: true,
  async scan(env, cursor, { batchRows }) {
    const { results } = await env.DB.prepare(`SELECT ${CHAT_COLUMNS.join(', ')} FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2`)
      .bind(cursor ?? '', batchRows)
      .all<ChatRecord>();
    const databases = accountsDatabases(env);
    const copies = results.length ? await copiesOf(env, results) : new Map<string, ChatRecord>();
    const starsFromCore = !chatsWithAccounts(env);
    const found: Found[] = [];
    for (const core of results) {
      const database = accountsDatabaseName(databases.length, databases.indexOf(accountsDbForUser(env, core.buyer_id)));
      const copy = copies.get(core.id);
      if (!copy) {
        found.push({ id: core.id, field: 'copy', expected: 'present', kept: null, database, note: "no row in its buyer's database" });
        continue;
      }
      for (const f of copyBehind(core, copy, starsFromCore)) found.push({ id: core.id, field: f, expected: core[f] as string | number | null, kept: copy[f] as string | number | null, database });
    }
    return { rows: results.length, found, next: results.length < batchRows ? null : results[results.length - 1]!.id };
  },
  async repair(env, found) {
    // the core's rows as they are now, written forward only (the move's statement)
    const { results } = await env.DB.prepare(`SELECT ${CHAT_COLUMNS.join(', ')} FROM chats WHERE id IN (SELECT value FROM json_each(?1))`).bind(ids(found)).all<ChatRecord>();
    if (results.length) await copyChatRows(env, results, !chatsWithAccounts(env));
    return results.length;
  },
};

// ---------------------------------------------------------------- saved searches

const MATCHER_OF = (s: string) => `(SELECT x.id FROM saved_search_matchers x WHERE x.scope = ${s}.scope AND x.place_id = ${s}.place_id AND x.matcher = ${s}.matcher)`;

/** Where the saved searches and their shared queries are: the accounts database being checked, or `DB` with one. */
const searchesDb = (env: Env) => env.accountsDb ?? env.DB;

const savedSearchMatcher: Check = {
  name: 'saved_searches.matcher_id',
  table: 'saved_searches.matcher_id',
  source: 'the saved_search_matchers row with the same scope, place and compiled matcher (in the same accounts database)',
  repairable: true,
  async scan(env, cursor, { batchRows }) {
    const { results } = await searchesDb(env).prepare(
      `SELECT s.id, s.matcher_id AS kept, ${MATCHER_OF('s')} AS expected FROM (SELECT id, scope, place_id, matcher, matcher_id FROM saved_searches WHERE id > ?1 ORDER BY id LIMIT ?2) s`,
    )
      .bind(cursor ?? '', batchRows)
      .all<{ id: string; kept: number | null; expected: number | null }>();
    return {
      rows: results.length,
      found: results
        .filter((r) => r.expected === null || r.kept !== r.expected)
        .map((r) => ({ id: r.id, field: 'matcher_id', expected: r.expected, kept: r.kept, ...(r.expected === null ? { note: 'its shared query row is missing' } : {}) })),
      next: results.length < batchRows ? null : results[results.length - 1]!.id,
    };
  },
  async repair(env, found, now) {
    const list = ids(found);
    const db = searchesDb(env);
    // one batch: the shared query row exists (the same insert a save does), then the search points at it
    const [, pointed] = await db.batch([
      db.prepare(
        `INSERT INTO saved_search_matchers (scope, place_id, matcher, created_at)
         SELECT scope, place_id, matcher, ?2 FROM saved_searches WHERE id IN (SELECT value FROM json_each(?1)) AND true
         ON CONFLICT (scope, place_id, matcher) DO NOTHING`,
      ).bind(list, now),
      db.prepare(`UPDATE saved_searches AS s SET matcher_id = ${MATCHER_OF('s')} WHERE s.id IN (SELECT value FROM json_each(?1)) AND s.matcher_id IS NOT ${MATCHER_OF('s')}`).bind(list),
    ]);
    return pointed!.meta.changes;
  },
};

/** Composite keyset cursor of saved_query_matches: "matcherId|listingId". */
const matchCursor = (cursor: string | null): [number, string] => {
  if (!cursor) return [-1, ''];
  const bar = cursor.indexOf('|');
  return [Number(cursor.slice(0, bar)), cursor.slice(bar + 1)];
};

/**
 * With several listings databases (decision 033), or the matches in the buyers' accounts databases
 * (decision 034), the matches and the ads are not in one database: a batch of matches, then the
 * matched ads' sellers from their own databases, side by side (one more round trip per batch). A
 * match of an ad found in no database is ignored, as with one database.
 */
const matchSellerAcrossDatabases = async (env: Env, matcherId: number, listingId: string, batchRows: number): Promise<Scan> => {
  const { results } = await searchesDb(env).prepare(
    `SELECT matcher_id, listing_id, seller_id AS kept FROM saved_query_matches WHERE (matcher_id, listing_id) > (?1, ?2) ORDER BY matcher_id, listing_id LIMIT ?3`,
  )
    .bind(matcherId, listingId, batchRows)
    .all<{ matcher_id: number; listing_id: string; kept: string }>();
  const sellers = await sellersOf(env, results.map((r) => r.listing_id));
  const last = results[results.length - 1];
  return {
    rows: results.length,
    found: results.flatMap((r) => {
      const expected = sellers.get(r.listing_id);
      return expected !== undefined && expected !== r.kept ? [{ id: `${r.matcher_id}|${r.listing_id}`, ref: r.listing_id, field: 'seller_id', expected, kept: r.kept }] : [];
    }),
    next: results.length < batchRows || !last ? null : `${last.matcher_id}|${last.listing_id}`,
  };
};

/** Each ad's seller, read from the ad's own database (all databases side by side). */
const sellersOf = async (env: Env, listingIds: string[]) => {
  const unique = [...new Set(listingIds)];
  const rows = unique.length ? await listingRowsByIds<{ id: string; user_id: string }>(env, unique, 'l.id, l.user_id') : [];
  return new Map(rows.map((r) => [r.id, r.user_id]));
};

/**
 * The ads' sellers read again from their databases as they are now, then set on the core's matches
 * in one statement (an ad's seller never changes, so nothing can move between the read and the write).
 */
const repairMatchSellers = async (env: Env, found: Found[]) => {
  const sellers = await sellersOf(env, found.map((f) => String(f.ref ?? f.id)));
  if (!sellers.size) return 0;
  const res = await searchesDb(env).prepare(
    `UPDATE saved_query_matches AS q SET seller_id = j.value ->> 1 FROM json_each(?1) j
     WHERE q.listing_id = j.value ->> 0 AND q.seller_id != j.value ->> 1`,
  )
    .bind(json([...sellers]))
    .run();
  return res.meta.changes;
};

const matchSeller: Check = {
  name: 'saved_query_matches.seller_id',
  table: 'saved_query_matches.seller_id',
  source: "the matched listing's user_id",
  repairable: true,
  async scan(env, cursor, { batchRows }) {
    const [matcherId, listingId] = matchCursor(cursor);
    if (isSharded(env) || env.accountsDb) return matchSellerAcrossDatabases(env, matcherId, listingId, batchRows);
    const { results } = await env.DB.prepare(
      `SELECT q.matcher_id, q.listing_id, q.seller_id AS kept, l.user_id AS expected
       FROM (SELECT matcher_id, listing_id, seller_id FROM saved_query_matches WHERE (matcher_id, listing_id) > (?1, ?2) ORDER BY matcher_id, listing_id LIMIT ?3) q
       LEFT JOIN listings l ON l.id = q.listing_id`,
    )
      .bind(matcherId, listingId, batchRows)
      .all<{ matcher_id: number; listing_id: string; kept: string; expected: string | null }>();
    const last = results[results.length - 1];
    return {
      rows: results.length,
      // a match of a deleted ad counts for nobody (newCount joins the live ads): not a disagreement
      found: results
        .filter((r) => r.expected !== null && r.kept !== r.expected)
        .map((r) => ({ id: `${r.matcher_id}|${r.listing_id}`, ref: r.listing_id, field: 'seller_id', expected: r.expected, kept: r.kept })),
      next: results.length < batchRows || !last ? null : `${last.matcher_id}|${last.listing_id}`,
    };
  },
  async repair(env, found) {
    if (isSharded(env) || env.accountsDb) return repairMatchSellers(env, found);
    const res = await env.DB.prepare(
      `UPDATE saved_query_matches AS q SET seller_id = (SELECT l.user_id FROM listings l WHERE l.id = q.listing_id)
       WHERE q.listing_id IN (SELECT value FROM json_each(?1)) AND EXISTS (SELECT 1 FROM listings l WHERE l.id = q.listing_id AND l.user_id != q.seller_id)`,
    )
      .bind(ids(found))
      .run();
    return res.meta.changes;
  },
};

// ---------------------------------------------------------------- paid promotions on the ad

const PROMO_MAX = (listing: string, column: string, type: string) =>
  `(SELECT max(${column}) FROM listing_promotions p WHERE p.listing_id = ${listing} AND p.type = '${type}')`;

/** An ad's promotion columns as kept, beside what its promotions say. */
interface PromotedAd {
  id: string | null;
  featured_until: number | null;
  is_featured: number;
  bumped_at: number | null;
  exp_until: number | null;
  exp_bump: number | null;
}

/** The ad's columns that disagree with its promotions (none for a deleted ad: its promotions' effect went with it). */
const promotionFindings = (r: PromotedAd, now: number): Found[] => {
  if (!r.id) return [];
  const found: Found[] = [];
  // with several databases the kept columns travel with each finding: the repair sets only an ad still holding them
  const ref = json([r.id, r.featured_until, r.is_featured, r.bumped_at]);
  if (r.exp_until !== null && r.featured_until !== r.exp_until) found.push({ id: r.id, ref, field: 'featured_until', expected: r.exp_until, kept: r.featured_until });
  const until = r.exp_until ?? r.featured_until;
  if (until !== null) {
    const featured = until > now ? 1 : until <= now - FEATURE_EXPIRY_GRACE_MS ? 0 : r.is_featured;
    if (featured !== r.is_featured) found.push({ id: r.id, ref, field: 'is_featured', expected: featured, kept: r.is_featured });
  }
  if (r.exp_bump !== null && r.bumped_at !== r.exp_bump) found.push({ id: r.id, ref, field: 'bumped_at', expected: r.exp_bump, kept: r.bumped_at });
  return found;
};

/** Per ad, the latest FEATURED end and BOOST start of its promotions (from the core; the ad's id is `a.id`). */
const PROMOTED_SQL = `SELECT a.id AS cursor, ${PROMO_MAX('a.id', 'ends_at', 'FEATURED')} AS exp_until, ${PROMO_MAX('a.id', 'starts_at', 'BOOST')} AS exp_bump`;

/**
 * With several listings databases (decision 033) the promotions are the core's (a promotion spends a
 * credit there first) and the ads are in their own databases: a batch of promoted ads with their
 * latest end and start from the core, then the ads' columns from their databases, side by side.
 */
const promotionsAcrossDatabases = async (env: Env, cursor: string | null, now: number, batchRows: number, from: D1Database = env.DB): Promise<Scan> => {
  const { results } = await from.prepare(`${PROMOTED_SQL} FROM (SELECT DISTINCT listing_id AS id FROM listing_promotions WHERE listing_id > ?1 ORDER BY listing_id LIMIT ?2) a`)
    .bind(cursor ?? '', batchRows)
    .all<{ cursor: string; exp_until: number | null; exp_bump: number | null }>();
  const ads = results.length
    ? new Map((await listingRowsByIds<PromotedAd & { id: string }>(env, results.map((r) => r.cursor), 'l.id, l.featured_until, l.is_featured, l.bumped_at')).map((a) => [a.id, a]))
    : new Map<string, PromotedAd>();
  const found = results.flatMap((r) => {
    const ad = ads.get(r.cursor);
    return ad ? promotionFindings({ ...ad, exp_until: r.exp_until, exp_bump: r.exp_bump }, now) : [];
  });
  return { rows: results.length, found, next: results.length < batchRows ? null : results[results.length - 1]!.cursor };
};

/**
 * With several accounts databases (decision 034) the promotions live in their sellers' databases (the
 * core keeps those not moved yet): one database at a time, the core first, cursor "database|last ad
 * id", each batch as `promotionsAcrossDatabases` reads it.
 */
const promotionsInSellersDatabases = async (env: Env, cursor: string | null, now: number, batchRows: number): Promise<Scan> => {
  const databases = [env.DB, ...accountsDatabases(env)];
  const { at, after } = databaseCursor(cursor);
  const scan = await promotionsAcrossDatabases(env, after || null, now, batchRows, databases[at]!);
  return { ...scan, next: scan.next ? `${at}|${scan.next}` : at + 1 < databases.length ? `${at + 1}|` : null };
};

/** "database|last id" → where a scan over several databases goes on (the first database from the start). */
const databaseCursor = (cursor: string | null) => {
  const bar = cursor ? cursor.indexOf('|') : -1;
  return { at: cursor && bar > 0 ? Number(cursor.slice(0, bar)) : 0, after: cursor && bar > 0 ? cursor.slice(bar + 1) : '' };
};

/**
 * The promotions read again as they are now (from the core, and with several accounts databases from
 * each of them too, side by side: the latest end and start over all), then each ad set in its own
 * database (all side by side), compare-and-set on the columns the scan saw: a promotion that lands
 * meanwhile writes the ad itself, and the repair then leaves that ad alone (the next run looks again).
 */
const repairPromotionsAcrossDatabases = async (env: Env, found: Found[], now: number) => {
  const kept = new Map(found.map((f) => [f.id, JSON.parse(String(f.ref)) as [string, number | null, number, number | null]]));
  const sources = accountsSplit(env) ? [env.DB, ...accountsDatabases(env)] : [env.DB];
  const latest = new Map<string, { cursor: string; exp_until: number | null; exp_bump: number | null }>();
  const max = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
  for (const { results: rows } of await Promise.all(
    sources.map((source) =>
      source.prepare(`${PROMOTED_SQL} FROM (SELECT value AS id FROM json_each(?1)) a`).bind(json([...kept.keys()])).all<{ cursor: string; exp_until: number | null; exp_bump: number | null }>(),
    ),
  )) {
    for (const r of rows) {
      const seen = latest.get(r.cursor);
      latest.set(r.cursor, seen ? { cursor: r.cursor, exp_until: max(seen.exp_until, r.exp_until), exp_bump: max(seen.exp_bump, r.exp_bump) } : r);
    }
  }
  const results = [...latest.values()];
  const byDatabase = new Map<D1Database, unknown[][]>();
  for (const r of results) {
    const [, until, featured, bumped] = kept.get(r.cursor)!;
    const target = listingDbForId(env, r.cursor);
    byDatabase.set(target, [...(byDatabase.get(target) ?? []), [r.cursor, r.exp_until, r.exp_bump, until, featured, bumped]]);
  }
  const until = `coalesce(j.value ->> 1, l.featured_until)`;
  const changed = await Promise.all(
    [...byDatabase].map(async ([target, rows]) =>
      (
        await target
          .prepare(
            `UPDATE listings AS l SET featured_until = ${until},
               is_featured = CASE WHEN ${until} > ?2 THEN 1 WHEN ${until} <= ?2 - ?3 THEN 0 ELSE l.is_featured END,
               bumped_at = coalesce(j.value ->> 2, l.bumped_at)
             FROM json_each(?1) j
             WHERE l.id = j.value ->> 0 AND l.featured_until IS j.value ->> 3 AND l.is_featured = j.value ->> 4 AND l.bumped_at IS j.value ->> 5`,
          )
          .bind(json(rows), now, FEATURE_EXPIRY_GRACE_MS)
          .run()
      ).meta.changes,
    ),
  );
  return changed.reduce((n, c) => n + c, 0);
};

const promotions: Check = {
  name: 'listings.promotions',
  table: 'listings.featured_until, listings.is_featured, listings.bumped_at',
  source: "the ad's listing_promotions: latest FEATURED end, latest BOOST start",
  repairable: true,
  listingVisible: true,
  async scan(env, cursor, { now, batchRows }) {
    if (accountsSplit(env)) return promotionsInSellersDatabases(env, cursor, now, batchRows);
    if (isSharded(env)) return promotionsAcrossDatabases(env, cursor, now, batchRows);
    const { results } = await env.DB.prepare(
      `SELECT l.id, l.featured_until, l.is_featured, l.bumped_at,
         ${PROMO_MAX('l.id', 'ends_at', 'FEATURED')} AS exp_until, ${PROMO_MAX('l.id', 'starts_at', 'BOOST')} AS exp_bump, p.id AS cursor
       FROM (SELECT DISTINCT listing_id AS id FROM listing_promotions WHERE listing_id > ?1 ORDER BY listing_id LIMIT ?2) p
       LEFT JOIN listings l ON l.id = p.id`,
    )
      .bind(cursor ?? '', batchRows)
      .all<{ id: string | null; featured_until: number | null; is_featured: number; bumped_at: number | null; exp_until: number | null; exp_bump: number | null; cursor: string }>();
    const found = results.flatMap((r) => promotionFindings(r, now));
    return { rows: results.length, found, next: results.length < batchRows ? null : results[results.length - 1]!.cursor };
  },
  async repair(env, found, now) {
    if (isSharded(env) || accountsSplit(env)) return repairPromotionsAcrossDatabases(env, found, now);
    const until = `coalesce(${PROMO_MAX('listings.id', 'ends_at', 'FEATURED')}, featured_until)`;
    const res = await env.DB.prepare(
      `UPDATE listings SET featured_until = ${until},
         is_featured = CASE WHEN ${until} > ?2 THEN 1 WHEN ${until} <= ?2 - ?3 THEN 0 ELSE is_featured END,
         bumped_at = coalesce(${PROMO_MAX('listings.id', 'starts_at', 'BOOST')}, bumped_at)
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
      .bind(json([...new Set(found.map((f) => f.id))]), now, FEATURE_EXPIRY_GRACE_MS)
      .run();
    return res.meta.changes;
  },
};

// ---------------------------------------------------------------- seller credits and paid orders

const CREDIT_USED = `((SELECT count(*) FROM ad_postings WHERE credit_id = c.id) + (SELECT count(*) FROM listing_promotions WHERE credit_id = c.id))`;

const creditUse: Check = {
  name: 'seller_credits.used',
  table: 'seller_credits.quantity',
  source: 'ads posted (ad_postings) and promotions (listing_promotions) that used the credit',
  repairable: false,
  async scan(env, cursor, { batchRows }) {
    // with several accounts databases (decision 034) a credit and its uses live in the seller's: one
    // database at a time, the core first (credits not moved yet), cursor "database|last id"
    const databases = accountsSplit(env) ? [env.DB, ...accountsDatabases(env)] : [env.DB];
    const { at, after } = accountsSplit(env) ? databaseCursor(cursor) : { at: 0, after: cursor ?? '' };
    const { results } = await databases[at]!.prepare(
      `SELECT c.id, c.quantity, ${CREDIT_USED} AS used FROM (SELECT id, quantity FROM seller_credits WHERE id > ?1 ORDER BY id LIMIT ?2) c`,
    )
      .bind(after, batchRows)
      .all<{ id: string; quantity: number; used: number }>();
    const database = at === 0 ? undefined : accountsDatabaseName(databases.length - 1, at - 1);
    const last = results.length < batchRows ? undefined : results[results.length - 1]!.id;
    return {
      rows: results.length,
      found: results
        .filter((r) => r.used > r.quantity)
        .map((r) => ({ id: r.id, field: 'units used', expected: r.quantity, kept: r.used, note: 'spent more units than the credit holds', ...(database ? { database } : {}) })),
      next: !accountsSplit(env) ? (last ?? null) : last ? `${at}|${last}` : at + 1 < databases.length ? `${at + 1}|` : null,
    };
  },
};

interface PaidOrderRow {
  id: string;
  status: string;
  invoice_number: string | null;
  items: number;
  credits: number;
}

const paidOrderFindings = (rows: PaidOrderRow[], database?: string): Found[] =>
  rows.flatMap((r) => {
    const paid = r.status === 'PAID';
    const found: Found[] = [];
    if (r.credits !== (paid ? r.items : 0)) found.push({ id: r.id, field: 'seller_credits rows', expected: paid ? r.items : 0, kept: r.credits });
    if (paid !== (r.invoice_number !== null)) found.push({ id: r.id, field: 'invoice_number', expected: paid ? 'a number' : null, kept: r.invoice_number });
    return database ? found.map((f) => ({ ...f, database })) : found;
  });

/**
 * The paid-orders check over the core and every accounts database, one database at a time; an order's
 * credits counted where it lives (granted beside it, decision 034), else in the core (granted there
 * before the split and not moved yet).
 */
const scanPaidOrdersApart = async (env: Env, cursor: string | null, batchRows: number): Promise<Scan> => {
  const databases = [env.DB, ...accountsDatabases(env)];
  const bar = cursor ? cursor.indexOf('|') : -1;
  const at = cursor && bar > 0 ? Number(cursor.slice(0, bar)) : 0;
  const after = cursor && bar > 0 ? cursor.slice(bar + 1) : '';
  const { results: orders } = await databases[at]!.prepare(
    'SELECT id, status, invoice_number, json_array_length(items) AS items FROM business_orders WHERE id > ?1 ORDER BY id LIMIT ?2',
  )
    .bind(after, batchRows)
    .all<Omit<PaidOrderRow, 'credits'>>();
  const countIn = (db: D1Database) =>
    db
      .prepare('SELECT order_id, count(*) AS n FROM seller_credits WHERE order_id IN (SELECT value FROM json_each(?1)) GROUP BY order_id')
      .bind(json(orders.map((o) => o.id)))
      .all<{ order_id: string; n: number }>()
      .then((r) => r.results);
  const [own, core] = orders.length ? await Promise.all([countIn(databases[at]!), at === 0 ? [] : countIn(env.DB)]) : [[], []];
  const credits = new Map([...core, ...own].map((c) => [c.order_id, c.n]));
  const found = paidOrderFindings(
    orders.map((o) => ({ ...o, credits: credits.get(o.id) ?? 0 })),
    at === 0 ? undefined : accountsDatabaseName(databases.length - 1, at - 1),
  );
  const last = orders[orders.length - 1];
  return { rows: orders.length, found, next: orders.length === batchRows && last ? `${at}|${last.id}` : at + 1 < databases.length ? `${at + 1}|` : null };
};

const paidOrders: Check = {
  name: 'business_orders.paid',
  table: 'business_orders (status PAID)',
  source: 'one seller_credits row per ordered package and an invoice number, written in the batch that paid it',
  repairable: false,
  async scan(env, cursor, { batchRows }) {
    // with several accounts databases the orders are in their sellers' (the core keeps those not moved
    // yet) and the credits in the core (decision 034): the cursor is "database|last id", the core first
    if (accountsSplit(env)) return scanPaidOrdersApart(env, cursor, batchRows);
    const { results } = await env.DB.prepare(
      `SELECT o.id, o.status, o.invoice_number, json_array_length(o.items) AS items,
         (SELECT count(*) FROM seller_credits c WHERE c.order_id = o.id) AS credits
       FROM (SELECT id, status, invoice_number, items FROM business_orders WHERE id > ?1 ORDER BY id LIMIT ?2) o`,
    )
      .bind(cursor ?? '', batchRows)
      .all<PaidOrderRow>();
    return { rows: results.length, found: paidOrderFindings(results), next: results.length < batchRows ? null : results[results.length - 1]!.id };
  },
};

// ---------------------------------------------------------------- invoice numbers

const INVOICE_PREFIX = (fy: string) => `SEL/${fy}/`;

/** Cursor: "financialYear|last invoice number read" (numbers sort as text: they are zero-padded). */
const invoiceSeries: Check = {
  name: 'invoice_counters.last_number',
  table: 'invoice_counters.last_number',
  source: 'the invoice numbers of paid orders: 1..last_number per financial year, each once, without gaps',
  repairable: true,
  async scan(env, cursor, { batchRows }) {
    const { results: years } = await env.DB.prepare('SELECT financial_year, last_number FROM invoice_counters ORDER BY financial_year').all<{ financial_year: string; last_number: number }>();
    const [fyAt, afterAt] = cursor ? [cursor.slice(0, cursor.indexOf('|')), cursor.slice(cursor.indexOf('|') + 1)] : [years[0]?.financial_year ?? '', ''];
    const year = years.find((y) => y.financial_year === fyAt);
    if (!year) return { rows: 0, found: [], next: null };
    const prefix = INVOICE_PREFIX(year.financial_year);
    let previous = afterAt ? Number(afterAt.slice(prefix.length)) : 0;
    // the core's paid orders, and the numbers recorded for orders kept in their sellers' accounts
    // databases (decision 034; none with one accounts database)
    const { results } = await env.DB.prepare(
      `SELECT n FROM (
         SELECT CAST(substr(invoice_number, ?3) AS INTEGER) AS n FROM business_orders WHERE invoice_number > ?1 AND invoice_number < ?2
         UNION SELECT number AS n FROM invoice_numbers WHERE financial_year = ?5 AND number > ?6
       ) ORDER BY n LIMIT ?4`,
    )
      .bind(afterAt || prefix, `${prefix}~`, prefix.length + 1, batchRows, year.financial_year, previous)
      .all<{ n: number }>();
    const found: Found[] = [];
    const gap = (from: number, to: number) =>
      found.push({ id: year.financial_year, field: 'invoice numbers', expected: from === to ? from : `${from}–${to}`, kept: null, note: `${to - from + 1} number(s) missing from the series` });
    for (const { n } of results) {
      if (n > previous + 1) gap(previous + 1, n - 1);
      previous = n;
    }
    const lastBatch = results.length < batchRows;
    if (lastBatch) {
      // the end of the year's series: the counter must be its last number
      if (year.last_number < previous) found.push({ id: year.financial_year, ref: previous, field: 'last_number', expected: previous, kept: year.last_number, note: 'behind the issued numbers: the next payment would be refused' });
      else if (year.last_number > previous) gap(previous + 1, year.last_number);
    }
    const nextYear = years[years.indexOf(year) + 1];
    const next = !lastBatch ? `${year.financial_year}|${prefix}${String(previous).padStart(6, '0')}` : nextYear ? `${nextYear.financial_year}|` : null;
    return { rows: results.length, found, next };
  },
  // only a counter behind its series is set (to the highest number issued); a gap is reported, never filled
  async repair(env, found) {
    let changed = 0;
    for (const f of found.filter((x) => x.field === 'last_number')) {
      changed += (await env.DB.prepare('UPDATE invoice_counters SET last_number = ?2 WHERE financial_year = ?1 AND last_number < ?2').bind(f.id, f.ref).run()).meta.changes;
    }
    return changed;
  },
};

// ---------------------------------------------------------------- ad stats

/** Reads of one batch retried while the view counter keeps writing between the checker's reads. */
const VIEW_SNAPSHOT_TRIES = 5;

const dailyViews: Check = {
  name: 'listing_daily_stats.views',
  table: 'listing_daily_stats.views',
  source: "the view counter object's viewers of the ad and day (each viewer once a day), on the days it still keeps them, less the views it has not written yet",
  repairable: true,
  // the counter forgets viewers of older days on purpose (decision 020): those days have no source left to compare with
  async scan(env, cursor, { batchRows, now }) {
    const counters = env.VIEW_COUNTER;
    if (!counters) throw new Error('the view check reads the view counter object: run it in the worker (its daily check), not from the command line');
    const counter = viewCounter({ VIEW_COUNTER: counters }, env.listingsShard);
    const [listingId, day] = cursor ? [cursor.slice(0, cursor.indexOf('|')), Number(cursor.slice(cursor.indexOf('|') + 1))] : ['', -1];
    // the counter's numbers and D1's agree only when no batch landed between the reads: its batch
    // number is read before and after D1, and the batch is read again if one did
    for (let attempt = 0; attempt < VIEW_SNAPSHOT_TRIES; attempt++) {
      const before = await counter.snapshot([]);
      const { results } = await env.DB.prepare(
        `SELECT listing_id, day, views AS kept FROM listing_daily_stats WHERE (listing_id, day) > (?1, ?2) AND day >= ?4 ORDER BY listing_id, day LIMIT ?3`,
      )
        .bind(listingId, day, batchRows, viewerRowCutoff(now))
        .all<{ listing_id: string; day: number; kept: number }>();
      const after = await counter.snapshot(results.map((r) => ({ listingId: r.listing_id, day: r.day })));
      if (before.writing || after.writing || before.seq !== after.seq) continue;
      const last = results[results.length - 1];
      return {
        rows: results.length,
        found: results
          .map((r, i) => ({ ...r, expected: after.viewers[i]! - after.unwritten[i]! }))
          .filter((r) => r.kept !== r.expected)
          .map((r) => ({ id: `${r.listing_id}|${r.day}`, field: 'views', expected: r.expected, kept: r.kept })),
        next: results.length < batchRows || !last ? null : `${last.listing_id}|${last.day}`,
      };
    }
    throw new Error('the view counter was writing at every read of this batch; the next run checks it');
  },
  // compare-and-set on the value scanned: a batch the counter writes meanwhile changes it, and the repair leaves the row alone
  async repair(env, found) {
    const rows = json(found.map((f) => [...f.id.split('|').map((v, i) => (i === 1 ? Number(v) : v)), f.expected, f.kept]));
    const res = await env.DB.prepare(
      `UPDATE listing_daily_stats AS s SET views = (SELECT k.value ->> 2 FROM json_each(?1) k WHERE k.value ->> 0 = s.listing_id AND k.value ->> 1 = s.day)
       WHERE EXISTS (SELECT 1 FROM json_each(?1) k WHERE k.value ->> 0 = s.listing_id AND k.value ->> 1 = s.day AND k.value ->> 3 = s.views)`,
    )
      .bind(rows)
      .run();
    return res.meta.changes;
  },
};

// ---------------------------------------------------------------- price ranges

/** The place a stored range is for, as the price guidance reads it (only its scope's id matters). */
const guidePlace = (r: Pick<GuideRow, 'group_key' | 'scope' | 'place_id'>): GroupPlace => ({
  group: r.group_key,
  cityId: r.scope === 'city' ? r.place_id : null,
  stateId: r.scope === 'state' ? r.place_id : null,
});

/** An ad of the group at the place changed at or after this moment: its row's refresh is due, not wrong. */
const changedSince = (env: { DB: D1Database }, r: GuideRow) => {
  const where =
    r.scope === 'city'
      ? 'INDEXED BY listings_price_group_city WHERE price_group = ?1 AND city_id = ?2'
      : r.scope === 'state'
        ? 'INDEXED BY listings_price_group_state WHERE price_group = ?1 AND state_id = ?2'
        : 'INDEXED BY listings_price_group WHERE price_group = ?1 AND ?2 = 0';
  return env.DB.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM listings ${where} AND updated_at >= ?3 LIMIT 1)`).bind(r.group_key, r.place_id, r.computed_at);
};

const GUIDE_FIELDS = ['ads', 'low_minor', 'median_minor', 'high_minor'] as const;

/**
 * Each stored range's samples as they were when it was computed, and whether an ad of its group at
 * its place changed since. One batch with one database; with several (decision 033) the samples of
 * each row from its place's databases (readGuideSamples) and the change probe in every database,
 * side by side.
 */
const guideSources = async (env: Env, rows: GuideRow[]): Promise<{ live: unknown[]; sold: unknown[]; changed: number }[]> => {
  if (!rows.length) return [];
  const databases = listingDatabases(env);
  if (databases.length === 1) {
    const reads = await env.DB.batch(rows.flatMap((r) => [...sampleStatements(env, r.scope as PriceScope, guidePlace(r), r.computed_at), changedSince(env, r)]));
    return rows.map((_, i) => ({ live: reads[i * 3]?.results ?? [], sold: reads[i * 3 + 1]?.results ?? [], changed: (reads[i * 3 + 2]?.results[0] as { n: number } | undefined)?.n ?? 0 }));
  }
  return Promise.all(
    rows.map(async (r) => {
      const [[samples], changes] = await Promise.all([
        readGuideSamples(env, [r.scope as PriceScope], guidePlace(r), r.computed_at),
        Promise.all(databases.map((db) => changedSince({ DB: db }, r).first<{ n: number }>())),
      ]);
      return { ...samples!, changed: changes.reduce((n, c) => n + (c?.n ?? 0), 0) };
    }),
  );
};

const priceGuides: Check = {
  name: 'price_guides',
  table: 'price_guides (count, 25th/50th/75th percentile)',
  source: 'the comparable ads as they were when the range was computed: newest live ads and ads sold in the window before (decision 026)',
  repairable: true,
  // Only rows still fresh are judged: an older one is recomputed on its next read and shown to nobody
  // as it is. A row whose group changed after it was computed is waiting for the refresh that write
  // started (or, after moderation, for its staleness): by design, not drift.
  async scan(env, cursor, { batchRows, now }) {
    const limit = Math.min(batchRows, GUIDE_BATCH_ROWS);
    const [g, sc, pl] = cursor ? (JSON.parse(cursor) as [string, string, number]) : ['', '', -1];
    const { results } = await env.DB.prepare(
      `SELECT * FROM price_guides WHERE (group_key, scope, place_id) > (?1, ?2, ?3) ORDER BY group_key, scope, place_id LIMIT ?4`,
    )
      .bind(g, sc, pl, limit)
      .all<GuideRow>();
    const fresh = results.filter((r) => now - r.computed_at < PRICE_GUIDANCE_RULES.staleAfterMinutes * 60_000);
    const samples = await guideSources(env, fresh);
    const found: Found[] = [];
    fresh.forEach((r, i) => {
      if (samples[i]!.changed > 0) return;
      const expected = guideFromSamples(r.group_key, r.scope as PriceScope, r.place_id, samples[i]!.live, samples[i]!.sold, r.computed_at);
      for (const field of GUIDE_FIELDS) {
        if (expected[field] !== r[field]) found.push({ id: `${r.group_key} ${r.scope}:${r.place_id}`, ref: json([r.group_key, r.scope, r.place_id]), field, expected: expected[field], kept: r[field] });
      }
    });
    const last = results[results.length - 1];
    return { rows: results.length, found, next: results.length < limit || !last ? null : json([last.group_key, last.scope, last.place_id]) };
  },
  // computed afresh from the ads as they are now, as a read of a stale row would (a newer refresh wins)
  async repair(env, found, now) {
    const keys = [...new Set(found.map((f) => String(f.ref)))].map((k) => JSON.parse(k) as [string, PriceScope, number]);
    const places = keys.map(([group_key, scope, place_id]) => ({ group_key, scope, place_id }));
    const reads = await Promise.all(places.map(async (r) => (await readGuideSamples(env, [r.scope], guidePlace(r), now))[0]!));
    const rows = places.map((r, i) => guideFromSamples(r.group_key, r.scope, r.place_id, reads[i]!.live, reads[i]!.sold, now));
    const written = await env.DB.batch(rows.map((r) => upsertGuide(env, r)));
    return written.reduce((n, w) => n + (w.meta.changes > 0 ? 1 : 0), 0);
  },
};

// ---------------------------------------------------------------- the ad archive in R2

type ArchiveFound = Found & { fix?: 'entry' };

/**
 * Cursor: "entries|<R2 cursor>" while reading the sellers' index entries (each checked against its
 * document), then "documents|<R2 cursor>" while reading the documents (each must have its entry).
 */
const archiveIndex: Check = {
  name: 'archive.seller_index',
  table: `R2 ${INDEX_PREFIX}{seller}/… (the Archived tab's entries and their cards)`,
  source: `the archived ads' documents, ${DOC_PREFIX}{id}.json (decision 021)`,
  repairable: true,
  async scan(env, cursor, { batchRows }) {
    const limit = Math.min(batchRows, ARCHIVE_BATCH_OBJECTS);
    const bar = cursor ? cursor.indexOf('|') : -1;
    const phase = cursor ? cursor.slice(0, bar) : 'entries';
    const r2Cursor = cursor ? cursor.slice(bar + 1) : '';
    const found: ArchiveFound[] = [];
    if (phase === 'entries') {
      const listed = await env.MEDIA.list({ prefix: INDEX_PREFIX, limit, include: ['customMetadata'], ...(r2Cursor ? { cursor: r2Cursor } : {}) });
      await Promise.all(
        listed.objects.map(async (o) => {
          const card = o.customMetadata ?? {};
          const id = card.id ?? o.key.slice(o.key.lastIndexOf('-') + 1);
          const object = await env.MEDIA.get(`${DOC_PREFIX}${id}.json`);
          if (!object) {
            found.push({ id, ref: o.key, field: 'document', expected: `${DOC_PREFIX}${id}.json`, kept: null, note: `entry ${o.key} lists an ad whose document is gone (report only: the card alone cannot be reopened or reposted)` });
            return;
          }
          const doc = (await object.json()) as ArchiveDocument;
          const own = object.customMetadata?.indexKey ?? indexKey(doc.userId, doc.archivedAt, doc.id);
          if (own !== o.key) {
            found.push({ id, ref: o.key, field: 'entry', expected: own, kept: o.key, note: "a second entry, or one under another seller's prefix (report only)" });
            return;
          }
          const expected = archiveCard(doc);
          for (const field of Object.keys(expected)) {
            if (card[field] !== expected[field]) found.push({ id, ref: o.key, field: `card.${field}`, expected: expected[field]!, kept: card[field] ?? null, fix: 'entry' });
          }
        }),
      );
      const next = listed.truncated ? `entries|${listed.cursor}` : 'documents|';
      return { rows: listed.objects.length, found, next };
    }
    const listed = await env.MEDIA.list({ prefix: DOC_PREFIX, limit, include: ['customMetadata'], ...(r2Cursor ? { cursor: r2Cursor } : {}) });
    await Promise.all(
      listed.objects.map(async (o) => {
        const id = o.key.slice(DOC_PREFIX.length, -'.json'.length);
        const entry = o.customMetadata?.indexKey;
        if (entry && (await env.MEDIA.head(entry))) return;
        found.push({ id, ref: entry ?? '', field: 'index entry', expected: entry ?? 'an entry', kept: null, note: "missing: the seller's Archived tab does not list the ad", fix: 'entry' });
      }),
    );
    return { rows: listed.objects.length, found, next: listed.truncated ? `documents|${listed.cursor}` : null };
  },
  // an entry missing or with a card that differs is written again from the document (what archiving
  // writes, so a concurrent run writes the same); entries without their document are left to a person
  async repair(env, found) {
    let changed = 0;
    for (const id of new Set((found as ArchiveFound[]).filter((f) => f.fix === 'entry').map((f) => f.id))) {
      const object = await env.MEDIA.get(`${DOC_PREFIX}${id}.json`);
      if (!object) continue;
      const doc = (await object.json()) as ArchiveDocument;
      await env.MEDIA.put(object.customMetadata?.indexKey ?? indexKey(doc.userId, doc.archivedAt, doc.id), '', { customMetadata: archiveCard(doc) });
      changed++;
    }
    return changed;
  },
};

// ---------------------------------------------------------------- cached counts (KV)

const CACHED_COUNTS: { key: string; load: (env: Env) => Promise<Record<string, number>> }[] = [
  { key: 'counts:categories', load: categoryCountsFromDb },
  { key: 'counts:locations', load: locationCountsFromDb },
];

const cachedCounts: Check = {
  name: 'kv.counts',
  table: 'KV cache: counts:categories, counts:locations (current version)',
  source: 'live listings grouped by category and by place',
  repairable: true,
  async scan(env) {
    // read straight from KV, not through the per-isolate memo of the version
    const version = (await env.CACHE.get('cache-version:listings')) ?? '0';
    const found: Found[] = [];
    for (const { key, load } of CACHED_COUNTS) {
      const fullKey = `${key}:v${version}`;
      const kept = await env.CACHE.get<Record<string, number>>(fullKey, 'json');
      if (!kept) continue; // nothing cached: nothing can disagree
      const expected = await load(env);
      for (const id of new Set([...Object.keys(kept), ...Object.keys(expected)])) {
        if ((kept[id] ?? 0) !== (expected[id] ?? 0)) found.push({ id: `${key}[${id}]`, ref: fullKey, field: 'count', expected: expected[id] ?? 0, kept: kept[id] ?? 0 });
      }
    }
    return { rows: CACHED_COUNTS.length, found, next: null };
  },
  // a cached value is only a copy: dropping it makes the next reader count afresh
  async repair(env, found) {
    const keys = [...new Set(found.map((f) => String(f.ref)))];
    await Promise.all(keys.map((k) => env.CACHE.delete(k)));
    return found.length;
  },
};

// ---------------------------------------------------------------- listings over several databases

/** The environment a listings check sees inside listings database `i` (decision 033). */
const inListingsDatabase = (env: Env, i: number): Env => ({
  ...env,
  DB: listingDatabases(env)[i]!,
  // inside, the check sees one database, as it was written for
  LISTING_DATABASES: undefined,
  coreDb: env.DB,
  listingsShard: viewShards(env)[i],
});

/**
 * A check of values kept in the listings tables, run in every listings database one after the
 * other (its cursor says which: "i|cursor in that database"). With one database the check itself,
 * unchanged. Each disagreement names its database, and the repair goes to that database.
 */
const inEveryListingsDatabase = (check: Check): Check => ({
  ...check,
  async scan(env, cursor, ctx) {
    const count = listingDatabases(env).length;
    if (count === 1) return check.scan(env, cursor, ctx);
    const bar = cursor ? cursor.indexOf('|') : -1;
    const at = cursor && bar > 0 ? Number(cursor.slice(0, bar)) : 0;
    const inner = cursor && bar > 0 ? cursor.slice(bar + 1) || null : null;
    const scan = await check.scan(inListingsDatabase(env, at), inner, ctx);
    const database = viewShards(env)[at]!;
    return {
      rows: scan.rows,
      found: scan.found.map((f) => ({ ...f, database })),
      next: scan.next !== null ? `${at}|${scan.next}` : at + 1 < count ? `${at + 1}|` : null,
    };
  },
  ...(check.repair
    ? {
        async repair(env: Env, found: Found[], now: number) {
          const names = viewShards(env);
          if (names.length === 1) return check.repair!(env, found, now);
          let changed = 0;
          for (const [i, name] of names.entries()) {
            const here = found.filter((f) => f.database === name);
            if (here.length) changed += await check.repair!(inListingsDatabase(env, i), here, now);
          }
          return changed;
        },
      }
    : {}),
});

// ---------------------------------------------------------------- seller cards

/** What a listing shows of its seller: the columns a card copies from the core's users row (shard-writes.ts). */
const CARD_FIELDS = ['username', 'first_name', 'last_name', 'business_name', 'avatar', 'is_verified', 'created_at'] as const;
type CardRow = { id: string } & Record<(typeof CARD_FIELDS)[number], string | number | null>;

/** The core, as the card check sees it: set inside a listings database; with one, `DB` itself once `users` has moved (its rows are then the cards). */
const cardsCore = (env: Env): D1Database | undefined => env.coreDb ?? (usersWithAccounts(env) ? env.DB : undefined);

/**
 * The sellers' accounts behind these cards, read where `users` lives. Inside a listings check `DB` is
 * that listings database, so the reader is handed the core as `DB` (with the switch off it asks the
 * core alone, the statement it always was).
 */
const accountsOfCards = <T extends { id: string } = CardRow>(env: Env, core: D1Database, ids: string[], columns: readonly string[]) =>
  readUsers<T>({ ...env, DB: core }, ids, columns);

/**
 * With several listings databases each carries a card of every seller with ads there (decision 033):
 * each must equal the public columns of the seller's account, read where `users` lives
 * (worker/db/users.ts: the core, or with the switch on each seller's accounts database, one statement
 * per database side by side). With one listings database the card is the core's row of the account:
 * nothing to compare until `users` moves, and then the core's rows are the cards, compared the same way.
 */
const sellerCards: Check = {
  name: 'seller_cards',
  table: "users in each listings database (the seller card: username, names, business name, avatar, verified, member since)",
  source: "the same columns of the seller's users row (in the core, or its accounts database once users has moved)",
  repairable: true,
  listingVisible: true,
  severalDatabasesOnly: true,
  alsoWithUsersMoved: true,
  async scan(env, cursor, { batchRows }) {
    const core = cardsCore(env);
    if (!core) return { rows: 0, found: [], next: null };
    const { results: cards } = await env.DB.prepare(`SELECT id, ${CARD_FIELDS.join(', ')} FROM users WHERE id > ?1 ORDER BY id LIMIT ?2`)
      .bind(cursor ?? '', batchRows)
      .all<CardRow>();
    const byId = await accountsOfCards(env, core, cards.map((c) => c.id), CARD_FIELDS);
    const found: Found[] = [];
    for (const card of cards) {
      const account = byId.get(card.id);
      if (!account) {
        found.push({ id: card.id, field: 'account', expected: null, kept: card.id, note: 'a card whose account is missing (report only: its ads need a person)' });
        continue;
      }
      for (const field of CARD_FIELDS) if (card[field] !== account[field]) found.push({ id: card.id, field, expected: account[field], kept: card[field] });
    }
    const last = cards[cards.length - 1];
    return { rows: cards.length, found, next: cards.length < batchRows || !last ? null : last.id };
  },
  // copied again from the account as it is now, as posting writes it (a profile change meanwhile writes the same)
  async repair(env, found) {
    const core = cardsCore(env);
    const fix = [...new Set(found.filter((f) => f.field !== 'account').map((f) => f.id))];
    if (!core || !fix.length) return 0;
    const results = [...(await accountsOfCards<CardRow & { updated_at: number }>(env, core, fix, [...CARD_FIELDS, 'updated_at'])).values()];
    if (!results.length) return 0;
    const written = await env.DB.batch(
      results.map((a) =>
        env.DB.prepare(`UPDATE users SET ${CARD_FIELDS.map((f) => `${f} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).bind(...CARD_FIELDS.map((f) => a[f]), a.updated_at, a.id),
      ),
    );
    return written.reduce((n, w) => n + (w.meta.changes > 0 ? 1 : 0), 0);
  },
};

// ---------------------------------------------------------------- photo copies

/** A photo row's columns a listings database copies (shard-writes.ts), as both sides are compared. */
const PHOTO_FIELDS = ['r2_key', 'owner_id', 'content_type', 'bytes', 'width', 'height', 'position', 'created_at'] as const;
type PhotoCopyRow = { id: string; listing_id: string } & Record<(typeof PHOTO_FIELDS)[number], string | number | null>;
const PHOTO_READ = `SELECT id, listing_id, ${PHOTO_FIELDS.join(', ')} FROM media WHERE listing_id IN (SELECT value FROM json_each(?1))`;

/**
 * With several listings databases each ad's database keeps copies of its photo rows, so the ad's
 * read carries its photos in one statement (decision 033); the core keeps the photo rows themselves
 * (ownership, hash and print, what the uploads wrote). Per ad: the same photos, in the same order,
 * with the same columns. The core is the source: uploads write the rows there, and posting and
 * edits copy them from there (decision 018, "Photo copies", says where the code writes the copy first).
 */
const photoCopies: Check = {
  name: 'media.copies',
  table: "media in each listings database (the copies of an ad's photo rows: key, owner, type, size, dimensions, position, time)",
  source: "the core's media rows of the same ad",
  repairable: true,
  listingVisible: true,
  severalDatabasesOnly: true,
  async scan(env, cursor, { batchRows }) {
    const core = env.coreDb;
    if (!core) return { rows: 0, found: [], next: null };
    const { results: ads } = await env.DB.prepare('SELECT id, updated_at FROM listings WHERE id > ?1 ORDER BY id LIMIT ?2')
      .bind(cursor ?? '', batchRows)
      .all<{ id: string; updated_at: number }>();
    if (!ads.length) return { rows: 0, found: [], next: null };
    const list = json(ads.map((a) => a.id));
    // the ads' copies here and the core's rows of the same ads, side by side
    const [{ results: copies }, { results: originals }] = await Promise.all([
      env.DB.prepare(PHOTO_READ).bind(list).all<PhotoCopyRow>(),
      core.prepare(PHOTO_READ).bind(list).all<PhotoCopyRow>(),
    ]);
    const copyOf = new Map(copies.map((c) => [c.id, c]));
    const originalOf = new Map(originals.map((o) => [o.id, o]));
    // the repair replaces an ad's copies only while the ad is the version scanned (an edit meanwhile writes its own)
    const version = new Map(ads.map((a) => [a.id, a.updated_at]));
    const ref = (listingId: string) => json([listingId, version.get(listingId)]);
    const found: Found[] = [];
    for (const c of copies) {
      const o = originalOf.get(c.id);
      if (!o) {
        found.push({ id: c.id, ref: ref(c.listing_id), field: 'core row', expected: null, kept: c.r2_key, note: `a copy in ad ${c.listing_id} whose photo the core does not give that ad` });
        continue;
      }
      for (const field of PHOTO_FIELDS) if (c[field] !== o[field]) found.push({ id: c.id, ref: ref(c.listing_id), field, expected: o[field], kept: c[field], note: `photo of ad ${c.listing_id}` });
    }
    for (const o of originals) {
      if (!copyOf.has(o.id)) found.push({ id: o.id, ref: ref(o.listing_id), field: 'copy', expected: o.r2_key, kept: null, note: `the core gives ad ${o.listing_id} this photo; the ad does not show it` });
    }
    return { rows: ads.length, found, next: ads.length < batchRows ? null : ads[ads.length - 1]!.id };
  },
  // Each ad's copies are written anew from the core's rows as they are now, in one batch (a
  // transaction), every statement conditional on the ad still being the version scanned.
  async repair(env, found) {
    const core = env.coreDb;
    if (!core || !found.length) return 0;
    const ads = new Map(found.map((f) => JSON.parse(String(f.ref)) as [string, number]));
    const { results: originals } = await core.prepare(`${PHOTO_READ} ORDER BY listing_id, position`).bind(json([...ads.keys()])).all<PhotoCopyRow>();
    const statements: D1PreparedStatement[] = [];
    const owners: string[] = [];
    for (const [listingId, updatedAt] of ads) {
      const rows = originals.filter((o) => o.listing_id === listingId);
      const guard = photoCopyGuard(listingId, updatedAt);
      for (const statement of [
        env.DB.prepare(`DELETE FROM media WHERE listing_id = ? AND ${guard.sql}`).bind(listingId, ...guard.params),
        ...photoCopyInserts(env.DB, rows, guard),
      ]) {
        statements.push(statement);
        owners.push(listingId);
      }
    }
    const results = await env.DB.batch(statements);
    const rewritten = new Set(owners.filter((_, i) => (results[i]?.meta.changes ?? 0) > 0));
    // the rows found are repaired when their ad's copies were written anew
    return new Set(found.filter((f) => rewritten.has((JSON.parse(String(f.ref)) as [string])[0])).map((f) => f.id)).size;
  },
};

const photoCopyGuard = (listingId: string, updatedAt: number) => ({ sql: 'EXISTS (SELECT 1 FROM listings WHERE id = ? AND updated_at = ?)', params: [listingId, updatedAt] });

/** An ad's photo copies from these core rows, in one statement whatever their number (one JSON parameter). */
const photoCopyInserts = (db: D1Database, rows: PhotoCopyRow[], guard: { sql: string; params: unknown[] }) =>
  rows.length
    ? [
        db
          .prepare(
            `INSERT INTO media (id, listing_id, ${PHOTO_FIELDS.join(', ')}, state)
             SELECT value ->> 0, value ->> 1, ${PHOTO_FIELDS.map((_, k) => `value ->> ${k + 2}`).join(', ')}, 'READY' FROM json_each(?) WHERE ${guard.sql}`,
          )
          .bind(json(rows.map((r) => [r.id, r.listing_id, ...PHOTO_FIELDS.map((f) => r[f])])), ...guard.params),
      ]
    : [];

// ---------------------------------------------------------------- per-user rows whose user or ad is gone

/**
 * Per-user rows live in their user's accounts database (decision 034), and those databases share no
 * foreign key or transaction with the core (the users) or the listings databases (the ads). Account
 * deletion and the archive remove a user's or an ad's rows there, but a step interrupted between
 * databases, or a favourite set while its ad was being archived, can leave a row that points at
 * nothing. Its readers skip it; the checker finds it and repair removes it. With one accounts
 * database the same rows are in `DB` and the same check runs there.
 */
type PerUserRow = { rid: number; user_id: string; other: string };

/** An accounts database's name in reports; none with one (it is the core). */
const accountsDatabaseName = (count: number, i: number) => (count > 1 ? `accounts-${i}` : undefined);

/**
 * Of these user ids, the accounts that are gone: no row, or the tombstone deletion leaves (status
 * DELETED), read where `users` lives (worker/db/users.ts), one statement per database side by side.
 */
const goneAccounts = async (env: Env, userIds: string[]): Promise<Set<string>> => {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Set();
  const rows = await readUsers<{ id: string; status: string }>(env, ids, ['status']);
  const here = new Set([...rows.values()].filter((r) => r.status !== 'DELETED').map((r) => r.id));
  return new Set(ids.filter((id) => !here.has(id)));
};

/**
 * Of these ad ids, the ads that are gone: in no listings database under that id (each asked in its
 * own, side by side) and not moved from it. An ad moved to another group of states (decision 033)
 * keeps answering by its old id through its `listing_moves` row until the move's last step has
 * re-pointed the favourites, so a favourite still naming the old id is not an orphan.
 */
const goneAds = async (env: Env, listingIds: string[]): Promise<Set<string>> => {
  const ids = [...new Set(listingIds)];
  if (!ids.length) return new Set();
  const here = new Set((await listingRowsByIds<{ id: string }>(env, ids, 'l.id')).map((r) => r.id));
  const missing = ids.filter((id) => !here.has(id));
  if (!missing.length || !isSharded(env)) return new Set(missing);
  const byDatabase = new Map<D1Database, string[]>();
  for (const id of missing) byDatabase.set(listingDbForId(env, id), [...(byDatabase.get(listingDbForId(env, id)) ?? []), id]);
  const moved = await Promise.all(
    [...byDatabase].map(async ([db, some]) =>
      (await db.prepare('SELECT old_id FROM listing_moves WHERE old_id IN (SELECT value FROM json_each(?1))').bind(json(some)).all<{ old_id: string }>()).results.map((r) => r.old_id),
    ),
  );
  const stillAnswering = new Set(moved.flat());
  return new Set(missing.filter((id) => !stillAnswering.has(id)));
};

/**
 * A check of one per-user table in every accounts database, one after the other (the cursor says
 * which: "i|rowid"), a batch of rows by rowid per statement. `judge` says which rows of a batch
 * point at something gone; repair deletes exactly those rows (by their key) in their database.
 * A row found is gone for good: an account deleted or missing, an ad gone without a move, never
 * come back, so deleting it later is as right as at the scan.
 */
const perUserOrphans = (o: {
  name: string;
  table: string;
  source: string;
  from: 'favorites' | 'cart_items' | 'saved_searches' | 'chat_members';
  /** the key's column beside user_id */
  other: 'listing_id' | 'package_id' | 'id' | 'chat_id';
  judge: (env: Env, rows: PerUserRow[]) => Promise<Found[]>;
}): Check => ({
  name: o.name,
  table: o.table,
  source: o.source,
  repairable: true,
  async scan(env, cursor, { batchRows }) {
    const databases = accountsDatabases(env);
    const bar = cursor ? cursor.indexOf('|') : -1;
    const at = cursor && bar > 0 ? Number(cursor.slice(0, bar)) : 0;
    const after = cursor && bar > 0 ? Number(cursor.slice(bar + 1) || 0) : 0;
    const { results: rows } = await databases[at]!.prepare(`SELECT rowid AS rid, user_id, ${o.other} AS other FROM ${o.from} WHERE rowid > ?1 ORDER BY rowid LIMIT ?2`)
      .bind(after, batchRows)
      .all<PerUserRow>();
    const database = accountsDatabaseName(databases.length, at);
    const found = (await o.judge(env, rows)).map((f) => (database ? { ...f, database } : f));
    const last = rows[rows.length - 1];
    return { rows: rows.length, found, next: rows.length === batchRows && last ? `${at}|${last.rid}` : at + 1 < databases.length ? `${at + 1}|` : null };
  },
  async repair(env, found) {
    const databases = accountsDatabases(env);
    const changed = await Promise.all(
      databases.map(async (db, i) => {
        const name = accountsDatabaseName(databases.length, i);
        const keys = [...new Set(found.filter((f) => f.database === name).map((f) => String(f.ref)))];
        if (!keys.length) return 0;
        const done = await db
          .prepare(`DELETE FROM ${o.from} WHERE (user_id, ${o.other}) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?1))`)
          .bind(`[${keys.join(',')}]`)
          .run();
        return done.meta.changes;
      }),
    );
    return changed.reduce((n, c) => n + c, 0);
  },
});

/** The row's id in reports (user and the key's other half) and the key the repair deletes by. */
const perUserKey = (r: PerUserRow) => ({ id: `${r.user_id}/${r.other}`, ref: json([r.user_id, r.other]) });

const orphanFavourites = perUserOrphans({
  name: 'favorites.orphans',
  table: "favorites in each accounts database (a buyer's favourite ad)",
  source: "the buyer's account (not deleted) and the ad (in its listings database, or moved from that id)",
  from: 'favorites',
  other: 'listing_id',
  async judge(env, rows) {
    const [accounts, ads] = await Promise.all([goneAccounts(env, rows.map((r) => r.user_id)), goneAds(env, rows.map((r) => r.other))]);
    return rows.flatMap((r): Found[] => [
      ...(accounts.has(r.user_id) ? [{ ...perUserKey(r), field: 'user_id', expected: null, kept: r.user_id, note: "the buyer's account is gone (deleted or missing)" }] : []),
      ...(ads.has(r.other) ? [{ ...perUserKey(r), field: 'listing_id', expected: null, kept: r.other, note: 'the ad is gone (not in its listings database, not moved)' }] : []),
    ]);
  },
});

const orphanCartLines = perUserOrphans({
  name: 'cart_items.orphans',
  table: "cart_items in each accounts database (a seller's cart line)",
  source: "the seller's account (not deleted)",
  from: 'cart_items',
  other: 'package_id',
  async judge(env, rows) {
    const accounts = await goneAccounts(env, rows.map((r) => r.user_id));
    return rows.filter((r) => accounts.has(r.user_id)).map((r) => ({ ...perUserKey(r), field: 'user_id', expected: null, kept: r.user_id, note: "the seller's account is gone (deleted or missing)" }));
  },
});

const orphanSavedSearches = perUserOrphans({
  name: 'saved_searches.orphans',
  table: "saved_searches in each accounts database (a buyer's saved search)",
  source: "the buyer's account (not deleted): deletion removes the searches after the core's batch, so a failure between leaves them",
  from: 'saved_searches',
  other: 'id',
  async judge(env, rows) {
    const accounts = await goneAccounts(env, rows.map((r) => r.user_id));
    return rows.filter((r) => accounts.has(r.user_id)).map((r) => ({ ...perUserKey(r), field: 'user_id', expected: null, kept: r.user_id, note: "the buyer's account is gone (deleted or missing)" }));
  },
});

/**
 * A member's chat list row whose conversation is gone from the core (decision 034): the archive removes
 * both in turn, so a run cut between leaves the members' rows, which would list a conversation that
 * answers 410. The core's row is written before its members' rows and a conversation's id is never
 * used again, so a row found here is gone for good.
 */
const orphanChatMembers: Check = {
  ...perUserOrphans({
    name: 'chat_members.orphans',
    table: "chat_members in each accounts database (a member's chat list row)",
    source: "the conversation's row in the core (chats), its directory",
    from: 'chat_members',
    other: 'chat_id',
    async judge(env, rows) {
      const ids = [...new Set(rows.map((r) => r.other))];
      if (!ids.length) return [];
      const here = chatsWithAccounts(env) ? await conversationsInBuyersDatabases(env, rows) : await conversationsIn(env.DB, ids);
      const where = chatsWithAccounts(env) ? "the conversation is gone from its buyer's database" : 'the conversation is gone from the core';
      return rows.filter((r) => !here.has(r.other)).map((r) => ({ ...perUserKey(r), field: 'chat_id', expected: null, kept: r.other, note: where }));
    },
  }),
  accountsSplitOnly: true,
};

/** Which of these conversations have a row in `db`. */
const conversationsIn = async (db: D1Database, ids: string[]) =>
  new Set((await db.prepare('SELECT id FROM chats WHERE id IN (SELECT value FROM json_each(?1))').bind(json(ids)).all<{ id: string }>()).results.map((r) => r.id));

/**
 * With the conversations' rows in their buyers' databases (worker/db/chats.ts): which of these members'
 * rows' conversations exist there. A tagged id names its database; an older one's buyer is the member
 * (role BUYER) or the other member, read from the members' own rows (one more read, in their database).
 * The databases are then asked side by side.
 */
const conversationsInBuyersDatabases = async (env: Env, rows: PerUserRow[]) => {
  const untagged = rows.filter((r) => !chatDbFor(env, r.other));
  const buyerOf = new Map<string, string>();
  if (untagged.length) {
    const byDb = new Map<D1Database, [string, string][]>();
    for (const r of untagged) {
      const db = accountsDbForUser(env, r.user_id);
      byDb.set(db, [...(byDb.get(db) ?? []), [r.user_id, r.other]]);
    }
    const read = await Promise.all(
      [...byDb].map(([db, keys]) =>
        db
          .prepare(`SELECT user_id, chat_id, role, other_id FROM chat_members WHERE (user_id, chat_id) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?1))`)
          .bind(json(keys))
          .all<{ user_id: string; chat_id: string; role: string; other_id: string }>(),
      ),
    );
    for (const m of read.flatMap((x) => x.results)) buyerOf.set(m.chat_id, m.role === 'BUYER' ? m.user_id : m.other_id);
  }
  const idsByDb = new Map<D1Database, string[]>();
  for (const r of rows) {
    const db = chatDbFor(env, r.other, buyerOf.get(r.other));
    // a member's row gone meanwhile: nothing to judge (the next run sees whatever is left)
    if (db) idsByDb.set(db, [...(idsByDb.get(db) ?? []), r.other]);
  }
  const here = new Set<string>(untagged.filter((r) => !buyerOf.has(r.other)).map((r) => r.other));
  for (const found of await Promise.all([...idsByDb].map(([db, ids]) => conversationsIn(db, [...new Set(ids)])))) for (const id of found) here.add(id);
  return here;
};

/**
 * With the chats switch on, a conversation's row has both members' chat list rows (decision 034): the
 * creation writes them beside the answer and the room on each commit, so a crash between can leave one
 * missing, and the member would not see the conversation in their list. Walks each accounts database's
 * conversations; a missing member row is written from the conversation's row with the forward-only
 * upsert (decision 018: never undoing what landed meanwhile). The other way round, a member's row whose
 * conversation is gone, is `chat_members.orphans`. Nothing to do with the switch off.
 */
const chatsHaveMembers: Check = {
  name: 'chats.members',
  table: "chat_members of both members of each conversation in its buyer's accounts database",
  source: "the conversation's row (chats) in its buyer's database: its ad, members, counters and stars",
  repairable: true,
  accountsSplitOnly: true,
  chatsWithAccountsOnly: true,
  async scan(env, cursor, { batchRows }) {
    if (!chatsWithAccounts(env) || !env.accountsDb) return { rows: 0, found: [], next: null };
    const { results } = await env.accountsDb
      .prepare(`SELECT ${CONVERSATION_COLUMNS} FROM chats WHERE id > ?1 ORDER BY id LIMIT ?2`)
      .bind(cursor ?? '', batchRows)
      .all<ConversationState>();
    const expected = results.flatMap(memberRowsOf);
    const byDb = new Map<D1Database, ChatMemberValues[]>();
    for (const e of expected) {
      const db = accountsDbForUser(env, e.user_id);
      byDb.set(db, [...(byDb.get(db) ?? []), e]);
    }
    const kept = await Promise.all(
      [...byDb].map(([db, some]) =>
        db
          .prepare(`SELECT user_id, chat_id FROM chat_members WHERE (user_id, chat_id) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?1))`)
          .bind(json(some.map((e) => [e.user_id, e.chat_id])))
          .all<{ user_id: string; chat_id: string }>(),
      ),
    );
    const present = new Set(kept.flatMap((k) => k.results.map((r) => `${r.chat_id}/${r.user_id}`)));
    return {
      rows: results.length,
      found: expected
        .filter((e) => !present.has(`${e.chat_id}/${e.user_id}`))
        .map((e) => ({ id: `${e.chat_id}/${e.user_id}`, field: 'chat_members row', expected: 'present', kept: null, note: `the ${e.role.toLowerCase()} has no chat list row for this conversation`, ref: json(e) })),
      next: results.length < batchRows ? null : results[results.length - 1]!.id,
    };
  },
  async repair(env, found) {
    const rows = found.map((f) => JSON.parse(String(f.ref)) as ChatMemberValues);
    if (rows.length) await writeMemberRows(env, rows);
    return rows.length;
  },
};

/**
 * A check of conversations' rows (the `chats.*` checks): in the core with the chats switch off,
 * unchanged; with it on, in every accounts database one after the other (the cursor says which: "i|cursor
 * in that database"), with `accountsDb` set to it. A finding that names its own database (a member's
 * chat list row) keeps it; the others name the database walked, where their repair goes.
 */
const whereChatsLive = (check: Check): Check => overAccountsDatabases(check, (env) => chatsWithAccounts(env), 'own');

// ---------------------------------------------------------------- per-user values in every accounts database

/**
 * A check of values kept in per-user tables (decision 034), run in every accounts database one after
 * the other (its cursor says which: "i|cursor in that database"), with `accountsDb` set to it and
 * `DB` still the core. With one accounts database the check itself, unchanged. Each disagreement
 * names its database (`accounts-N`), and the repair goes to that database.
 */
const inEveryAccountsDatabase = (check: Check): Check => overAccountsDatabases(check, (env) => accountsDatabases(env).length > 1, 'walked');

/**
 * A check walked over every accounts database when `walks(env)`, else the check itself: its cursor
 * "i|cursor in that database", `accountsDb` set to the database walked (`DB` still the core), each
 * finding naming a database — the walked one, or (`own`) its own when it already names one — and the
 * repair of each finding run in the database it names.
 */
const overAccountsDatabases = (check: Check, walks: (env: Env) => boolean, findingsName: 'own' | 'walked'): Check => ({
  ...check,
  async scan(env, cursor, ctx) {
    if (!walks(env)) return check.scan(env, cursor, ctx);
    const databases = accountsDatabases(env);
    const bar = cursor ? cursor.indexOf('|') : -1;
    const at = cursor && bar > 0 ? Number(cursor.slice(0, bar)) : 0;
    const inner = cursor && bar > 0 ? cursor.slice(bar + 1) || null : null;
    const scan = await check.scan({ ...env, accountsDb: databases[at]! }, inner, ctx);
    const database = accountsDatabaseName(databases.length, at)!;
    return {
      rows: scan.rows,
      found: scan.found.map((f) => (findingsName === 'own' ? { database, ...f } : { ...f, database })),
      next: scan.next !== null ? `${at}|${scan.next}` : at + 1 < databases.length ? `${at + 1}|` : null,
    };
  },
  ...(check.repair
    ? {
        async repair(env: Env, found: Found[], now: number) {
          if (!walks(env)) return check.repair!(env, found, now);
          const databases = accountsDatabases(env);
          let changed = 0;
          for (const [i, db] of databases.entries()) {
            const here = found.filter((f) => f.database === accountsDatabaseName(databases.length, i));
            if (here.length) changed += await check.repair!({ ...env, accountsDb: db }, here, now);
          }
          return changed;
        },
      }
    : {}),
});

// ---------------------------------------------------------------- the identifier directory

const STALE_WHY = {
  missing: 'the account it names does not exist (a sign-up stopped after its claim)',
  deleted: 'the account it names is deleted (a deletion stopped before its release)',
  'not held': 'the account it names no longer holds this identifier (a change whose release was lost)',
} as const;

/**
 * Directory rows (decision 034) that name an account missing, deleted or not holding the
 * identifier, older than the claim grace: removed, exactly the row found (decision 018: a kept copy
 * that no source backs goes). Walks every accounts database in turn, a batch of keys per statement.
 */
const staleIdentifierClaims: Check = {
  name: 'identifiers.claims',
  table: 'identifiers in each accounts database (who holds an e-mail, phone or Google id)',
  source: "the account it names (exists, not deleted, holds the identifier), once the claim is older than the claim grace",
  repairable: true,
  accountsSplitOnly: true,
  async scan(env, cursor, { batchRows, now }) {
    const n = accountsDatabases(env).length;
    const scan = await scanStaleClaims(env, cursor, batchRows, now);
    const found = scan.stale.map((c): Found => ({
      id: `${c.kind}:${c.hash}`,
      field: 'user_id',
      expected: null,
      kept: c.userId,
      note: STALE_WHY[c.why],
      database: accountsDatabaseName(n, c.database),
      ref: json([c.database, c.kind, c.hash, c.userId, c.createdAt]),
    }));
    return { rows: scan.rows, found, next: scan.next };
  },
  async repair(env, found) {
    const rows = found.map((f) => JSON.parse(String(f.ref)) as [number, string, string, string, number]);
    return removeStaleClaims(env, rows.map(([database, kind, hash, userId, createdAt]) => ({ database, kind, hash, userId, createdAt })));
  },
};

const CONFLICT = 'conflict';

/**
 * Every account's identifiers have their directory row (decision 034), once the backfill (the
 * hourly cron, or `npm run accounts:backfill-directory`) has finished a pass: before, accounts made
 * while there was one accounts database have none by design (sign-in falls back to `users`). Repair
 * writes a missing row; a row naming another account is a conflict: reported, never overwritten.
 */
const missingIdentifiers: Check = {
  name: 'identifiers.missing',
  table: "identifiers in the accounts database of each identifier's hash",
  source: "each account's e-mail, phone and Google id (users, not deleted)",
  repairable: true,
  accountsSplitOnly: true,
  afterDirectoryBackfill: true,
  async scan(env, cursor, { batchRows }) {
    const n = accountsDatabases(env).length;
    const scan = await scanMissingIdentifiers(env, cursor, batchRows);
    const found = [
      ...scan.missing.map((e): Found => ({
        id: `${e.userId}/${e.kind}`,
        field: 'user_id',
        expected: e.userId,
        kept: null,
        note: 'no directory row for this identifier',
        database: accountsDatabaseName(n, e.database),
        ref: json([e.database, e.kind, e.hash, e.userId]),
      })),
      ...scan.conflicts.map((e): Found => ({
        id: `${e.userId}/${e.kind}`,
        field: 'user_id',
        expected: e.userId,
        kept: e.owner ?? null,
        note: 'the directory names another account: reported, not overwritten (identifiers.claims removes it if stale; a person must look otherwise)',
        database: accountsDatabaseName(n, e.database),
        ref: CONFLICT,
      })),
    ];
    return { rows: scan.accounts, found, next: scan.next };
  },
  async repair(env, found, now) {
    const rows = found.filter((f) => f.ref !== CONFLICT).map((f) => JSON.parse(String(f.ref)) as [number, IdentifierKind, string, string]);
    return writeMissingIdentifiers(env, rows.map(([database, kind, hash, userId]) => ({ database, kind, hash, userId })), now);
  },
};

// ---------------------------------------------------------------- the members' chat list rows

/**
 * Each member's chat list row (decision 034, migration 0053) against the conversation's row in the core:
 * worker/services/chat/chat-members-check.ts says what is compared and how it is repaired.
 */
const chatMemberRows: Check = {
  name: 'chat_members.rows',
  table: "chat_members in each member's accounts database",
  source: "the conversation's room (last message, seqs) and its row in the core (members, ad, stars): never moved back",
  repairable: true,
  accountsSplitOnly: true,
  scan: (env, cursor, { batchRows }) => scanChatMembers(env, cursor, batchRows, chatsDb(env)),
  repair: (env, found) => repairChatMembers(env, found as ChatMemberFinding[]),
};

// ---------------------------------------------------------------- users and their copies

/**
 * Each core `users` row against its copy in the user's accounts database (decision 034), while both
 * exist: from the first finished copy pass (worker/services/accounts/users-copy.ts) until the core's
 * rows are retired. With the switch off the core is the source: a missing or differing copy is
 * repaired from the core's row, guarded on the copy's `updated_at` as scanned. With the switch on the
 * copy is the source: the core's rows that differ are reported (they are retired, not repaired) and
 * a missing copy is reported for a person (the copy's window pass writes it). The derived live-ad
 * counts are left out (`USERS_COPY.derivedColumns`).
 */
const userCopies: Check = {
  name: 'users.copies',
  table: "users in each user's accounts database (the copy the switch will read)",
  source: 'users in the core while the switch is off; with it on, the copy is the source and the core rows that differ are reported',
  repairable: true,
  accountsSplitOnly: true,
  afterUsersCopy: true,
  async scan(env, cursor, { batchRows }) {
    const n = accountsDatabases(env).length;
    const on = usersWithAccounts(env);
    const scan = await compareUserCopies(env, cursor, batchRows);
    const found = scan.differences.map((d): Found => ({
      id: d.id,
      field: d.field,
      expected: (on ? d.kept : d.expected) as Found['expected'],
      kept: (on ? d.expected : d.kept) as Found['kept'],
      note:
        d.copyUpdatedAt === null
          ? on
            ? 'no copy in its accounts database: the account cannot be read (the copy job writes it)'
            : 'no copy in its accounts database yet'
          : on
            ? "the core's row differs from the account's copy (the source since the switch): retired with the core's rows, not repaired"
            : "the copy differs from the core's row",
      database: accountsDatabaseName(n, d.database),
      ref: json([d.database, d.id, d.copyUpdatedAt]),
    }));
    return { rows: scan.rows, found, next: scan.next };
  },
  async repair(env, found) {
    if (usersWithAccounts(env)) return 0;
    const rows = found.map((f) => JSON.parse(String(f.ref)) as [number, string, number | null]);
    return repairUserCopies(env, rows.map(([database, id, copyUpdatedAt]) => ({ database, id, copyUpdatedAt })));
  },
};

/**
 * After the core's `users` rows were retired (worker/services/accounts/users-retire.ts, a whole pass
 * recorded): with several listings databases no core row may be left; with one, the rows are the
 * seller cards and none may hold a private column again (`USERS_RETIRE.clearedColumns`). A row found
 * is one a write path put back, or one changed while the pass read it: the repair retires it the same
 * guarded way, only if its copy is there and at least as new (otherwise it is reported and left).
 */
const retiredUsers: Check = {
  name: 'users.retired',
  table: "users in the core (deleted with several listings databases; with one, seller cards without private columns)",
  source: "each account's own row in its accounts database, since the core's rows were retired",
  repairable: true,
  accountsSplitOnly: true,
  afterUsersRetired: true,
  async scan(env, cursor, { batchRows }) {
    const clear = retireMode(env) === 'clear';
    const { results } = await env.DB.prepare(
      `SELECT id, updated_at FROM users WHERE id > ?1${clear ? ` AND NOT (${CLEARED_SQL})` : ''} ORDER BY id LIMIT ?2`,
    )
      .bind(cursor ?? '', batchRows)
      .all<{ id: string; updated_at: number }>();
    const last = results[results.length - 1];
    return {
      rows: results.length,
      found: results.map((r) => ({
        id: r.id,
        field: clear ? 'private columns' : 'id',
        expected: null,
        kept: clear ? 'set' : r.id,
        note: clear ? "a seller card in the core holds private columns again (retired: the account's own row is the source)" : "a core users row after the core's rows were retired",
        ref: r.updated_at,
      })),
      next: results.length === batchRows && last ? last.id : null,
    };
  },
  async repair(env, found) {
    const rows = found.map((f) => ({ id: f.id, updated_at: Number(f.ref) }));
    const unsafe = new Set((await unsafeToRetire(env, rows)).map((u) => u.id));
    return retireRows(env, rows.filter((r) => !unsafe.has(r.id)));
  },
};

// ---------------------------------------------------------------- the runner

/** In order: a chat's last_seq is repaired before the read marks that are bounded by it. */
export const CHECKS: readonly Check[] = [
  inEveryListingsDatabase(liveAds),
  // after the own counts, whose repair marks the sellers it changed (this check leaves marked sellers to the job)
  liveAdsElsewhere,
  inEveryListingsDatabase(searchIndex),
  // where the conversations' rows live: the core, or with the chats switch on each buyer's accounts database
  whereChatsLive(chatLastSeq),
  whereChatsLive(chatPreview),
  whereChatsLive(chatReadMarks),
  whereChatsLive(chatSequence),
  whereChatsLive(chatFirstReply),
  // the members' chat list rows, against the same rooms
  whereChatsLive(chatMemberRows),
  // with the chats switch on: each conversation's row has both members' chat list rows
  inEveryAccountsDatabase(chatsHaveMembers),
  historyMoved,
  // the core's conversations against their copies in the buyers' databases, once the move has made them
  chatCopies,
  inEveryAccountsDatabase(savedSearchMatcher),
  inEveryAccountsDatabase(matchSeller),
  promotions,
  creditUse,
  paidOrders,
  invoiceSeries,
  inEveryListingsDatabase(dailyViews),
  priceGuides,
  archiveIndex,
  cachedCounts,
  inEveryListingsDatabase(sellerCards),
  inEveryListingsDatabase(photoCopies),
  orphanFavourites,
  orphanCartLines,
  orphanSavedSearches,
  orphanChatMembers,
  // stale claims first, so a row freed by their removal is written by the missing rows' repair
  staleIdentifierClaims,
  missingIdentifiers,
  userCopies,
  retiredUsers,
];

export const CHECK_NAMES = CHECKS.map((c) => c.name);
/** Checks that only run with several listings databases (decision 033): a run with one leaves them out. */
export const SEVERAL_DATABASES_CHECK_NAMES = CHECKS.filter((c) => c.severalDatabasesOnly).map((c) => c.name);
/** Checks that run only with the conversations' rows in their buyers' accounts databases (the chats switch on). */
export const CHATS_WITH_ACCOUNTS_CHECK_NAMES = CHECKS.filter((c) => c.chatsWithAccountsOnly).map((c) => c.name);
/** Checks that run only once the move of the conversations' rows has finished a pass (`chats-move:done`). */
export const AFTER_CHATS_MOVE_CHECK_NAMES = CHECKS.filter((c) => c.afterChatsMove).map((c) => c.name);
/** Checks that read Durable Objects (the chat rooms, the view counter): only the worker, which has them, runs these; the command line skips them. */
export const ROOM_CHECK_NAMES = [chatLastSeq, chatPreview, chatReadMarks, chatSequence, chatFirstReply, chatMemberRows, dailyViews].map((c) => c.name);

const rowsOf = (found: Found[]) => new Set(found.map((f) => f.id)).size;

/** Runs the checks (optionally repairing), batch by batch, and reports what disagreed. */
export const runConsistencyChecks = async (env: Env, options: RunOptions = {}): Promise<ConsistencyReport> => {
  const started = Date.now();
  const now = options.now ?? started;
  const ctx: ScanContext = { now, batchRows: options.batchRows ?? BATCH_ROWS, ftsRange: options.ftsRange ?? FTS_RANGE };
  const unknown = options.only?.filter((n) => !CHECK_NAMES.includes(n)) ?? [];
  if (unknown.length) throw new Error(`unknown check(s): ${unknown.join(', ')} (known: ${CHECK_NAMES.join(', ')})`);
  const reports: CheckReport[] = [];
  let listingVisibleRepairs = 0;
  const severalDatabases = listingDatabases(env).length > 1;
  const accountsApart = accountsSplit(env);
  const backfilled = accountsApart && (await directoryBackfilled(env.CACHE));
  const usersCopied = accountsApart && (usersWithAccounts(env) || (await readUsersCopyState(env.CACHE)).lastPass !== null);
  // once the core's rows are retired there is nothing left to compare with the copies: users.retired takes over
  const usersRetired = accountsApart && usersWithAccounts(env) && (await readUsersRetireState(env.CACHE)).finishedAt !== null;
  const chatsMoved = accountsApart && (await env.CACHE.get(CHATS_MOVE_DONE)) !== null;
  for (const check of CHECKS) {
    if (options.only && !options.only.includes(check.name)) continue;
    if (check.severalDatabasesOnly && !severalDatabases && !(check.alsoWithUsersMoved && usersWithAccounts(env))) continue;
    if (check.accountsSplitOnly && !accountsApart) continue;
    if (check.afterDirectoryBackfill && !backfilled) continue;
    if (check.afterUsersCopy && (!usersCopied || usersRetired)) continue;
    if (check.afterUsersRetired && !usersRetired) continue;
    if (check.chatsWithAccountsOnly && !chatsWithAccounts(env)) continue;
    if (check.afterChatsMove && !chatsMoved) continue;
    const report: CheckReport = {
      name: check.name,
      table: check.table,
      source: check.source,
      repairable: check.repairable,
      rowsChecked: 0,
      batches: 0,
      ms: 0,
      rows: 0,
      disagreements: [],
      repaired: 0,
      remaining: 0,
      complete: true,
    };
    const checkStarted = Date.now();
    let cursor: string | null = options.startFrom?.[check.name] ?? null;
    do {
      if (options.deadline !== undefined && Date.now() >= options.deadline) {
        report.complete = false;
        report.resumeFrom = cursor ?? '';
        break;
      }
      const scan = await check.scan(env, cursor, ctx);
      report.batches++;
      report.rowsChecked += scan.rows;
      if (scan.found.length) {
        const rows = rowsOf(scan.found);
        report.rows += rows;
        for (const f of scan.found) {
          if (report.disagreements.length >= SAMPLE_CAP) break;
          const { ref: _ref, ...shown } = f;
          report.disagreements.push(typeof f.expected === 'number' && typeof f.kept === 'number' ? { ...shown, delta: f.kept - f.expected } : shown);
        }
        const repaired = options.repair && check.repair ? Math.min(rows, await check.repair(env, scan.found, now)) : 0;
        report.repaired += repaired;
        if (check.listingVisible) listingVisibleRepairs += repaired;
      }
      cursor = scan.next;
    } while (cursor !== null);
    report.remaining = report.rows - report.repaired;
    report.ms = Date.now() - checkStarted;
    reports.push(report);
  }
  // guests' cached pages and counts were rendered from the wrong values: a new data version renders them anew
  if (listingVisibleRepairs > 0) await invalidateListingCaches(env);
  return {
    repair: options.repair === true,
    startedAt: new Date(started).toISOString(),
    ms: Date.now() - started,
    clean: reports.every((r) => r.remaining === 0),
    checks: reports,
  };
};

/** A report for people: one line per check, then each disagreement listed. */
export const formatReport = (report: ConsistencyReport): string => {
  const lines: string[] = [];
  for (const c of report.checks) {
    const state = c.rows === 0 ? 'ok' : c.remaining === 0 ? `repaired ${c.repaired}` : `${c.rows} row(s) disagree${c.repaired ? `, ${c.repaired} repaired` : ''}${c.repairable ? '' : ' (report only)'}`;
    lines.push(`${c.rows === 0 ? '✓' : c.remaining === 0 ? '~' : '✗'} ${c.name.padEnd(32)} ${String(c.rowsChecked).padStart(8)} checked ${String(c.ms).padStart(6)} ms  ${state}${c.complete ? '' : `  (unfinished; resumes from ${c.resumeFrom || 'the start'})`}`);
    if (c.rows) {
      lines.push(`    ${c.table} — against ${c.source}`);
      for (const d of c.disagreements) {
        const by = d.delta !== undefined ? ` (off by ${d.delta > 0 ? '+' : ''}${d.delta})` : '';
        lines.push(`    ${d.id}${d.database ? ` (${d.database})` : ''}: ${d.field} kept ${JSON.stringify(d.kept)}, expected ${JSON.stringify(d.expected)}${by}${d.note ? ` — ${d.note}` : ''}`);
      }
      if (c.rows > c.disagreements.length) lines.push(`    … listing the first ${c.disagreements.length}`);
    }
  }
  const wrong = report.checks.reduce((n, c) => n + c.remaining, 0);
  const repaired = report.checks.reduce((n, c) => n + c.repaired, 0);
  lines.push(
    !report.clean
      ? `${wrong} row(s) disagree with their source${repaired ? ` after ${repaired} repaired` : ''} (${report.ms} ms)`
      : repaired
        ? `repaired ${repaired} row(s): every value kept twice now agrees with its source (${report.ms} ms)`
        : `clean: every value kept twice agrees with its source (${report.ms} ms)`,
  );
  return lines.join('\n');
};

/**
 * The daily scheduled run: checks and repairs within CRON_BUDGET_MS, logs the report, and keeps
 * where each unfinished check stopped in KV so the next day's run continues from there.
 */
export const scheduledConsistency = async (env: Env) => {
  const startFrom = (await env.CACHE.get<Record<string, string>>(CURSOR_KEY, 'json').catch(() => null)) ?? {};
  const report = await runConsistencyChecks(env, { repair: true, deadline: Date.now() + CRON_BUDGET_MS, startFrom });
  const unfinished = Object.fromEntries(report.checks.filter((c) => !c.complete).map((c) => [c.name, c.resumeFrom ?? '']));
  await env.CACHE.put(CURSOR_KEY, JSON.stringify(unfinished)).catch((e: unknown) => console.warn('consistency cursor not saved', e));
  const found = report.checks.filter((c) => c.rows > 0);
  if (found.length) console.warn(`consistency: disagreements found\n${formatReport(report)}`);
  else console.log(`consistency: clean (${report.ms} ms, ${report.checks.reduce((n, c) => n + c.rowsChecked, 0)} rows)`);
  return report;
};
