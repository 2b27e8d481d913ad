import { ulid } from '../../lib/ulid';
import { expiryFor } from '../listings/lifecycle';
import type { Env } from '../../env';
import { invalidateListingCaches } from '../../lib/cache';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { normalisePhone } from '../../schemas/auth';
import { THUMB_WIDTH } from '../../schemas/media';
import { REPORT_HOLD_RULES, REPORTER_STANDINGS, type AdminUser, type AuditEntry, type ModerationItem, type ReporterStanding } from '../../schemas/trust';
import { MODERATION_QUEUE_DEPTH } from '../../schemas/trust-data';
import { isSharded, listingDatabases, listingDbForId } from '../../db/shards';
import { readUsers, usersDatabases, usersDbFor, usersWithAccounts } from '../../db/users';

const DAY_MS = 86_400_000;
import { render } from '../../schemas/notification-texts';
import { dispatchEvents, eventStatement } from '../alerts/events';
import { endRealtimeSessions } from '../chat/chat';
import { checkedPhotos, findPhotoMatches, type CheckedPhoto } from '../photos/duplicate-photos';
import { mediaUrl } from '../photos/media';
import { notify } from '../notifications/notifications';
import { refreshSellerCards } from '../listings/shard-writes';
import { MOVING, holdMovingCopies, releaseMovingCopies } from '../listings/shard-move';

/**
 * The moderation console's rules. Every action writes one row of the append-only audit log in the
 * same batch (one transaction) as the change it records: there is no action without its entry.
 */

interface QueueRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  price_minor: number;
  status: string;
  held_reason: string | null;
  reject_reason: string | null;
  held_at: number | null;
  reports_count_from: number | null;
  created_at: number;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  u_status: string;
  u_created_at: number;
}

/** Ads a moderator has to look at: held (except for a ban, which the ban's own lifting decides) or carrying open reports. */
const OPEN_QUEUE = `
  SELECT id AS listing_id FROM listings WHERE status = 'PENDING' AND coalesce(held_reason, '') <> 'ACCOUNT_BANNED'
  UNION
  SELECT r.listing_id FROM listing_reports r JOIN listings x ON x.id = r.listing_id WHERE r.status = 'OPEN' AND x.status IN ('APPROVED', 'SOLD', 'EXPIRED', 'PENDING')`;
/** Ads a moderator decided on, latest decision first. */
const CLOSED_QUEUE = `
  SELECT target_id AS listing_id, max(created_at) AS decided_at FROM moderation_actions WHERE target_type = 'LISTING' GROUP BY target_id`;

const QUEUE_COLUMNS = `l.id, l.slug, l.title, l.description, l.price_minor, l.status, l.held_reason, l.reject_reason, l.held_at, l.reports_count_from, l.created_at, l.user_id,
  u.first_name, u.last_name, u.email, u.phone, u.status AS u_status, u.created_at AS u_created_at`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A report as the queue shows it, with the ad it is about. */
interface ReportRow {
  listing_id: string;
  reason: string;
  details: string | null;
  reporter_id: string;
  weight: number;
  standing: string;
  network: string | null;
  status: string;
  created_at: number;
}
/** A photo of a queued ad, in the ad's order, with what the duplicate lookup needs. */
interface PhotoRow {
  listing_id: string;
  r2_key: string;
  phash: string | null;
  print: ArrayBuffer | null;
}
type History = Awaited<ReturnType<typeof sellerHistory>>;

/**
 * The page's reports (at most 100 an ad, oldest first) and photos, for the ads `ids` names (SQL
 * giving listing ids: the page's own CTE with one database, a JSON array with several).
 */
const pageReportsSql = (ids: string, openOnly: boolean) =>
  `SELECT * FROM (SELECT r.listing_id, r.reason, r.details, r.reporter_id, r.weight, r.standing, r.network, r.status, r.created_at,
     row_number() OVER (PARTITION BY r.listing_id ORDER BY r.created_at) AS k
   FROM listing_reports r WHERE r.listing_id IN (${ids}) ${openOnly ? `AND r.status = 'OPEN'` : ''}) WHERE k <= 100 ORDER BY listing_id, created_at`;
const pagePhotosSql = (ids: string) =>
  `SELECT m.listing_id, m.r2_key, m.phash, p.print FROM media m LEFT JOIN media_prints p ON p.media_id = m.id WHERE m.listing_id IN (${ids}) ORDER BY m.listing_id, m.position`;

const grouped = <T extends Record<K, string>, K extends keyof T>(rows: T[], key: K) => {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r[key], [...(out.get(r[key]) ?? []), r]);
  return out;
};

/**
 * With one listings database the queue is two round trips (decision 022's read budget): its page,
 * and with it, in the same batch (the page's own CTE names its ads), every item's reports, photos
 * with their hashes and its seller's history, beside the caller's staff check; then, side by side,
 * the sellers' rows from wherever `users` lives (decision 034) and each item's photo matches, whose
 * statements carry the matched ads' photos.
 */
