/**
 * The alerts queue consumer (decision 009). One message = one listing event from the outbox:
 *  - saved searches: candidates come from the index (scope = any / the ad's category / its
 *    subcategory, place = anywhere / the ad's state / city / area), never a scan of all searches;
 *    the compiled matcher decides the rest in code. Every matching query is recorded once however
 *    many buyers saved it (newCount, digests); `instant` searches notify their owner (inbox Durable
 *    Object: live tabs + Web Push), one notification per buyer and ad however many searches matched.
 *  - price lowered: everyone who favourited the ad, at most once per ad and day.
 * Idempotent: notification ids derive from what they are about and matches have a primary key,
 * so a message delivered twice, or retried after dying half way, notifies once.
 */
import { accountsDatabases, accountsSplit } from '../../db/accounts';
import { readUsers, usersWithAccounts } from '../../db/users';
import { forgetWithIsolate } from '../../lib/isolate-memos';
import type { Env, AlertMessage } from '../../env';
import { type KeyedNotification, keyedRows, notifyRows, rowsFromSelect } from '../notifications/notifications';
import { TEXT_LANGUAGES, priceDropText, savedSearchAlertParts, textLanguage } from '../../schemas/notification-texts';
import { type Matcher, matches, prepareAd } from './matcher';
import { eventDb } from './events';

interface AdRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  price_minor: number;
  condition: string;
  category_id: string;
  subcategory_id: string | null;
  state_id: number | null;
  city_id: number | null;
  area_id: number | null;
  latitude: number | null;
  longitude: number | null;
  features: string;
  location: string;
  status: string;
  categories: string | null;
}

/** For tests: a fault injected at a named point ("after-store": the notifications stored, the matches and done mark not yet written) to kill the consumer mid-event. */
let fault: ((point: string, eventId: string) => void) | undefined;
export const setAlertFault = (f: typeof fault) => {
  fault = f;
};

/** Days are Indian days: "once a day" resets at midnight IST. */
export const istDay = (now = Date.now()) => new Date(now + 330 * 60_000).toISOString().slice(0, 10);

/** The event and its ad in one read, from the ad's database (the ad's columns are null once it is deleted). */
const loadEvent = (env: Env, eventId: string) =>
  eventDb(env, eventId).prepare(
    `SELECT e.id AS event_id, e.listing_id, e.kind, e.old_price_minor, e.created_at AS event_at, e.done_at,
       l.id, l.user_id, l.title, l.description, l.price_minor, l.condition, l.category_id, l.subcategory_id, l.state_id, l.city_id, l.area_id,
       l.latitude, l.longitude, l.features, l.location, l.status,
       (SELECT group_concat(name, ' ') FROM categories WHERE id IN (l.category_id, l.subcategory_id)) AS categories
     FROM listing_events e LEFT JOIN listings l ON l.id = e.listing_id WHERE e.id = ?`,
  )
    .bind(eventId)
    .first<AdRow & { event_id: string; listing_id: string; kind: string; old_price_minor: number | null; event_at: number; done_at: number | null }>();

export interface MatchStats {
  /** distinct saved queries checked */
  candidates: number;
  /** distinct saved queries the ad fits */
  matched: number;
  notified: number;
}

/**
 * Parsed matchers by accounts database and saved_search_matchers id ("0:17": each accounts database
 * numbers its own shared queries, decision 034). A row never changes and its id is never reused
 * (AUTOINCREMENT), so an isolate keeps what it parsed; bounded so a long-lived isolate stays small.
 */
const parsedMatchers = new Map<string, Matcher>();
forgetWithIsolate(() => parsedMatchers.clear());
const MATCHER_CACHE_SIZE = 20_000;
const remember = (at: number, id: number, text: string) => {
  if (parsedMatchers.size >= MATCHER_CACHE_SIZE) parsedMatchers.delete(parsedMatchers.keys().next().value!);
  parsedMatchers.set(`${at}:${id}`, JSON.parse(text) as Matcher);
};

