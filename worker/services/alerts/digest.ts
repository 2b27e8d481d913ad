/**
 * Daily saved-search digests (decision 009): at 09:00 IST one e-mail per buyer listing the ads that
 * matched their `daily` searches since the last digest (the dev outbox locally), plus one
 * notification in the inbox. Matches are recorded per shared query (saved_query_matches); each daily
 * search moves its own `digested_until` when its digest went out, so a rerun sends nothing.
 */
import type { Env } from '../../env';
import { notifyOnce } from '../notifications/notifications';
import { sendEmail } from '../notifications/outbox';
import { savedSearchHref } from '../../schemas/saved-searches';
import { istDay } from './consumer';
import { isSharded } from '../../db/shards';
import { accountsDatabases, accountsSplit } from '../../db/accounts';
import { readUsers } from '../../db/users';
import { listingRowsByIds } from '../listings/shard-reads';
import { formatCount, formatRupees, pluralKey, render, textLanguage } from '../../schemas/notification-texts';

interface PendingRow {
  user_id: string;
  email: string | null;
  language: string;
  saved_search_id: string;
  name: string;
  query: string;
  listing_id: string;
  title: string;
  price_minor: number;
  location: string;
}

const PER_SEARCH = 10;
/** Buyers whose digests are read and sent in one round. */
const USERS_PER_ROUND = 90; // + 1 bound value, under D1's 100
/** How late an event may be handled and still make its digest (the live_at lower bound keeps the read on an index range). */
const LATE_EVENT_MS = 7 * 24 * 3600_000;

/**
 * What the daily searches of these buyers matched since their last digest: the shared query's
 * matches recorded after it, of ads still live, that went live after the search was saved and are
 * not the buyer's own; recorded up to `now` only, so a match written during this run waits for the next.
 */
const pendingOf = (env: Env, userIds: string[], now: number) =>
  env.DB.prepare(
    `SELECT s.user_id, u.email, u.language, s.id AS saved_search_id, s.name, s.query, l.id AS listing_id, l.title, l.price_minor, l.location
     FROM saved_searches s
     JOIN saved_query_matches q ON q.matcher_id = s.matcher_id AND q.live_at > max(s.created_at, s.digested_until - ${LATE_EVENT_MS})
       AND q.matched_at > s.digested_until AND q.matched_at <= ? AND q.seller_id != s.user_id
     JOIN listings l ON l.id = q.listing_id AND l.status = 'APPROVED'
     JOIN users u ON u.id = s.user_id
     WHERE s.alert = 'daily' AND s.user_id IN (${userIds.map(() => '?').join(', ')})
     ORDER BY s.user_id, s.id, q.live_at DESC`,
  )
    .bind(now, ...userIds)
    .all<PendingRow>();

/**
 * The same with the ads over several databases (decision 033): the matches from the core without
 * the ads' columns, then the ads still live from their own databases side by side, joined here in
 * the core read's order.
 */
const pendingOfSharded = async (env: Env, userIds: string[], now: number): Promise<{ results: PendingRow[] }> => {
  const { results } = await env.DB.prepare(
    `SELECT s.user_id, u.email, u.language, s.id AS saved_search_id, s.name, s.query, q.listing_id
     FROM saved_searches s
     JOIN saved_query_matches q ON q.matcher_id = s.matcher_id AND q.live_at > max(s.created_at, s.digested_until - ${LATE_EVENT_MS})
       AND q.matched_at > s.digested_until AND q.matched_at <= ? AND q.seller_id != s.user_id
     JOIN users u ON u.id = s.user_id
     WHERE s.alert = 'daily' AND s.user_id IN (${userIds.map(() => '?').join(', ')})
     ORDER BY s.user_id, s.id, q.live_at DESC`,
  )
    .bind(now, ...userIds)
    .all<Omit<PendingRow, 'title' | 'price_minor' | 'location'>>();
  const ads = new Map(
    (await listingRowsByIds<Pick<PendingRow, 'title' | 'price_minor' | 'location'> & { id: string }>(env, [...new Set(results.map((r) => r.listing_id))], 'l.id, l.title, l.price_minor, l.location', `l.status = 'APPROVED'`)).map((a) => [a.id, a]),
  );
  return { results: results.flatMap((r) => {
    const ad = ads.get(r.listing_id);
    return ad ? [{ ...r, title: ad.title, price_minor: ad.price_minor, location: ad.location }] : [];
  }) };
};

/**
 * The same with the searches in the buyers' accounts database (decision 034): `users` (e-mail,
 * language) lives apart from them (the core, or with the switch on this same accounts database:
 * worker/db/users.ts) and the ads live in theirs, so the matches are read from the accounts database
 * alone, then the ads still live and the accounts not deleted side by side, joined here in the first
 * read's order (a deleted account whose searches outlived a failed last step of its deletion is told
 * nothing).
 */