export const moderationQueue = async (env: Env, origin: string, q: { status: 'open' | 'closed'; page: number; limit: number }, roleChecked?: Promise<void>) => {
  if (isSharded(env)) return moderationQueueSharded(env, origin, q, roleChecked);
  const offset = (q.page - 1) * q.limit;
  const openOnly = q.status === 'open';
  // once `users` lives with the accounts (decision 034) the core's row of a seller is only the card,
  // without e-mail, phone or status: the page's ads alone here, their sellers read beside the matches
  const apart = usersWithAccounts(env);
  const columns = apart ? SHARD_QUEUE_COLUMNS : QUEUE_COLUMNS;
  const seller = apart ? '' : 'JOIN users u ON u.id = l.user_id';
  const page = openOnly
    ? `WITH q AS (${OPEN_QUEUE}), page AS (
         SELECT l.id, l.user_id, (l.status = 'PENDING') AS pending, coalesce(l.held_at, l.updated_at) AS sort_at FROM q JOIN listings l ON l.id = q.listing_id ${seller}
         ORDER BY pending DESC, sort_at ASC, l.id LIMIT ?1 OFFSET ?2)`
    : `WITH q AS (${CLOSED_QUEUE}), page AS (
         SELECT l.id, l.user_id, 0 AS pending, q.decided_at AS sort_at FROM q JOIN listings l ON l.id = q.listing_id ${seller}
         WHERE l.id NOT IN (${OPEN_QUEUE}) ORDER BY q.decided_at DESC, l.id LIMIT ?1 OFFSET ?2)`;
  const onPage = (sql: string) => env.DB.prepare(`${page} ${sql}`).bind(q.limit, offset);
  const [rows, total, reports, photos, statuses, against] = await env.DB.batch<unknown>([
    onPage(`SELECT ${columns} FROM page JOIN listings l ON l.id = page.id ${seller} ORDER BY page.pending DESC, ${openOnly ? 'page.sort_at ASC' : 'page.sort_at DESC'}, l.id`),
    openOnly
      ? env.DB.prepare(`WITH q AS (${OPEN_QUEUE}) SELECT count(*) AS n FROM q`)
      : env.DB.prepare(`WITH q AS (${CLOSED_QUEUE}) SELECT count(*) AS n FROM q WHERE listing_id NOT IN (${OPEN_QUEUE})`),
    onPage(pageReportsSql('SELECT id FROM page', openOnly)),
    onPage(pagePhotosSql('SELECT id FROM page')),
    onPage('SELECT user_id, status, count(*) AS n FROM listings WHERE user_id IN (SELECT user_id FROM page) GROUP BY user_id, status'),
    onPage('SELECT l.user_id, count(*) AS n FROM listing_reports r JOIN listings l ON l.id = r.listing_id WHERE l.user_id IN (SELECT user_id FROM page) GROUP BY l.user_id'),
  ]);
  // the page was read beside the caller's staff check (worker/lib/auth.ts): nothing more before it passed
  await roleChecked;
  const pageRows = (rows?.results ?? []) as QueueRow[];
  const photosOf = grouped((photos?.results ?? []) as PhotoRow[], 'listing_id');
  const history = new Map<string, History>();
  for (const r of (statuses?.results ?? []) as { user_id: string; status: string; n: number }[]) {
    const h = history.get(r.user_id) ?? { listingsByStatus: {}, reportsAgainst: 0 };
    h.listingsByStatus[r.status] = r.n;
    history.set(r.user_id, h);
  }
  for (const r of (against?.results ?? []) as { user_id: string; n: number }[]) {
    const h = history.get(r.user_id);
    if (h) h.reportsAgainst = r.n;
  }
  const [list, matches] = await Promise.all([apart ? withSellers(env, pageRows) : pageRows, matchesOfPage(env, origin, pageRows, photosOf)]);
  const n = ((total?.results ?? []) as { n: number }[])[0]?.n ?? 0;
  const reportsOf = grouped((reports?.results ?? []) as ReportRow[], 'listing_id');
  const items = list.map((r) =>
    moderationItemFor(origin, r, {
      reports: reportsOf.get(r.id) ?? [],
      photos: photosOf.get(r.id) ?? [],
      matches: matches.get(r.id) ?? [],
      history: history.get(r.user_id) ?? { listingsByStatus: {}, reportsAgainst: 0 },
    }),
  );
  return { items, pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) } };
};

/** Each page row's photo matches, the rows side by side (one lookup batch each, carrying the matched ads' photos). */
const matchesOfPage = async (env: Env, origin: string, rows: { id: string; user_id: string }[], photosOf: Map<string, PhotoRow[]>) =>
  new Map(await Promise.all(rows.map(async (r) => [r.id, await photoMatchesOf(env, origin, r, checkedPhotos(photosOf.get(r.id) ?? []))] as const)));

/** The listing columns of a queue row, read in the ad's own database (several databases). */
const SHARD_QUEUE_COLUMNS = `l.id, l.slug, l.title, l.description, l.price_minor, l.status, l.held_reason, l.reject_reason, l.held_at, l.reports_count_from, l.created_at, l.user_id`;
/**
 * The open queue in one listings database, the ads with open reports (from the core) given as a JSON
 * array. A REJECTED ad with open reports is a rejection whose core record a stopped worker never
 * wrote (decideSharded): it stays in the queue until a REJECT records it.
 */
const SHARD_OPEN_QUEUE = `
  SELECT id AS listing_id FROM listings WHERE status = 'PENDING' AND coalesce(held_reason, '') <> 'ACCOUNT_BANNED'
  UNION
  SELECT id FROM listings WHERE id IN (SELECT value FROM json_each(?1)) AND status IN ('APPROVED', 'SOLD', 'EXPIRED', 'PENDING', 'REJECTED')`;

type ShardQueueRow = Omit<QueueRow, 'first_name' | 'last_name' | 'email' | 'phone' | 'u_status' | 'u_created_at'>;

/**
 * The sellers' account columns of queue rows from wherever their rows live (worker/db/users.ts), one
 * statement per database, side by side. An ad whose seller has no row any more is not the queue's:
 * the ad goes with the account.
 */
const withSellers = async (env: Env, rows: ShardQueueRow[]): Promise<QueueRow[]> => {
  const sellerOf = await readUsers<{ id: string; first_name: string; last_name: string; email: string | null; phone: string | null; status: string; created_at: number }>(
    env,
    rows.map((r) => r.user_id),
    ['first_name', 'last_name', 'email', 'phone', 'status', 'created_at'],
  );
  return rows.flatMap((r) => {
    const u = sellerOf.get(r.user_id);
    return u ? [{ ...r, first_name: u.first_name, last_name: u.last_name, email: u.email, phone: u.phone, u_status: u.status, u_created_at: u.created_at }] : [];
  });
};

/** Ids grouped by the listings database that holds them. */
const byDatabase = (env: Env, ids: Iterable<string>) => {
  const out = new Map<D1Database, string[]>();
  for (const id of ids) {
    const home = listingDbForId(env, id);
    out.set(home, [...(out.get(home) ?? []), id]);
  }
  return out;
};

/**
 * The queue with the listings over several databases (decision 033). Reports and decisions are the
 * core's, the ads their own databases': the ads with open reports (open) or the decided ads, newest
 * decision first (closed), come from the core, capped at MODERATION_QUEUE_DEPTH; then every listings
 * database, side by side, answers its queue rows up to the page asked, in the queue's order, with its
 * count; the rows are merged in that order and the page cut from them; the sellers' account columns
 * (e-mail, phone, status are never in a listings database) from where `users` lives (worker/db/users.ts),
 * beside the items' reads. Round trips: the core's part (beside the staff check), the listings
 * databases' rows, then the sellers, the page's reports and photos and the sellers' ads side by side,
 * then the photo lookups beside the reports against the sellers' ads, and for a photo found, its ad's
 * own database: 4, 5 with a match — over decision 022's 2, because the page needs the core's
 * reported ads first and a match needs the page's photos, then the lookup, then the matched ad.
 */