/**
 * The parsed matchers of these query ids: the texts are read only for ids this isolate has not seen
 * (once warm, an event reads ids alone — bench:profile showed D1 turning hundreds of matcher texts
 * into objects as the consumer's biggest cost).
 */
const matchersOf = async (db: D1Database, at: number, ids: number[]) => {
  const missing = ids.filter((id) => !parsedMatchers.has(`${at}:${id}`));
  const statements = [];
  for (let i = 0; i < missing.length; i += 90) {
    const chunk = missing.slice(i, i + 90);
    statements.push(db.prepare(`SELECT id, matcher FROM saved_search_matchers WHERE id IN (${chunk.map(() => '?').join(', ')})`).bind(...chunk));
  }
  for (let i = 0; i < statements.length; i += 50) {
    for (const result of await db.batch<{ id: number; matcher: string }>(statements.slice(i, i + 50))) for (const row of result.results) remember(at, row.id, row.matcher);
  }
  // a query removed meanwhile (its last search deleted) matches nothing
  return ids.flatMap((id) => {
    const m = parsedMatchers.get(`${at}:${id}`);
    return m ? [{ id, m }] : [];
  });
};

/**
 * The saved queries an ad matches, by accounts database (decision 034: each holds its buyers' searches
 * and their shared queries; with one, `DB`), every database asked side by side. Candidates are the
 * DISTINCT saved queries indexed under the ad's category (any / category / subcategory) and place
 * (anywhere / state / city / area) — a popular query saved by hundreds of buyers is checked once per
 * database; the compiled matcher decides in code.
 */
const matchSavedQueries = async (env: Env, ad: AdRow, stats: MatchStats): Promise<number[][]> => {
  const places = [0, ad.state_id, ad.city_id, ad.area_id].filter((p): p is number => p !== null);
  const scopes = ['', ad.category_id, ...(ad.subcategory_id ? [ad.subcategory_id] : [])];
  let features: Record<string, unknown> = {};
  try {
    features = JSON.parse(ad.features) as Record<string, unknown>;
  } catch {
    /* an ad without readable features matches no feature filter */
  }
  const prepared = prepareAd({
    text: `${ad.title}\n${ad.description}\n${ad.location}\n${ad.categories ?? ''}`,
    priceMinor: ad.price_minor,
    condition: ad.condition,
    subcategoryId: ad.subcategory_id,
    features,
    latitude: ad.latitude,
    longitude: ad.longitude,
  });
  return Promise.all(
    accountsDatabases(env).map(async (db, at) => {
      const { results: ids } = await db
        .prepare(`SELECT id FROM saved_search_matchers WHERE scope IN (${scopes.map(() => '?').join(', ')}) AND place_id IN (${places.map(() => '?').join(', ')})`)
        .bind(...scopes, ...places)
        .all<{ id: number }>();
      const queries = await matchersOf(db, at, ids.map((r) => r.id));
      stats.candidates += queries.length;
      const matched = queries.filter((q) => matches(q.m, prepared)).map((q) => q.id);
      stats.matched += matched.length;
      return matched;
    }),
  );
};

/**
 * The matches, recorded once per query: newCount and the daily digest read them. A query that matched
 * before (an earlier event of the same ad) keeps its first moment (5 values a row, under D1's 100).
 */
