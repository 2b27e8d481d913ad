/**
 * The alerts queue consumer (issue 21). One message = one listing event from the outbox:
 *  - saved searches: candidates come from the index (scope = any / the ad's category / its
 *    subcategory, place = anywhere / the ad's state / city / area), never a scan of all searches;
 *    the compiled matcher decides the rest in code. Every matching query is recorded once however
 *    many buyers saved it (newCount, digests); `instant` searches notify their owner (inbox Durable
 *    Object: live tabs + Web Push), one notification per buyer and ad however many searches matched.
 *  - price lowered: everyone who favourited the ad, at most once per ad and day.
 * Idempotent: notification ids derive from what they are about and matches have a primary key,
 * so a message delivered twice, or retried after dying half way, notifies once.
 */
import type { Env, AlertMessage } from '../../env';
import { type KeyedNotification, prepareNotifications } from '../notifications';
import { priceDropText, savedSearchAlertText } from '../../schemas/notification-texts';
import { savedSearchHref } from '../../schemas/saved-searches';
import { type Matcher, matches, prepareAd } from './matcher';

interface EventRow {
  id: string;
  listing_id: string;
  kind: string;
  old_price_minor: number | null;
  created_at: number;
  done_at: number | null;
}

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

/** An instant saved search behind a matching query: its owner is told now. */
interface InstantRow {
  id: string;
  user_id: string;
  name: string;
  query: string;
  last_seen_at: number;
}

/** For tests: a fault injected at a named point ("after-store": written, not yet pushed live) to kill the consumer mid-event. */
let fault: ((point: string, eventId: string) => void) | undefined;
export const setAlertFault = (f: typeof fault) => {
  fault = f;
};

/** Days are Indian days: "once a day" resets at midnight IST. */
export const istDay = (now = Date.now()) => new Date(now + 330 * 60_000).toISOString().slice(0, 10);

const loadAd = (env: Env, listingId: string) =>
  env.DB.prepare(
    `SELECT l.id, l.user_id, l.title, l.description, l.price_minor, l.condition, l.category_id, l.subcategory_id, l.state_id, l.city_id, l.area_id,
       l.latitude, l.longitude, l.features, l.location, l.status,
       (SELECT group_concat(name, ' ') FROM categories WHERE id IN (l.category_id, l.subcategory_id)) AS categories
     FROM listings l WHERE l.id = ?`,
  )
    .bind(listingId)
    .first<AdRow>();

export interface MatchStats {
  /** distinct saved queries checked */
  candidates: number;
  /** distinct saved queries the ad fits */
  matched: number;
  notified: number;
}

/**
 * Parsed matchers by saved_search_matchers id. A row never changes and its id is never reused
 * (AUTOINCREMENT), so an isolate keeps what it parsed; bounded so a long-lived isolate stays small.
 */
const parsedMatchers = new Map<number, Matcher>();
const MATCHER_CACHE_SIZE = 20_000;
const matcherOf = (id: number, text: string) => {
  let m = parsedMatchers.get(id);
  if (!m) {
    m = JSON.parse(text) as Matcher;
    if (parsedMatchers.size >= MATCHER_CACHE_SIZE) parsedMatchers.delete(parsedMatchers.keys().next().value!);
    parsedMatchers.set(id, m);
  }
  return m;
};

/**
 * The saved queries an ad matches, and the instant searches to tell. Candidates are the DISTINCT saved
 * queries indexed under the ad's category (any / category / subcategory) and place (anywhere / state /
 * city / area) — a popular query saved by hundreds of buyers is checked once — then only the instant
 * searches behind the queries that matched are read. Daily and off searches need nothing per buyer:
 * their newCount and digest read the query's matches.
 */
const matchSavedQueries = async (env: Env, ad: AdRow, since: number, stats: MatchStats) => {
  const places = [0, ad.state_id, ad.city_id, ad.area_id].filter((p): p is number => p !== null);
  const scopes = ['', ad.category_id, ...(ad.subcategory_id ? [ad.subcategory_id] : [])];
  const { results: queries } = await env.DB.prepare(
    `SELECT id, matcher FROM saved_search_matchers WHERE scope IN (${scopes.map(() => '?').join(', ')}) AND place_id IN (${places.map(() => '?').join(', ')})`,
  )
    .bind(...scopes, ...places)
    .all<{ id: number; matcher: string }>();
  stats.candidates += queries.length;
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
  const matched = queries.filter((q) => matches(matcherOf(q.id, q.matcher), prepared)).map((q) => q.id);
  stats.matched += matched.length;
  const statements = [];
  // 90 ids + 2 values a statement, under D1's 100 bound parameters
  for (let i = 0; i < matched.length; i += 90) {
    const chunk = matched.slice(i, i + 90);
    statements.push(
      env.DB.prepare(
        `SELECT s.id, s.user_id, s.name, s.query, s.last_seen_at FROM saved_searches s
         WHERE s.matcher_id IN (${chunk.map(() => '?').join(', ')}) AND s.alert = 'instant' AND s.user_id != ? AND s.created_at <= ?`,
      )
        // a search saved after the event hears only of later ones (it already showed this ad when saved)
        .bind(...chunk, ad.user_id, since),
    );
  }
  const instant: InstantRow[] = [];
  for (let i = 0; i < statements.length; i += 50) {
    for (const result of await env.DB.batch<InstantRow>(statements.slice(i, i + 50))) instant.push(...result.results);
  }
  return { matched, instant };
};