const moderationQueueSharded = async (env: Env, origin: string, q: { status: 'open' | 'closed'; page: number; limit: number }, roleChecked?: Promise<void>) => {
  const offset = (q.page - 1) * q.limit;
  const depth = Math.min(offset + q.limit, MODERATION_QUEUE_DEPTH);
  const [reported, decided] = await env.DB.batch<unknown>([
    env.DB.prepare(`SELECT DISTINCT listing_id FROM listing_reports WHERE status = 'OPEN' LIMIT ?`).bind(MODERATION_QUEUE_DEPTH),
    q.status === 'closed'
      ? env.DB.prepare(`SELECT target_id AS listing_id, max(created_at) AS decided_at FROM moderation_actions WHERE target_type = 'LISTING' GROUP BY target_id ORDER BY decided_at DESC LIMIT ?`).bind(MODERATION_QUEUE_DEPTH)
      : env.DB.prepare('SELECT 0 WHERE 0'),
  ]);
  // the core's part was read beside the caller's staff check (worker/lib/auth.ts): nothing more before it passed
  await roleChecked;
  const reportedIds = byDatabase(env, ((reported?.results ?? []) as { listing_id: string }[]).map((r) => r.listing_id));
  const decidedRows = (decided?.results ?? []) as { listing_id: string; decided_at: number }[];
  const decidedAt = new Map(decidedRows.map((d) => [d.listing_id, d.decided_at]));
  const decidedIds = byDatabase(env, decidedAt.keys());
  const answers = await Promise.all(
    listingDatabases(env).map((db) => {
      const open = JSON.stringify(reportedIds.get(db) ?? []);
      if (q.status === 'open') {
        return db.batch<unknown>([
          db.prepare(
            `WITH q AS (${SHARD_OPEN_QUEUE}) SELECT ${SHARD_QUEUE_COLUMNS}, (l.status = 'PENDING') AS pending, coalesce(l.held_at, l.updated_at) AS sort_at
             FROM q JOIN listings l ON l.id = q.listing_id ORDER BY pending DESC, sort_at ASC, l.id LIMIT ?2`,
          ).bind(open, depth),
          db.prepare(`WITH q AS (${SHARD_OPEN_QUEUE}) SELECT count(*) AS n FROM q`).bind(open),
        ]);
      }
      const mine = JSON.stringify((decidedIds.get(db) ?? []).map((id) => [id, decidedAt.get(id)]));
      const closed = `WITH d AS (SELECT json_extract(value, '$[0]') AS listing_id, json_extract(value, '$[1]') AS decided_at FROM json_each(?2))`;
      return db.batch<unknown>([
        db.prepare(
          `${closed} SELECT ${SHARD_QUEUE_COLUMNS}, d.decided_at AS sort_at, 0 AS pending FROM d JOIN listings l ON l.id = d.listing_id
           WHERE l.id NOT IN (${SHARD_OPEN_QUEUE}) ORDER BY d.decided_at DESC, l.id LIMIT ?3`,
        ).bind(open, mine, depth),
        db.prepare(`${closed} SELECT count(*) AS n FROM d JOIN listings l ON l.id = d.listing_id WHERE l.id NOT IN (${SHARD_OPEN_QUEUE})`).bind(open, mine),
      ]);
    }),
  );
  const merged = answers
    .flatMap(([rows]) => (rows?.results ?? []) as (ShardQueueRow & { pending: number; sort_at: number })[])
    .sort((a, b) =>
      q.status === 'open'
        ? b.pending - a.pending || a.sort_at - b.sort_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
        : b.sort_at - a.sort_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(offset, offset + q.limit);
  const n = answers.reduce((sum, [, total]) => sum + (((total?.results ?? []) as { n: number }[])[0]?.n ?? 0), 0);
  // then side by side: the sellers' rows, the page's reports and photos (the core's), the sellers'
  // history, and each item's photo matches as soon as its photos are in
  const ids = JSON.stringify(merged.map((r) => r.id));
  const core = env.DB.batch<unknown>([
    env.DB.prepare(pageReportsSql('SELECT value FROM json_each(?1)', q.status === 'open')).bind(ids),
    env.DB.prepare(pagePhotosSql('SELECT value FROM json_each(?1)')).bind(ids),
  ]);
  const photosOf = core.then(([, photos]) => grouped((photos?.results ?? []) as PhotoRow[], 'listing_id'));
  const [list, [reports], photosBy, history, matches] = await Promise.all([
    withSellers(env, merged),
    core,
    photosOf,
    sellersHistory(env, [...new Set(merged.map((r) => r.user_id))]),
    photosOf.then((by) => matchesOfPage(env, origin, merged, by)),
  ]);
  const reportsOf = grouped((reports?.results ?? []) as ReportRow[], 'listing_id');
  const items = list.map((r) =>
    moderationItemFor(origin, r, {
      reports: reportsOf.get(r.id) ?? [],
      photos: photosBy.get(r.id) ?? [],
      matches: matches.get(r.id) ?? [],
      history: history.get(r.user_id) ?? { listingsByStatus: {}, reportsAgainst: 0 },
    }),
  );
  return { items, pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) } };
};

/**
 * Sellers' history with the ads over several databases, all the page's sellers at once: their ads
 * by status and their ids from every listings database side by side, then the reports against
 * those ads from the core (two round trips, as for one seller).
 */
const sellersHistory = async (env: Env, sellerIds: string[]) => {
  const out = new Map<string, History>(sellerIds.map((id) => [id, { listingsByStatus: {}, reportsAgainst: 0 }]));
  if (!sellerIds.length) return out;
  const sellers = JSON.stringify(sellerIds);
  const each = await Promise.all(
    listingDatabases(env).map((db) =>
      db.batch<unknown>([
        db.prepare('SELECT user_id, status, count(*) AS n FROM listings WHERE user_id IN (SELECT value FROM json_each(?)) GROUP BY user_id, status').bind(sellers),
        db.prepare('SELECT id, user_id FROM listings WHERE user_id IN (SELECT value FROM json_each(?))').bind(sellers),
      ]),
    ),
  );
  const sellerOf = new Map<string, string>();
  for (const [byStatus, own] of each) {
    for (const x of (byStatus?.results ?? []) as { user_id: string; status: string; n: number }[]) {
      const h = out.get(x.user_id)!;
      h.listingsByStatus[x.status] = (h.listingsByStatus[x.status] ?? 0) + x.n;
    }
    for (const x of (own?.results ?? []) as { id: string; user_id: string }[]) sellerOf.set(x.id, x.user_id);
  }
  if (!sellerOf.size) return out;
  const { results } = await env.DB.prepare('SELECT listing_id, count(*) AS n FROM listing_reports WHERE listing_id IN (SELECT value FROM json_each(?)) GROUP BY listing_id')
    .bind(JSON.stringify([...sellerOf.keys()]))
    .all<{ listing_id: string; n: number }>();
  for (const r of results) out.get(sellerOf.get(r.listing_id)!)!.reportsAgainst += r.n;
  return out;
};

/**
 * A seller's ads by status and the reports against them. With several databases (decision 033) the
 * ads are counted in every listings database side by side and the reports (the core's) counted for
 * the ids they return: two round trips.
 */