const pendingOfApart = async (env: Env, db: D1Database, userIds: string[], now: number): Promise<{ results: PendingRow[] }> => {
  const { results } = await db
    .prepare(
      `SELECT s.user_id, s.id AS saved_search_id, s.name, s.query, q.listing_id
       FROM saved_searches s
       JOIN saved_query_matches q ON q.matcher_id = s.matcher_id AND q.live_at > max(s.created_at, s.digested_until - ${LATE_EVENT_MS})
         AND q.matched_at > s.digested_until AND q.matched_at <= ? AND q.seller_id != s.user_id
       WHERE s.alert = 'daily' AND s.user_id IN (${userIds.map(() => '?').join(', ')})
       ORDER BY s.user_id, s.id, q.live_at DESC`,
    )
    .bind(now, ...userIds)
    .all<Pick<PendingRow, 'user_id' | 'saved_search_id' | 'name' | 'query' | 'listing_id'>>();
  if (!results.length) return { results: [] };
  const [ads, accounts] = await Promise.all([
    listingRowsByIds<Pick<PendingRow, 'title' | 'price_minor' | 'location'> & { id: string }>(env, [...new Set(results.map((r) => r.listing_id))], 'l.id, l.title, l.price_minor, l.location', `l.status = 'APPROVED'`),
    readUsers<{ id: string; email: string | null; language: string; status: string }>(env, results.map((r) => r.user_id), ['email', 'language', 'status']),
  ]);
  const adOf = new Map(ads.map((a) => [a.id, a]));
  const accountOf = new Map([...accounts.values()].filter((a) => a.status !== 'DELETED').map((a) => [a.id, a]));
  return {
    results: results.flatMap((r) => {
      const ad = adOf.get(r.listing_id);
      const account = accountOf.get(r.user_id);
      return ad && account ? [{ ...r, email: account.email, language: account.language, title: ad.title, price_minor: ad.price_minor, location: ad.location }] : [];
    }),
  };
};

/** One e-mail and one inbox line per buyer of these rows; their searches' digests move on (in `db`, where the searches are). */
const sendDigestsTo = async (env: Env, db: D1Database, results: PendingRow[], now: number, origin: string) => {
  const byUser = new Map<string, PendingRow[]>();
  for (const r of results) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  const day = istDay(now);
  let sent = 0;
  for (const [userId, rows] of byUser) {
    const bySearch = new Map<string, PendingRow[]>();
    for (const r of rows) bySearch.set(r.saved_search_id, [...(bySearch.get(r.saved_search_id) ?? []), r]);
    // the e-mail and the inbox line in the buyer's language (decision 010); titles, names and places stay as written
    const lang = textLanguage(rows[0]!.language);
    const sections = [...bySearch.values()].map((ads) => {
      const head = ads[0]!;
      const lines = ads
        .slice(0, PER_SEARCH)
        .map((a) => `${render(lang, 'digestLine', { title: a.title, price: formatRupees(lang, a.price_minor), location: a.location })}\n    ${origin}/listing/${a.listing_id}`);
      const more = ads.length > PER_SEARCH ? `\n${render(lang, 'digestMore', { n: formatCount(lang, ads.length - PER_SEARCH) })}` : '';
      const seeAll = render(lang, 'digestSeeAll', { url: `${origin}${savedSearchHref(JSON.parse(head.query) as Record<string, string>)}` });
      return `${render(lang, 'digestSectionHead', { name: head.name, n: formatCount(lang, ads.length) })}\n${lines.join('\n')}${more}\n${seeAll}`;
    });
    const total = rows.length;
    const subject = render(lang, pluralKey(lang, total, 'digestSubjectOne', 'digestSubjectOther'), { n: formatCount(lang, total) });
    const inboxBody = [...bySearch.values()].map((a) => render(lang, 'digestInboxItem', { name: a[0]!.name, n: formatCount(lang, a.length) })).join(', ');
    try {
      if (rows[0]!.email) await sendEmail(env, rows[0]!.email, subject, `${sections.join('\n\n')}\n\n${render(lang, 'digestFooter', { url: `${origin}/saved-searches` })}`);
      await notifyOnce(env, `digest:${userId}:${day}`, userId, { type: 'SYSTEM', title: subject, body: inboxBody, data: { kind: 'SAVED_SEARCH_DIGEST', url: '/saved-searches' } });
    } catch (err) {
      console.warn(`digest for ${userId} failed; it goes out with the next one`, err);
      continue;
    }
    const ids = [...bySearch.keys()];
    await db.prepare(`UPDATE saved_searches SET digested_until = ? WHERE user_id = ? AND id IN (${ids.map(() => '?').join(', ')})`)
      .bind(now, userId, ...ids)
      .run();
    sent++;
  }
  return sent;
};

export const sendDailyDigests = async (env: Env, origin = 'https://sel.example') => {
  const now = Date.now();
  // each accounts database's buyers (decision 034; `DB` alone with one), the databases side by side
  const sent = await Promise.all(accountsDatabases(env).map((db) => sendDigestsFrom(env, db, now, origin)));
  return sent.reduce((a, b) => a + b, 0);
};

const sendDigestsFrom = async (env: Env, db: D1Database, now: number, origin: string) => {
  const pending = accountsSplit(env) ? (ids: string[]) => pendingOfApart(env, db, ids, now) : (ids: string[]) => (isSharded(env) ? pendingOfSharded : pendingOf)(env, ids, now);
  let sent = 0;
  for (let after = ''; ; ) {
    const { results: users } = await db
      .prepare(`SELECT DISTINCT user_id FROM saved_searches WHERE alert = 'daily' AND user_id > ? ORDER BY user_id LIMIT ${USERS_PER_ROUND}`)
      .bind(after)
      .all<{ user_id: string }>();
    if (!users.length) return sent;
    after = users.at(-1)!.user_id;
    sent += await sendDigestsTo(env, db, (await pending(users.map((u) => u.user_id))).results, now, origin);
  }
};