const matchStatements = (db: D1Database, ad: AdRow, matched: number[], liveAt: number, now: number) => {
  const statements = [];
  for (let i = 0; i < matched.length; i += 19) {
    const chunk = matched.slice(i, i + 19);
    statements.push(
      db.prepare(
        `INSERT OR IGNORE INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      ).bind(...chunk.flatMap((id) => [id, ad.id, ad.user_id, liveAt, now])),
    );
  }
  return statements;
};

/**
 * The saved queries a moved ad matched before its move (their rows were re-pointed to its new id),
 * by accounts database, side by side.
 */
const movedMatches = (env: Env, listingId: string) =>
  Promise.all(
    accountsDatabases(env).map(
      async (db) => new Set((await db.prepare('SELECT matcher_id FROM saved_query_matches WHERE listing_id = ?').bind(listingId).all<{ matcher_id: number }>()).results.map((r) => r.matcher_id)),
    ),
  );

/** The matches of queries a moved ad no longer fits, removed (90 ids a statement, under D1's 100 values). */
const unmatchStatements = (db: D1Database, ad: AdRow, gone: number[]) => {
  const statements = [];
  for (let i = 0; i < gone.length; i += 90) {
    const chunk = gone.slice(i, i + 90);
    statements.push(db.prepare(`DELETE FROM saved_query_matches WHERE listing_id = ? AND matcher_id IN (${chunk.map(() => '?').join(', ')})`).bind(ad.id, ...chunk));
  }
  return statements;
};

/**
 * A saved-search alert's id: the ad's id leads, so one fan-out's rows sit side by side in the index.
 * Its ULID only (with several databases an id ends in its group's digit, decision 033): an ad moved
 * into another group keeps its ULID, so a buyer told about it in its old place is not told again.
 */
const alertIdPrefix = (ad: AdRow) => `ntf_${ad.id.slice(0, 26)}_`;

/** Matcher ids an alert statement carries, beside its 4 + 3 per language values (under D1's 100). */
const MATCHERS_PER_STATEMENT = 80;

/**
 * The instant searches' owners to tell, their notifications written by the database in one SELECT
 * per 80 matching queries (at 100,000 saved searches an ad tells ~180 buyers), then stored in each
 * buyer's inbox (decision 032). One notification per buyer and ad however many of their searches matched (the lowest
 * search id speaks), keyed `ntf_{ad}_{buyer}`: a later event of the same ad (a price drop, a
 * redelivery, another chunk) finds it stored and tells nobody twice. Title and body in the buyer's
 * language (decision 010); the link opens the search with only the ads new since the buyer last looked,
 * this one included. Not the seller; not a search saved after the event (it showed this ad already).
 */
const alertStatements = (env: Env, ad: AdRow, matched: number[], liveAt: number, now: number) => {
  const texts = TEXT_LANGUAGES.map((language) => ({ language, ...savedSearchAlertParts(language, { title: ad.title, price: ad.price_minor, location: ad.location }) }));
  // ?1 ad, ?2 now, ?3 went live, ?4 seller, ?5 the ids' prefix; then before, after, body per language (English last: the default)
  const [english, ...others] = [...texts].sort((x, y) => Number(x.language === 'en') - Number(y.language === 'en'));
  const ordered = [...others, english!];
  const at = (i: number, k: number) => `?${6 + i * 3 + k}`;
  const title = `CASE g.language ${others.map((t, i) => `WHEN '${t.language}' THEN ${at(i, 0)} || g.name || ${at(i, 1)}`).join(' ')} ELSE ${at(others.length, 0)} || g.name || ${at(others.length, 1)} END`;
  const body = `CASE g.language ${others.map((t, i) => `WHEN '${t.language}' THEN ${at(i, 2)}`).join(' ')} ELSE ${at(others.length, 2)} END`;
  const first = 6 + ordered.length * 3;
  const statements = [];
  for (let i = 0; i < matched.length; i += MATCHERS_PER_STATEMENT) {
    const chunk = matched.slice(i, i + MATCHERS_PER_STATEMENT);
    const select = `SELECT ?5 || g.user_id AS id, g.user_id, ${title} AS title, ${body} AS body, 'SYSTEM' AS type,
        json_object('kind', 'SAVED_SEARCH', 'listingId', ?1, 'savedSearchId', g.id, 'url', coalesce(
          g.href || '&since=' || replace(strftime('%Y-%m-%dT%H:%M:%fZ', min(g.last_seen_at, ?3 - 1) / 1000.0, 'unixepoch'), ':', '%3A') || '&savedSearch=' || g.id,
          '/saved-searches')) AS data,
        ?2 AS created_at
      FROM (
        SELECT s.user_id, min(s.id) AS id, s.name, s.href, s.last_seen_at, u.language
        FROM saved_searches s JOIN users u ON u.id = s.user_id
        WHERE s.matcher_id IN (${chunk.map((_, k) => `?${first + k}`).join(', ')}) AND s.alert = 'instant' AND s.user_id != ?4 AND s.created_at <= ?3
        GROUP BY s.user_id
      ) g`;
    statements.push(env.DB.prepare(select).bind(ad.id, now, liveAt, ad.user_id, alertIdPrefix(ad), ...ordered.flatMap((t) => [t.before, t.after, t.body]), ...chunk));
  }
  return statements;
};

/** The rows the alert statements write, `DB`'s batches (one accounts database: the searches beside `users`). */
const alertRowsIn = async (env: Env, ad: AdRow, matched: number[], liveAt: number, now: number) => {
  const alerts = alertStatements(env, ad, matched, liveAt, now);
  const rows = [];
  for (let i = 0; i < alerts.length; i += STATEMENTS_PER_BATCH) for (const r of await env.DB.batch(alerts.slice(i, i + STATEMENTS_PER_BATCH))) rows.push(...rowsFromSelect(r.results));
  return rows;
};

/** The link an alert opens: the search with only the ads new since the buyer last looked, this one included (as the SQL above writes it). */
const alertUrl = (href: string | null, lastSeenAt: number, liveAt: number, searchId: string) =>
  href === null ? '/saved-searches' : `${href}&since=${new Date(Math.min(lastSeenAt, liveAt - 1)).toISOString().replace(/:/g, '%3A')}&savedSearch=${searchId}`;

/**
 * The same alerts with the searches over several accounts databases (decision 034): each database names
 * its instant searches' owners (one per buyer, the lowest search id speaking), all side by side; deleted
 * accounts are dropped (a deletion whose last step failed can leave searches of a tombstone nobody
 * should tell), and the rows are written here as the SQL would. Each owner's language and status come
 * from their `users` row: with the switch on that row is in the same accounts database as their
 * searches, so the owners' statement joins it (no wait after it); with `users` in the core they are
 * read there after the owners are known (worker/db/users.ts), one wait more.
 */
const alertRowsApart = async (env: Env, databases: D1Database[], ad: AdRow, matched: number[][], liveAt: number, now: number) => {
  type Owner = { user_id: string; id: string; name: string; href: string | null; last_seen_at: number; language?: string };
  // the owners' rows beside their searches (the switch on): an owner without a live row there is not told
  const joined = usersWithAccounts(env);
  const found = await Promise.all(
    databases.map(async (db, at) => {
      const statements = [];
      for (let i = 0; i < matched[at]!.length; i += MATCHERS_PER_STATEMENT) {
        const chunk = matched[at]!.slice(i, i + MATCHERS_PER_STATEMENT);
        statements.push(
          db
            .prepare(
              joined
                ? `SELECT s.user_id, min(s.id) AS id, s.name, s.href, s.last_seen_at, u.language FROM saved_searches s JOIN users u ON u.id = s.user_id
               WHERE s.matcher_id IN (${chunk.map(() => '?').join(', ')}) AND s.alert = 'instant' AND s.user_id != ? AND s.created_at <= ? AND u.status != 'DELETED'
               GROUP BY s.user_id`
                : `SELECT s.user_id, min(s.id) AS id, s.name, s.href, s.last_seen_at FROM saved_searches s
               WHERE s.matcher_id IN (${chunk.map(() => '?').join(', ')}) AND s.alert = 'instant' AND s.user_id != ? AND s.created_at <= ?
               GROUP BY s.user_id`,
            )
            .bind(...chunk, ad.user_id, liveAt),
        );
      }
      const rows: Owner[] = [];
      for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) for (const r of await db.batch<Owner>(statements.slice(i, i + STATEMENTS_PER_BATCH))) rows.push(...r.results);
      return rows;
    }),
  );
  const owners = found.flat();
  if (!owners.length) return [];
  const languageOf = joined
    ? new Map(owners.map((o) => [o.user_id, textLanguage(o.language)]))
    : new Map(
        [...(await readUsers<{ id: string; language: string; status: string }>(env, owners.map((o) => o.user_id), ['language', 'status'])).values()]
          .filter((a) => a.status !== 'DELETED')
          .map((a) => [a.id, textLanguage(a.language)]),
      );
  const texts = new Map(TEXT_LANGUAGES.map((language) => [language, savedSearchAlertParts(language, { title: ad.title, price: ad.price_minor, location: ad.location })]));
  return rowsFromSelect(
    owners.flatMap((o) => {
      const language = languageOf.get(o.user_id);
      if (language === undefined) return [];
      const text = texts.get(language) ?? texts.get('en')!;
      return [
        {
          id: `${alertIdPrefix(ad)}${o.user_id}`,
          user_id: o.user_id,
          title: `${text.before}${o.name}${text.after}`,
          body: text.body,
          type: 'SYSTEM',
          data: JSON.stringify({ kind: 'SAVED_SEARCH', listingId: ad.id, savedSearchId: o.id, url: alertUrl(o.href, o.last_seen_at, liveAt, o.id) }),
          created_at: now,
        },
      ];
    }),
  );
};

/** Everyone who favourited the ad, at most once per ad, buyer and day. */
const priceDropNotifications = async (env: Env, ad: AdRow, oldPriceMinor: number | null): Promise<KeyedNotification[]> => {
  if (oldPriceMinor !== null && ad.price_minor >= oldPriceMinor) return []; // raised again meanwhile
  // the favourites live in their buyers' accounts databases (decision 034; `DB` alone with one): asked side by side
  const results = (
    await Promise.all(accountsDatabases(env).map((db) => db.prepare('SELECT user_id FROM favorites WHERE listing_id = ? AND user_id != ?').bind(ad.id, ad.user_id).all<{ user_id: string }>()))
  ).flatMap((r) => r.results);
  const day = istDay();
  return results.map(({ user_id: userId }) => ({
    // the key is the day, so later drops that day add nothing
    key: `price-drop:${ad.id}:${userId}:${day}`,
    group: ad.id,
    userId,
    n: (lang) => ({
      type: 'FAVORITE' as const,
      ...priceDropText(lang, { title: ad.title, price: ad.price_minor, oldPrice: oldPriceMinor }),
      data: { kind: 'PRICE_DROP', listingId: ad.id, price: ad.price_minor / 100 },
    }),
  }));
};

/** Statements a single D1 batch carries; a larger fan-out is written in several, notifications first. */
const STATEMENTS_PER_BATCH = 200;

/**
 * Handles one outbox event. Safe to run any number of times. The buyers' notifications are stored
 * in their inboxes first (keyed: a repeat stores and tells nothing), each inbox telling its buyer
 * live if someone can be told; only then do the matches and the event's done mark go in ONE batch,
 * so a consumer that dies half way is redone and never marked done with buyers left untold.
 */
export const processEvent = async (env: Env, eventId: string, stats: MatchStats = { candidates: 0, matched: 0, notified: 0 }) => {
  const row = await loadEvent(env, eventId);
  if (!row || row.done_at !== null) return stats;
  const now = Date.now();
  const outbox = eventDb(env, eventId);
  const markDone = outbox.prepare('UPDATE listing_events SET done_at = ? WHERE id = ?').bind(now, eventId);
  // deleted, sold or taken down before we got to it: nobody should hear about it
  if (row.id === null || row.status !== 'APPROVED') {
    await markDone.run();
    return stats;
  }
  const ad: AdRow = row;
  const drops = row.kind === 'price_lowered' ? await priceDropNotifications(env, ad, row.old_price_minor) : [];
  const databases = accountsDatabases(env);
  const [fits, before] = await Promise.all([matchSavedQueries(env, ad, stats), row.kind === 'moved' ? movedMatches(env, ad.id) : undefined]);
  // An ad moved into another group of states (decision 033) is new to the searches of its new place
  // and told to them as a new ad there; the searches that had it already (their matches followed the
  // ad to its new id) keep their first moment and tell nobody again, and those of the old place it
  // no longer fits lose it (their counts and digests would otherwise list an ad that is not there).
  // Each accounts database's matches are its own queries' (decision 034).
  const matched = fits.map((ids, at) => (before ? ids.filter((id) => !before[at]!.has(id)) : ids));
  const gone = fits.map((ids, at) => (before ? [...before[at]!].filter((id) => !ids.includes(id)) : []));
  const alertRows = accountsSplit(env) ? await alertRowsApart(env, databases, ad, matched, row.event_at, now) : await alertRowsIn(env, ad, matched[0]!, row.event_at, now);
  stats.notified += await notifyRows(env, [...(await keyedRows(env, drops)), ...alertRows]);
  fault?.('after-store', eventId);
  // the matches live beside the saved searches (the core, or each buyer's accounts database); the
  // done mark joins their batch when that is the outbox's database too, and otherwise goes after
  // them all (the outbox in the ad's own database, decision 033; the matches in several accounts
  // databases, decision 034), so a death between redoes the event
  const markedWithMatches = databases.length === 1 && databases[0] === outbox;
  await Promise.all(
    databases.map(async (db, at) => {
      const writes = [...matchStatements(db, ad, matched[at]!, row.event_at, now), ...unmatchStatements(db, ad, gone[at]!), ...(markedWithMatches ? [markDone] : [])];
      for (let i = 0; i < writes.length; i += STATEMENTS_PER_BATCH) await db.batch(writes.slice(i, i + STATEMENTS_PER_BATCH));
    }),
  );
  if (!markedWithMatches) await markDone.run();
  return stats;
};

/** Exponential backoff for a retried message: 2 s, 4 s, 8 s … capped at 5 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(300, 2 ** Math.max(1, attempts));

/** Events of one batch handled at the same time: enough to overlap database round trips, few
 * enough that under a backlog the oldest events finish first instead of all finishing together. */
const CONCURRENT_EVENTS = 4;

/**
 * The queue handler: a batch's events run a few at a time, oldest first (each reads and writes only
 * its own ad's rows, and every write is idempotent); each message is acked when done, retried with
 * backoff when it failed.
 */
export const handleAlertBatch = async (batch: MessageBatch<AlertMessage>, env: Env) => {
  const queue = [...batch.messages];
  const handleNext = async (): Promise<void> => {
    const message = queue.shift();
    if (!message) return;
    const eventId = message.body?.eventId;
    if (typeof eventId !== 'string') {
      message.ack(); // not ours to understand: retrying would not help
    } else {
      try {
        await processEvent(env, eventId);
        message.ack();
      } catch (err) {
        console.warn(`alerts: event ${eventId} failed (attempt ${message.attempts}), retrying`, err);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
    return handleNext();
  };
  await Promise.all(Array.from({ length: CONCURRENT_EVENTS }, handleNext));
};

/** The dead-letter queue: events that failed every retry are logged and kept in the outbox as not done. */
export const handleDeadLetters = async (batch: MessageBatch<AlertMessage>) => {
  for (const message of batch.messages) {
    console.error(`alerts: event ${message.body?.eventId} given up after ${message.attempts} attempts (still in listing_events with done_at NULL)`);
    message.ack();
  }
};