const sellerHistory = async (env: Env, userId: string) => {
  if (isSharded(env)) {
    const each = await Promise.all(
      listingDatabases(env).map((db) =>
        db.batch<unknown>([
          db.prepare('SELECT status, count(*) AS n FROM listings WHERE user_id = ? GROUP BY status').bind(userId),
          db.prepare('SELECT json_group_array(id) AS ids FROM listings WHERE user_id = ?').bind(userId),
        ]),
      ),
    );
    const listingsByStatus: Record<string, number> = {};
    const ids: string[] = [];
    for (const [byStatus, own] of each) {
      for (const x of (byStatus?.results ?? []) as { status: string; n: number }[]) listingsByStatus[x.status] = (listingsByStatus[x.status] ?? 0) + x.n;
      ids.push(...(JSON.parse(((own?.results ?? []) as { ids: string }[])[0]?.ids ?? '[]') as string[]));
    }
    const against = ids.length
      ? await env.DB.prepare('SELECT count(*) AS n FROM listing_reports WHERE listing_id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(ids)).first<{ n: number }>()
      : null;
    return { listingsByStatus, reportsAgainst: against?.n ?? 0 };
  }
  const [byStatus, against] = await env.DB.batch<unknown>([
    env.DB.prepare('SELECT status, count(*) AS n FROM listings WHERE user_id = ? GROUP BY status').bind(userId),
    env.DB.prepare('SELECT count(*) AS n FROM listing_reports r JOIN listings l ON l.id = r.listing_id WHERE l.user_id = ?').bind(userId),
  ]);
  return {
    listingsByStatus: Object.fromEntries(((byStatus?.results ?? []) as { status: string; n: number }[]).map((x) => [x.status, x.n])),
    reportsAgainst: ((against?.results ?? []) as { n: number }[])[0]?.n ?? 0,
  };
};

/** Other accounts' ads holding one of its photos (perceptual hash within distance 6), the matching photo first. */
const photoMatchesOf = async (env: Env, origin: string, r: { id: string; user_id: string }, photos: CheckedPhoto[]) => {
  const found = await findPhotoMatches(env, photos, r.user_id, r.id, undefined, { withPhotos: true });
  return found
    .filter((x) => x.userId !== r.user_id)
    .slice(0, 5)
    .map((m) => {
      const images = (m.adPhotoKeys ?? []).map((key) => mediaUrl(origin, key, THUMB_WIDTH));
      const first = m.photoKey ? mediaUrl(origin, m.photoKey, THUMB_WIDTH) : undefined;
      return { id: m.listingId, title: m.title, slug: m.slug, images: first ? [first, ...images.filter((u) => u !== first)] : images };
    });
};

/** One queue item from what the queue read for its page (no reads of its own). */
const moderationItemFor = (
  origin: string,
  r: QueueRow,
  read: { reports: ReportRow[]; photos: PhotoRow[]; matches: Awaited<ReturnType<typeof photoMatchesOf>>; history: History },
): ModerationItem => {
  const { reports, matches, history } = read;
  const images = read.photos.map((m) => mediaUrl(origin, m.r2_key, THUMB_WIDTH));
  const reasons: Record<string, number> = {};
  for (const x of reports) reasons[x.reason] = (reasons[x.reason] ?? 0) + 1;
  // reporters on one network share a number (never the network itself), and the weight toward the
  // automatic hold is summed as the hold sums it: open reports since reports_count_from, the heaviest per network
  const networks = new Map<string, number>();
  const heaviest = new Map<string, number>();
  for (const x of reports) {
    const key = x.network ?? '';
    if (!networks.has(key)) networks.set(key, networks.size + 1);
    if (x.status === 'OPEN' && x.weight > 0 && x.created_at >= (r.reports_count_from ?? 0)) heaviest.set(key, Math.max(heaviest.get(key) ?? 0, x.weight));
  }
  const pausedUntil = r.reports_count_from !== null && r.reports_count_from > Date.now() ? r.reports_count_from : null;
  return {
    listing: {
      id: r.id,
      slug: r.slug,
      title: r.title,
      description: r.description,
      price: r.price_minor / 100,
      status: r.status,
      heldReason: r.held_reason,
      rejectReason: r.reject_reason,
      heldAt: iso(r.held_at),
      images,
      createdAt: new Date(r.created_at).toISOString(),
    },
    seller: {
      id: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      status: r.u_status,
      createdAt: new Date(r.u_created_at).toISOString(),
      ...history,
    },
    reportCount: reports.length,
    reasons,
    reports: reports.map((x) => ({
      reason: x.reason,
      details: x.details,
      reporterId: x.reporter_id,
      createdAt: new Date(x.created_at).toISOString(),
      standing: (x.standing in REPORTER_STANDINGS ? x.standing : 'UNVERIFIED') as ReporterStanding,
      weight: x.weight,
      network: networks.get(x.network ?? '') ?? 0,
    })),
    hold: {
      weight: [...heaviest.values()].reduce((a, b) => a + b, 0),
      weightToHold: REPORT_HOLD_RULES.weightToHold,
      pausedUntil: iso(pausedUntil),
    },
    matches,
  };
};

const audit = (env: Env, actorId: string, action: string, targetType: 'LISTING' | 'USER', targetId: string, reason: string, now: number) =>
  env.DB.prepare('INSERT INTO moderation_actions (id, actor_id, action, target_type, target_id, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').bind(
    `mod_${ulid().toLowerCase()}`,
    actorId,
    action,
    targetType,
    targetId,
    reason,
    now,
  );

/**
 * APPROVE: a held ad goes live again and its reports close (reports on a live ad are dismissed).
 * REJECT: the ad becomes REJECTED with the reason as its rejectReason (the owner sees it in My Ads
 * and gets a notification); its reports close. An edit of a rejected ad comes back to this queue.
 */
export const decide = async (env: Env, actorId: string, listingId: string, input: { action: 'APPROVE' | 'REJECT'; reason: string }) => {
  if (isSharded(env)) return decideSharded(env, actorId, listingId, input);
  const listing = await env.DB.prepare(
    `SELECT id, user_id, title, status, held_reason, category_id, subcategory_id, (SELECT count(*) FROM listing_reports WHERE listing_id = listings.id AND status = 'OPEN') AS open_reports FROM listings WHERE id = ?`,
  )
    .bind(listingId.toLowerCase())
    .first<{
      id: string;
      user_id: string;
      title: string;
      status: string;
      held_reason: string | null;
      category_id: string;
      subcategory_id: string | null;
      open_reports: number;
    }>();
  if (!listing) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  const held = refuseDecision(listing, actorId, input.action, listing.open_reports);
  // the people whose open reports this decision closes: each is told the outcome afterwards
  const { results: reporters } = await env.DB.prepare(`SELECT DISTINCT reporter_id FROM listing_reports WHERE listing_id = ? AND status = 'OPEN'`)
    .bind(listing.id)
    .all<{ reporter_id: string }>();
  const now = Date.now();
  // keeping a reported ad pauses the automatic hold: the reports this closes never count again, and
  // the next ones count only once the pause is over (or the owner edits the ad), decision 008
  const countFrom = input.action === 'APPROVE' && listing.open_reports > 0 ? now + REPORT_HOLD_RULES.pauseAfterKeptDays * DAY_MS : null;
  const update =
    input.action === 'APPROVE'
      ? env.DB.prepare(
          // a held ad's lifetime starts when it goes live: it was hidden while it waited (decision 019)
          `UPDATE listings SET status = ?1, held_reason = NULL, held_at = NULL, reject_reason = NULL, reports_count_from = coalesce(?5, reports_count_from),
             expires_at = max(coalesce(expires_at, 0), coalesce(?6, 0)), updated_at = max(?2, updated_at + 1) WHERE id = ?3 AND status = ?4`,
        ).bind(held ? 'APPROVED' : listing.status, now, listing.id, listing.status, countFrom, held ? expiryFor(listing.category_id, listing.subcategory_id, now) : null)
      : env.DB.prepare(
          `UPDATE listings SET status = 'REJECTED', reject_reason = ?1, held_reason = coalesce(held_reason, 'REPORTED'), held_at = NULL, updated_at = max(?2, updated_at + 1) WHERE id = ?3 AND status = ?4`,
        ).bind(input.reason, now, listing.id, listing.status);
  // an approved held ad is news for saved searches (a buyer is told about an ad once, whatever the event)
  const approved =
    input.action === 'APPROVE' && held
      ? eventStatement(env, listing.id, 'approved', { sql: `SELECT 1 FROM listings WHERE id = ? AND status = 'APPROVED' AND updated_at >= ?`, params: [listing.id, now] })
      : undefined;
  const [changed] = await env.DB.batch([
    update,
    // the outcome is the reporters' record: upheld reports earn weight, dismissed ones lose it
    env.DB.prepare(`UPDATE listing_reports SET status = 'CLOSED', closed_at = ?, outcome = ? WHERE listing_id = ? AND status = 'OPEN' AND changes() > 0`).bind(
      now,
      input.action === 'APPROVE' ? 'DISMISSED' : 'UPHELD',
      listing.id,
    ),
    env.DB.prepare(
      `INSERT INTO moderation_actions (id, actor_id, action, target_type, target_id, reason, created_at)
       SELECT ?, ?, ?, 'LISTING', ?, ?, ? WHERE (SELECT status FROM listings WHERE id = ?) = ?`,
    ).bind(`mod_${ulid().toLowerCase()}`, actorId, input.action, listing.id, input.reason, now, listing.id, input.action === 'APPROVE' ? (held ? 'APPROVED' : listing.status) : 'REJECTED'),
    ...(approved ? [approved.statement] : []),
  ]);
  if ((changed?.meta.changes ?? 0) === 0) throw conflict('The ad changed meanwhile. Please reload the queue.', 'STALE');
  await invalidateListingCaches(env);
  if (approved) await dispatchEvents(env, [approved.id]);
  await tellAboutDecision(env, listing, input, held, reporters);
  const after = await env.DB.prepare('SELECT status, reject_reason, held_reason FROM listings WHERE id = ?')
    .bind(listing.id)
    .first<{ status: string; reject_reason: string | null; held_reason: string | null }>();
  return { listingId: listing.id, status: after?.status ?? 'REJECTED', rejectReason: after?.reject_reason ?? null };
};

/** The seller and the reporters whose reports the decision closed are told, each in their language. */
const tellAboutDecision = async (
  env: Env,
  listing: { id: string; user_id: string; title: string },
  input: { action: 'APPROVE' | 'REJECT'; reason: string },
  held: boolean,
  reporters: { reporter_id: string }[],
) => {
  // each text in its recipient's language (decision 010); the moderator's reason stays as typed
  if (input.action === 'REJECT') {
    await notify(env, listing.user_id, (lang) => ({
      type: 'LISTING_STATUS',
      title: render(lang, 'adTakenDownTitle'),
      body: render(lang, 'adTakenDownBody', { title: listing.title, reason: input.reason }),
      data: { listingId: listing.id, status: 'REJECTED' },
    }));
  } else if (held) {
    await notify(env, listing.user_id, (lang) => ({
      type: 'LISTING_STATUS',
      title: render(lang, 'adLiveAgainTitle'),
      body: render(lang, 'adLiveAgainBody', { title: listing.title }),
      data: { listingId: listing.id, status: 'APPROVED' },
    }));
  }
  const kept = input.action === 'APPROVE';
  for (const r of reporters) {
    if (r.reporter_id === listing.user_id) continue;
    await notify(env, r.reporter_id, (lang) => ({
      type: 'SYSTEM',
      title: render(lang, kept ? 'reportKeptTitle' : 'reportRemovedTitle'),
      body: render(lang, kept ? 'reportKeptBody' : 'reportRemovedBody', { title: listing.title }),
      data: { listingId: listing.id, reportOutcome: kept ? 'KEPT' : 'REMOVED' },
    }));
  }
};

/** Whether the moderator may decide (an error says why not); true when the ad is held. */
const refuseDecision = (listing: { user_id: string; status: string; held_reason: string | null }, actorId: string, action: 'APPROVE' | 'REJECT', openReports: number, unrecordedRejection = false) => {
  // nobody judges their own ad: a moderator whose ad is held (or reported) leaves it to another (decision 024)
  if (listing.user_id === actorId) throw forbidden('You cannot decide on your own ad. Another moderator will review it.', 'OWN_LISTING');
  if (unrecordedRejection) {
    if (action === 'APPROVE') {
      throw conflict('This ad was rejected, but the decision was not recorded. Reject it to record the decision and close its reports.', 'REJECTION_NOT_RECORDED');
    }
    return false;
  }
  if (listing.status === 'PENDING' && listing.held_reason === 'ACCOUNT_BANNED') {
    throw conflict('This ad is hidden because its seller is banned. Lift the ban to restore it.', 'SELLER_BANNED');
  }
  const held = listing.status === 'PENDING';
  // an expired ad's page is public too (decision 019): its reports still reach a moderator, who can take it down
  const live = listing.status === 'APPROVED' || listing.status === 'SOLD' || listing.status === 'EXPIRED';
  if (!held && !(live && openReports > 0) && !(action === 'REJECT' && live)) {
    throw conflict(`There is nothing to decide on this ad (it is ${listing.status} with no open reports).`, 'NOTHING_TO_DECIDE');
  }
  return held;
};

interface DecidedAd {
  id: string;
  user_id: string;
  title: string;
  status: string;
  held_reason: string | null;
  held_at: number | null;
  reject_reason: string | null;
  reports_count_from: number | null;
  expires_at: number | null;
  updated_at: number;
  category_id: string;
  subcategory_id: string | null;
}

/**
 * A decision with the listings over several databases (decision 033): the ad is in its own database,
 * the reports, the audit log and the notifications in the core, so one transaction cannot hold them.
 * Read side by side (the ad; its open reports), then:
 * 1. the ad changes in its database, compare-and-set on the status and time read, with its
 *    'approved' event in the same batch (the outbox stays with the ad). A lost race writes nothing
 *    anywhere: 409 STALE, as with one database.
 * 2. the core closes the reports and writes the audit row in one batch. Should that batch fail, the
 *    ad is put back as it was read (compare-and-set on the time step 1 wrote) and its event removed
 *    before the error goes to the moderator: nothing done, nothing to see.
 * 3. only then the seller and the reporters are told, and the event dispatched.
 * Only a worker stopped between 1 and 2 leaves a decision without its record: an approved ad held
 * for reports is live with them open, so it is still in the queue (a second APPROVE records it); a
 * rejected ad is REJECTED with its reports open, which the queue lists too, and a REJECT records it.
 * An approved ad held for its photos alone (no reports) goes live with no audit row: the one gap left.
 */
const decideSharded = async (env: Env, actorId: string, listingId: string, input: { action: 'APPROVE' | 'REJECT'; reason: string }) => {
  const id = listingId.toLowerCase();
  const home = listingDbForId(env, id);
  const [listing, open] = await Promise.all([
    home
      .prepare('SELECT id, user_id, title, status, held_reason, held_at, reject_reason, reports_count_from, expires_at, updated_at, category_id, subcategory_id FROM listings WHERE id = ?')
      .bind(id)
      .first<DecidedAd>(),
    env.DB.prepare(`SELECT reporter_id FROM listing_reports WHERE listing_id = ? AND status = 'OPEN'`).bind(id).all<{ reporter_id: string }>(),
  ]);
  if (!listing) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  // the hidden copy of an ad being moved to another group (decision 033) is not decided on: approving
  // it would put a copy live beside the ad, and the move's last step sets its status anyway
  if (listing.status === MOVING) throw conflict('The ad changed meanwhile. Please reload the queue.', 'STALE');
  const openReports = open.results.length;
  // a rejection whose record a worker stopped before writing: a REJECT now records it (with its reason)
  const unrecorded = listing.status === 'REJECTED' && openReports > 0;
  const held = refuseDecision(listing, actorId, input.action, openReports, unrecorded);
  const reporters = [...new Set(open.results.map((r) => r.reporter_id))].map((reporter_id) => ({ reporter_id }));
  const now = Date.now();
  const countFrom = input.action === 'APPROVE' && openReports > 0 ? now + REPORT_HOLD_RULES.pauseAfterKeptDays * DAY_MS : null;
  const update = unrecorded
    ? home.prepare(`UPDATE listings SET reject_reason = ?1, updated_at = max(?2, updated_at + 1) WHERE id = ?3 AND status = 'REJECTED' AND updated_at = ?4 RETURNING status, reject_reason, updated_at`)
        .bind(input.reason, now, listing.id, listing.updated_at)
    : input.action === 'APPROVE'
      ? home.prepare(
          `UPDATE listings SET status = ?1, held_reason = NULL, held_at = NULL, reject_reason = NULL, reports_count_from = coalesce(?5, reports_count_from),
             expires_at = max(coalesce(expires_at, 0), coalesce(?6, 0)), updated_at = max(?2, updated_at + 1) WHERE id = ?3 AND status = ?4 AND updated_at = ?7
           RETURNING status, reject_reason, updated_at`,
        ).bind(held ? 'APPROVED' : listing.status, now, listing.id, listing.status, countFrom, held ? expiryFor(listing.category_id, listing.subcategory_id, now) : null, listing.updated_at)
      : home.prepare(
          `UPDATE listings SET status = 'REJECTED', reject_reason = ?1, held_reason = coalesce(held_reason, 'REPORTED'), held_at = NULL, updated_at = max(?2, updated_at + 1)
           WHERE id = ?3 AND status = ?4 AND updated_at = ?5 RETURNING status, reject_reason, updated_at`,
        ).bind(input.reason, now, listing.id, listing.status, listing.updated_at);
  const approved =
    input.action === 'APPROVE' && held
      ? eventStatement(env, listing.id, 'approved', { sql: `SELECT 1 FROM listings WHERE id = ? AND status = 'APPROVED' AND updated_at >= ?`, params: [listing.id, now] })
      : undefined;
  const [changed] = await home.batch<{ status: string; reject_reason: string | null; updated_at: number }>([update, ...(approved ? [approved.statement] : [])]);
  const after = changed?.results[0];
  if (!after) throw conflict('The ad changed meanwhile. Please reload the queue.', 'STALE');
  try {
    await env.DB.batch([
      // the outcome is the reporters' record: upheld reports earn weight, dismissed ones lose it
      env.DB.prepare(`UPDATE listing_reports SET status = 'CLOSED', closed_at = ?, outcome = ? WHERE listing_id = ? AND status = 'OPEN'`).bind(
        now,
        input.action === 'APPROVE' ? 'DISMISSED' : 'UPHELD',
        listing.id,
      ),
      audit(env, actorId, input.action, 'LISTING', listing.id, input.reason, now),
    ]);
  } catch (err) {
    // no record, no decision: the ad goes back to what the moderator saw
    await home.batch([
      home
        .prepare(
          `UPDATE listings SET status = ?, held_reason = ?, held_at = ?, reject_reason = ?, reports_count_from = ?, expires_at = ?, updated_at = ? + 1
           WHERE id = ? AND updated_at = ?`,
        )
        .bind(listing.status, listing.held_reason, listing.held_at, listing.reject_reason, listing.reports_count_from, listing.expires_at, after.updated_at, listing.id, after.updated_at),
      ...(approved ? [home.prepare('DELETE FROM listing_events WHERE id = ?').bind(approved.id)] : []),
    ]);
    throw err;
  }
  await invalidateListingCaches(env);
  if (approved) await dispatchEvents(env, [approved.id]);
  await tellAboutDecision(env, listing, input, held, reporters);
  return { listingId: listing.id, status: after.status, rejectReason: after.reject_reason };
};

// ---------------------------------------------------------------- users

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  role: string;
  status: string;
  ban_reason: string | null;
  created_at: number;
}