/**
 * The matches, recorded once per query: newCount and the daily digest read them. A query that matched
 * before (an earlier event of the same ad) keeps its first moment (5 values a row, under D1's 100).
 */
const matchStatements = (env: Env, ad: AdRow, matched: number[], liveAt: number, now: number) => {
  const statements = [];
  for (let i = 0; i < matched.length; i += 19) {
    const chunk = matched.slice(i, i + 19);
    statements.push(
      env.DB.prepare(
        `INSERT OR IGNORE INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      ).bind(...chunk.flatMap((id) => [id, ad.id, ad.user_id, liveAt, now])),
    );
  }
  return statements;
};

/**
 * One notification per buyer however many of their instant searches matched, keyed by ad and buyer:
 * a later event of the same ad (a price drop, a redelivery) finds it stored and tells nobody twice.
 */
const buyerNotifications = (ad: AdRow, liveAt: number, instant: InstantRow[]): KeyedNotification[] => {
  const byUser = new Map<string, InstantRow>();
  for (const h of instant) if (!byUser.has(h.user_id)) byUser.set(h.user_id, h);
  return [...byUser].map(([userId, first]) => {
    // opens the search with only the ads new since the buyer last looked (this one included)
    const data = {
      kind: 'SAVED_SEARCH',
      listingId: ad.id,
      savedSearchId: first.id,
      url: savedSearchHref(JSON.parse(first.query) as Record<string, string>, first.id, Math.min(first.last_seen_at, liveAt - 1)),
    };
    return {
      key: `saved-search:${ad.id}:${userId}`,
      group: ad.id,
      userId,
      // in the buyer's language (issue 19); the ad's own words stay as written
      n: (lang) => ({ type: 'SYSTEM' as const, ...savedSearchAlertText(lang, { searchName: first.name, title: ad.title, price: ad.price_minor, location: ad.location }), data }),
    };
  });
};

/** Everyone who favourited the ad, at most once per ad, buyer and day. */
const priceDropNotifications = async (env: Env, ad: AdRow, oldPriceMinor: number | null): Promise<KeyedNotification[]> => {
  if (oldPriceMinor !== null && ad.price_minor >= oldPriceMinor) return []; // raised again meanwhile
  const { results } = await env.DB.prepare('SELECT user_id FROM favorites WHERE listing_id = ? AND user_id != ?').bind(ad.id, ad.user_id).all<{ user_id: string }>();
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
 * Handles one outbox event. Safe to run any number of times. Everything it writes — the buyers'
 * notifications, the matches, the event marked done — goes in ONE batch (one transaction, one
 * round trip), so a consumer that dies has written all of it or none of it; only then are the
 * buyers with an open tab or a push subscription told live.
 */
export const processEvent = async (env: Env, eventId: string, stats: MatchStats = { candidates: 0, matched: 0, notified: 0 }) => {
  const event = await env.DB.prepare('SELECT id, listing_id, kind, old_price_minor, created_at, done_at FROM listing_events WHERE id = ?').bind(eventId).first<EventRow>();
  if (!event || event.done_at !== null) return stats;
  const ad = await loadAd(env, event.listing_id);
  const now = Date.now();
  const markDone = env.DB.prepare('UPDATE listing_events SET done_at = ? WHERE id = ?').bind(now, eventId);
  // deleted, sold or taken down before we got to it: nobody should hear about it
  if (!ad || ad.status !== 'APPROVED') {
    await markDone.run();
    return stats;
  }
  const drops = event.kind === 'price_lowered' ? await priceDropNotifications(env, ad, event.old_price_minor) : [];
  const { matched, instant } = await matchSavedQueries(env, ad, event.created_at, stats);
  const notifications = await prepareNotifications(env, [...drops, ...buyerNotifications(ad, event.created_at, instant)]);
  // notifications before matches and the done mark: a fan-out split over several batches that dies
  // half way is redone (notifications and matches are keyed), never marked done with buyers left untold
  const writes = [...notifications.statements, ...matchStatements(env, ad, matched, event.created_at, now), markDone];
  const results: D1Result[] = [];
  for (let i = 0; i < writes.length; i += STATEMENTS_PER_BATCH) results.push(...(await env.DB.batch(writes.slice(i, i + STATEMENTS_PER_BATCH))));
  fault?.('after-store', eventId);
  stats.notified += await notifications.deliver(results.slice(0, notifications.statements.length));
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