const toAdminUser = async (env: Env, u: UserRow): Promise<AdminUser> => ({
  id: u.id,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  phone: u.phone,
  role: u.role,
  status: u.status,
  banReason: u.ban_reason,
  createdAt: new Date(u.created_at).toISOString(),
  ...(await sellerHistory(env, u.id)),
});

const USER_COLUMNS = 'id, first_name, last_name, email, phone, role, status, ban_reason, created_at';

/** By exact e-mail, mobile number or user id. */
export const lookupUsers = async (env: Env, q: string, roleChecked?: Promise<void>) => {
  const phone = normalisePhone(q);
  // not by id alone: every database holding accounts is asked, side by side (one, the core, until `users` moves)
  const results = (
    await Promise.all(
      usersDatabases(env).map((db) =>
        db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?1 OR id = ?2 OR (?3 IS NOT NULL AND phone = ?3) LIMIT 10`)
          .bind(q.toLowerCase(), q, phone ?? null)
          .all<UserRow>()
          .then((r) => r.results),
      ),
    )
  )
    .flat()
    .slice(0, 10);
  // the accounts were read beside the caller's staff check (worker/lib/auth.ts): nothing more before it passed
  await roleChecked;
  // each account's history side by side, not one account after another
  return { users: await Promise.all(results.map((u) => toAdminUser(env, u))) };
};

const targetUser = async (env: Env, actorId: string, userId: string) => {
  const user = await usersDbFor(env, userId).prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).bind(userId).first<UserRow>();
  if (!user || user.status === 'DELETED') throw notFound('No such user', 'USER_NOT_FOUND');
  if (user.id === actorId) throw new AppError(400, 'CANNOT_BAN_SELF', 'You cannot ban or unban yourself');
  if (user.role !== 'USER') throw forbidden('Moderators and admins cannot be banned here: take their role away first (npm run admin:grant -- <account> --role USER)', 'CANNOT_BAN_STAFF');
  return user;
};

/**
 * A ban: every token dies at once (token_version moves, open sockets close), sign-in answers 403
 * ACCOUNT_BANNED, and the account's live ads are held (heldReason ACCOUNT_BANNED) until the ban is
 * lifted. Banning twice changes nothing.
 */
export const banUser = async (env: Env, actorId: string, userId: string, reason: string) => {
  const user = await targetUser(env, actorId, userId);
  if (user.status === 'BANNED') return { userId: user.id, status: 'BANNED' };
  const now = Date.now();
  if (usersWithAccounts(env)) return banApart(env, actorId, user, reason, now);
  const [changed] = await env.DB.batch([
    env.DB.prepare(`UPDATE users SET status = 'BANNED', ban_reason = ?, banned_at = ?, token_version = token_version + 1, updated_at = ? WHERE id = ? AND status = ?`).bind(
      reason,
      now,
      now,
      user.id,
      user.status,
    ),
    env.DB.prepare(
      `UPDATE listings SET status = 'PENDING', held_reason = 'ACCOUNT_BANNED', held_at = ?1, updated_at = max(?1, updated_at + 1) WHERE user_id = ?2 AND status = 'APPROVED' AND (SELECT status FROM users WHERE id = ?2) = 'BANNED'`,
    ).bind(now, user.id),
    env.DB.prepare(
      `INSERT INTO moderation_actions (id, actor_id, action, target_type, target_id, reason, created_at) SELECT ?, ?, 'BAN', 'USER', ?, ?, ? WHERE (SELECT banned_at FROM users WHERE id = ?) = ?`,
    ).bind(`mod_${ulid().toLowerCase()}`, actorId, user.id, reason, now, user.id, now),
  ]);
  if ((changed?.meta.changes ?? 0) === 0) throw conflict('The account changed meanwhile. Please try again.', 'STALE');
  // with several listings databases (decision 033) the ads are held in each, beside the seller's card;
  // the core's ban came first, so a failure here leaves a banned seller whose ads a repeat ban holds
  await refreshSellerCards(env, user.id, (target) => [
    target
      .prepare(`UPDATE listings SET status = 'PENDING', held_reason = 'ACCOUNT_BANNED', held_at = ?1, updated_at = max(?1, updated_at + 1) WHERE user_id = ?2 AND status = 'APPROVED'`)
      .bind(now, user.id),
    // an ad in the middle of a move to another group is held when its move finishes (shard-move.ts)
    holdMovingCopies(target, user.id, now),
  ]);
  await invalidateListingCaches(env);
  await endRealtimeSessions(env, user.id);
  return { userId: user.id, status: 'BANNED' };
};

/** Lifting a ban: the account signs in again and the ads the ban held go live. */
export const unbanUser = async (env: Env, actorId: string, userId: string, reason: string) => {
  const user = await targetUser(env, actorId, userId);
  if (user.status !== 'BANNED') return { userId: user.id, status: user.status };
  const now = Date.now();
  if (usersWithAccounts(env)) return unbanApart(env, actorId, user, reason, now);
  const [changed] = await env.DB.batch([
    env.DB.prepare(`UPDATE users SET status = 'ACTIVE', ban_reason = NULL, banned_at = NULL, updated_at = ? WHERE id = ? AND status = 'BANNED'`).bind(now, user.id),
    env.DB.prepare(
      `UPDATE listings SET status = 'APPROVED', held_reason = NULL, held_at = NULL, updated_at = max(?, updated_at + 1) WHERE user_id = ? AND status = 'PENDING' AND held_reason = 'ACCOUNT_BANNED'`,
    ).bind(now, user.id),
    audit(env, actorId, 'UNBAN', 'USER', user.id, reason, now),
  ]);
  if ((changed?.meta.changes ?? 0) === 0) throw conflict('The account changed meanwhile. Please try again.', 'STALE');
  // the ads the ban held go live again in each listings database (decision 033)
  await refreshSellerCards(env, user.id, (target) => [
    target
      .prepare(`UPDATE listings SET status = 'APPROVED', held_reason = NULL, held_at = NULL, updated_at = max(?, updated_at + 1) WHERE user_id = ? AND status = 'PENDING' AND held_reason = 'ACCOUNT_BANNED'`)
      .bind(now, user.id),
    releaseMovingCopies(target, user.id),
  ]);
  await invalidateListingCaches(env);
  return { userId: user.id, status: 'ACTIVE' };
};

/**
 * A ban once `users` lives with the accounts (worker/db/users.ts): the account's row cannot share a
 * transaction with the core's audit row or the ads. The ban is written first, guarded on the status
 * read (its tokens die with it); then, side by side, the audit row in the core and the ads held where
 * they are (each listings database beside the seller's card, or the core when it holds the ads). A
 * failure after the ban leaves a banned seller (signed out, unable to sign in) whose ads or audit row
 * may be missing; the moderator sees the error. A repeat ban answers "already banned" without redoing
 * them: what is left is the same as a failed hold in one listings database leaves today.
 */
const banApart = async (env: Env, actorId: string, user: UserRow, reason: string, now: number) => {
  const changed = await usersDbFor(env, user.id)
    .prepare(`UPDATE users SET status = 'BANNED', ban_reason = ?, banned_at = ?, token_version = token_version + 1, updated_at = ? WHERE id = ? AND status = ?`)
    .bind(reason, now, now, user.id, user.status)
    .run();
  if ((changed.meta.changes ?? 0) === 0) throw conflict('The account changed meanwhile. Please try again.', 'STALE');
  const hold = (target: D1Database) =>
    target
      .prepare(`UPDATE listings SET status = 'PENDING', held_reason = 'ACCOUNT_BANNED', held_at = ?1, updated_at = max(?1, updated_at + 1) WHERE user_id = ?2 AND status = 'APPROVED'`)
      .bind(now, user.id);
  await Promise.all([
    audit(env, actorId, 'BAN', 'USER', user.id, reason, now).run(),
    isSharded(env) ? refreshSellerCards(env, user.id, (target) => [hold(target), holdMovingCopies(target, user.id, now)]) : hold(env.DB).run(),
  ]);
  await invalidateListingCaches(env);
  await endRealtimeSessions(env, user.id);
  return { userId: user.id, status: 'BANNED' };
};

/** Lifting a ban with `users` beside the accounts: the account first, then the audit row and the ads, as `banApart`. */
const unbanApart = async (env: Env, actorId: string, user: UserRow, reason: string, now: number) => {
  const changed = await usersDbFor(env, user.id)
    .prepare(`UPDATE users SET status = 'ACTIVE', ban_reason = NULL, banned_at = NULL, updated_at = ? WHERE id = ? AND status = 'BANNED'`)
    .bind(now, user.id)
    .run();
  if ((changed.meta.changes ?? 0) === 0) throw conflict('The account changed meanwhile. Please try again.', 'STALE');
  const release = (target: D1Database) =>
    target
      .prepare(`UPDATE listings SET status = 'APPROVED', held_reason = NULL, held_at = NULL, updated_at = max(?, updated_at + 1) WHERE user_id = ? AND status = 'PENDING' AND held_reason = 'ACCOUNT_BANNED'`)
      .bind(now, user.id);
  await Promise.all([
    audit(env, actorId, 'UNBAN', 'USER', user.id, reason, now).run(),
    isSharded(env) ? refreshSellerCards(env, user.id, (target) => [release(target), releaseMovingCopies(target, user.id)]) : release(env.DB).run(),
  ]);
  await invalidateListingCaches(env);
  return { userId: user.id, status: 'ACTIVE' };
};

// ---------------------------------------------------------------- audit log

export const auditLog = async (env: Env, q: { page: number; limit: number }, roleChecked?: Promise<void>) => {
  // once `users` lives with the accounts (decision 034) the core's rows are at most seller cards (a
  // moderator may have none): the names are read from the accounts' databases after the page
  const apart = usersWithAccounts(env);
  const [rows, total] = await env.DB.batch<unknown>([
    env.DB.prepare(
      // what each row is about, by name: the ad's title or the person's name (decision 024)
      apart
        ? `SELECT a.*, l.title AS listing_title FROM moderation_actions a
       LEFT JOIN listings l ON a.target_type = 'LISTING' AND l.id = a.target_id
       ORDER BY a.created_at DESC, a.id DESC LIMIT ? OFFSET ?`
        : `SELECT a.*, u.first_name, u.last_name, l.title AS listing_title, t.first_name AS target_first_name, t.last_name AS target_last_name
       FROM moderation_actions a
       LEFT JOIN users u ON u.id = a.actor_id
       LEFT JOIN listings l ON a.target_type = 'LISTING' AND l.id = a.target_id
       LEFT JOIN users t ON a.target_type = 'USER' AND t.id = a.target_id
       ORDER BY a.created_at DESC, a.id DESC LIMIT ? OFFSET ?`,
    ).bind(q.limit, (q.page - 1) * q.limit),
    env.DB.prepare('SELECT count(*) AS n FROM moderation_actions'),
  ]);
  // the page was read beside the caller's staff check (worker/lib/auth.ts): nothing more before it passed
  await roleChecked;
  const n = ((total?.results ?? []) as { n: number }[])[0]?.n ?? 0;
  const page = (rows?.results ?? []) as {
    actor_id: string;
    target_type: string;
    target_id: string;
    listing_title: string | null;
    first_name?: string | null;
    last_name?: string | null;
    target_first_name?: string | null;
    target_last_name?: string | null;
  }[];
  // the ads' titles from their own databases (decision 033) and the people's names from theirs (decision 034), side by side
  const adsApart = isSharded(env) ? byDatabase(env, new Set(page.filter((r) => r.target_type === 'LISTING').map((r) => r.target_id))) : new Map<D1Database, string[]>();
  const [found, names] = await Promise.all([
    Promise.all(
      [...adsApart].map(([db, ids]) => db.prepare('SELECT id, title FROM listings WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(ids)).all<{ id: string; title: string }>()),
    ),
    apart
      ? readUsers<{ id: string; first_name: string; last_name: string }>(env, page.flatMap((r) => [r.actor_id, ...(r.target_type === 'USER' ? [r.target_id] : [])]), ['first_name', 'last_name'])
      : undefined,
  ]);
  if (isSharded(env)) {
    // an archived ad has no title, as with one database
    const titleOf = new Map(found.flatMap((f) => f.results.map((r) => [r.id, r.title] as const)));
    for (const r of page) if (r.target_type === 'LISTING') r.listing_title = titleOf.get(r.target_id) ?? null;
  }
  if (names) {
    for (const r of page) {
      const actor = names.get(r.actor_id);
      const target = r.target_type === 'USER' ? names.get(r.target_id) : undefined;
      Object.assign(r, { first_name: actor?.first_name ?? null, last_name: actor?.last_name ?? null, target_first_name: target?.first_name ?? null, target_last_name: target?.last_name ?? null });
    }
  }
  const entries: AuditEntry[] = (
    page as unknown as {
      id: string;
      actor_id: string;
      action: string;
      target_type: string;
      target_id: string;
      reason: string;
      created_at: number;
      first_name: string | null;
      last_name: string | null;
      listing_title: string | null;
      target_first_name: string | null;
      target_last_name: string | null;
    }[]
  ).map((r) => ({
    id: r.id,
    actor: { id: r.actor_id, firstName: r.first_name ?? '', lastName: r.last_name ?? '' },
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    // null when the ad has left the database (archived) or the account is gone
    targetName: r.listing_title ?? (r.target_first_name !== null ? `${r.target_first_name} ${r.target_last_name ?? ''}`.trim() : null),
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { entries, pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) } };
};
