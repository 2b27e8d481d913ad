/**
 * Saved searches: CRUD, owner only, at most 50 per account. Saving compiles the filters with the
 * search's own query understanding into index keys + a matcher (services/alerts/matcher.ts).
 */
import { ulid } from '../../lib/ulid';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { listingsQuery, FEATURE_FILTER_KEYS } from '../../schemas/listings';
import {
  MAX_SAVED_SEARCHES,
  type AlertFrequency,
  type CreateSavedSearchInput,
  type SavedQuery,
  type SavedSearch,
  type UpdateSavedSearchInput,
  savedSearchHref,
} from '../../schemas/saved-searches';
import { resolveCategory } from '../listings/catalog';
import { resolveLocation } from '../listings/locations';
import { isSharded } from '../../db/shards';
import { accountsDatabases, accountsDbForUser, accountsSplit } from '../../db/accounts';
import { usersDbFor } from '../../db/users';
import { liveListingIds } from '../listings/shard-reads';
import { searchDictionary } from '../search/dictionary';
import { DEFAULT_RADIUS_KM } from '../search/near';
import { understand } from '../search/understand';
import { boundsFromWords, readBudget } from '../search/budget';
import { normaliseQuery, tokens } from '../search/text';
import { type Matcher, words } from './matcher';
import { subcategoryById } from '../../schemas/taxonomy';

const subcategoryIdByName = new Map([...subcategoryById.values()].map((sub) => [sub.name, sub.id]));

export interface CompiledSearch {
  scope: string;
  placeId: number;
  matcher: Matcher;
}

/** The saved filters → index keys and matcher, read the way GET /api/listings reads them. */
export const compileSearch = async (env: Env, db: Db, saved: SavedQuery): Promise<CompiledSearch> => {
  const query = listingsQuery.parse(saved);
  const near = query.lat !== undefined && query.lng !== undefined;
  const picked = query.location ? await resolveLocation(db, query.location) : null;
  if (query.location && picked === undefined) throw badRequest(`We do not know the place "${query.location}". Pick one from the list.`, 'UNKNOWN_LOCATION');
  const plan = query.q
    ? await understand(db, await searchDictionary(env), query.q, { placePicked: (Boolean(query.location) && picked !== null) || near })
    : undefined;

  let scope = '';
  if (query.category || query.subcategory) {
    const resolved = await resolveCategory(db, query.category, query.subcategory);
    if (!resolved || (query.subcategory && !resolved.subcategory) || (query.category && !resolved.category && !resolved.subcategory)) {
      throw badRequest(`We do not know the category "${query.subcategory ?? query.category}".`, 'UNKNOWN_CATEGORY');
    }
    scope = resolved.subcategory?.id ?? resolved.category?.id ?? '';
  } else if (plan?.browse) {
    const resolved = await resolveCategory(db, plan.browse.category, plan.browse.subcategory);
    scope = resolved?.subcategory?.id ?? resolved?.category?.id ?? '';
  }
  // a region in the words keeps alerts to its first (core) city: one index key per saved search, and
  // fewer alerts rather than alerts from every city of India
  const place = near ? null : (picked ?? plan?.place ?? plan?.region?.cities[0] ?? null);

  const norm = (list: string[]) => [...new Set(list.map((t) => words(t).join(' ')).filter(Boolean))];
  const matcher: Matcher = {
    groups: (plan?.groups ?? []).map((g) => {
      const correction = !query.exact && g.correction ? g.correction : undefined;
      // a concept's own forms match anywhere; its helper words ("honda" for "activa") only in its subcategory,
      // so a saved "activa" hears of Activas, not of every Honda
      const helpers = new Set(norm([...(g.concept?.also ?? []), ...(correction?.concept?.also ?? [])]));
      const alts = norm([...g.terms, ...(correction?.terms ?? [])]).filter((t) => !helpers.has(t));
      const home = subcategoryIdByName.get(g.concept?.subcategory ?? correction?.concept?.subcategory ?? '');
      return { alts, prefix: g.prefix, ...(helpers.size && home ? { also: { subcategoryId: home, alts: [...helpers] } } : {}) };
    }),
  };
  // a budget still in the words (saved before they were read as one) is the price filter, as in the search
  const { minPrice = query.minPrice, maxPrice = query.maxPrice } = boundsFromWords(query, plan?.budget);
  if (minPrice !== undefined) matcher.minPriceMinor = Math.round(minPrice * 100);
  if (maxPrice !== undefined) matcher.maxPriceMinor = Math.round(maxPrice * 100);
  const conditions = query.condition ?? (plan?.condition ? [plan.condition] : undefined);
  if (conditions?.length) matcher.conditions = conditions;
  const features: Record<string, string> = {};
  for (const key of FEATURE_FILTER_KEYS) if (query[key]) features[key] = query[key].toLowerCase();
  if (Object.keys(features).length) matcher.features = features;
  if (near) matcher.near = { lat: query.lat!, lng: query.lng!, radiusKm: query.radiusKm ?? DEFAULT_RADIUS_KM };
  return { scope, placeId: place?.id ?? 0, matcher };
};

/**
 * A budget in the words becomes the saved filters it is (decision 017): "sofa under 10k" is kept as
 * q=sofa, maxPrice=10000, so the saved search opens with its price filter, its name says the budget,
 * and its alerts keep to it. A bound the search names itself wins, as in GET /api/listings.
 */
export const budgetAsFilters = (query: SavedQuery): SavedQuery => {
  const budget = query.q ? readBudget(normaliseQuery(query.q)) : undefined;
  if (!budget) return query;
  const number = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const bounds = boundsFromWords({ minPrice: number(query.minPrice), maxPrice: number(query.maxPrice) }, budget);
  const { q: _typed, ...rest } = query;
  return {
    ...(budget.rest ? { q: budget.rest } : {}),
    ...rest,
    ...(bounds.minPrice !== undefined ? { minPrice: String(bounds.minPrice) } : {}),
    ...(bounds.maxPrice !== undefined ? { maxPrice: String(bounds.maxPrice) } : {}),
  };
};

/**
 * Condition and attribute words become the saved filters the search read them as ("purana automatic
 * car" is kept as q=car, condition=USED, transmission=Automatic — what data.search.interpretedAs
 * shows), so the saved search opens with those filters and its alerts keep to them. A filter the
 * search names itself wins; the words leave q either way (the search did not search them). Words
 * that are nothing but a condition ("used") stay words, as the search keeps them.
 */
export const understoodAsFilters = async (env: Env, db: Db, query: SavedQuery): Promise<SavedQuery> => {
  if (!query.q) return query;
  const placePicked = Boolean(query.location) || Boolean(query.lat);
  const plan = await understand(db, await searchDictionary(env), query.q, { placePicked });
  if (!plan.filterWords?.length || (!plan.condition && !plan.features)) return query;
  // the words as the search split them, without the phrases read as filters
  const rest = tokens(normaliseQuery(query.q));
  for (const phrase of plan.filterWords) {
    const want = phrase.split(' ');
    const at = rest.findIndex((_, i) => want.every((w, k) => rest[i + k] === w));
    if (at >= 0) rest.splice(at, want.length);
  }
  if (!rest.length) return query;
  const features = Object.fromEntries(Object.entries(plan.features ?? {}).filter(([key]) => !query[key]));
  return {
    ...query,
    q: rest.join(' '),
    ...(plan.condition && !query.condition ? { condition: plan.condition } : {}),
    ...features,
  };
};

/** A name in words when the buyer gives none: "activa in Pune, under ₹40,000". */
export const describeQuery = (q: SavedQuery): string => {
  const rupees = (v: string) => `₹${Number(v).toLocaleString('en-IN')}`;
  const parts: string[] = [];
  const what = q.q ?? q.subcategory ?? q.category;
  parts.push(what ? what : 'Everything');
  if (q.brand) parts.push(q.brand);
  if (q.location) parts.push(`in ${q.location}`);
  if (q.lat) parts.push(`within ${q.radiusKm ?? DEFAULT_RADIUS_KM} km of you`);
  if (q.minPrice && q.maxPrice) parts.push(`${rupees(q.minPrice)}–${rupees(q.maxPrice)}`);
  else if (q.maxPrice) parts.push(`under ${rupees(q.maxPrice)}`);
  else if (q.minPrice) parts.push(`over ${rupees(q.minPrice)}`);
  if (q.condition) parts.push(q.condition.toLowerCase().replace(/,/g, ' or '));
  return parts.join(', ').slice(0, 80);
};

interface SavedSearchRow {
  id: string;
  user_id: string;
  name: string;
  query: string;
  alert: string;
  last_seen_at: number;
  created_at: number;
  updated_at: number;
  new_count?: number;
}

const toSavedSearch = (r: SavedSearchRow): SavedSearch => ({
  id: r.id,
  name: r.name,
  query: JSON.parse(r.query) as Record<string, string>,
  alert: r.alert as AlertFrequency,
  newCount: r.new_count ?? 0,
  lastSeenAt: new Date(r.last_seen_at).toISOString(),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * newCount, read from the matches of the search's shared query (decision 009): the ads still live that
 * went live after the search was last opened, not the buyer's own — what its "new" link shows.
 */
const WITH_NEW_COUNT = `s.*, (
  SELECT count(*) FROM saved_query_matches q JOIN listings l ON l.id = q.listing_id AND l.status = 'APPROVED'
  WHERE q.matcher_id = s.matcher_id AND q.live_at > s.last_seen_at AND q.seller_id != s.user_id
) AS new_count`;

/**
 * With the ads over several databases (decision 033), or the searches and their matches in the
 * buyer's accounts database (decision 034), the matches and the ads cannot be joined: the read of
 * the buyer's searches lists each one's unseen matches, then the ads' databases, side by side, say
 * which are still live — two round trips, the read budget.
 */
const WITH_NEW_IDS = `s.*, (
  SELECT json_group_array(q.listing_id) FROM saved_query_matches q
  WHERE q.matcher_id = s.matcher_id AND q.live_at > s.last_seen_at AND q.seller_id != s.user_id
) AS new_ids`;
const adsApart = (env: Env) => isSharded(env) || accountsSplit(env);
const withNewCount = (env: Env) => (adsApart(env) ? WITH_NEW_IDS : WITH_NEW_COUNT);

const countLiveNew = async (env: Env, rows: (SavedSearchRow & { new_ids?: string })[]): Promise<SavedSearchRow[]> => {
  if (!adsApart(env)) return rows;
  const ids = rows.map((r) => JSON.parse(r.new_ids ?? '[]') as string[]);
  const live = await liveListingIds(env, [...new Set(ids.flat())]);
  return rows.map(({ new_ids: _, ...r }, i) => ({ ...r, new_count: ids[i]!.filter((id) => live.has(id)).length }));
};

export const EMAIL_NEEDED_FOR_DAILY =
  'Daily alerts come by e-mail, and there is no e-mail address on your account. Choose instant alerts (in the app and as push notifications), or add an e-mail address first.';

/**
 * The daily digest is an e-mail: an account without an address (signed up by phone) would get
 * nothing it was promised, so the choice is refused instead of silently not kept (decision 024).
 */
const assertCanReceiveDigest = async (env: Env, userId: string, alert: string | undefined) => {
  if (alert !== 'daily') return;
  const row = await usersDbFor(env, userId).prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string | null }>();
  if (!row?.email) throw conflict(EMAIL_NEEDED_FOR_DAILY, 'EMAIL_REQUIRED');
};

export const createSavedSearch = async (env: Env, db: Db, userId: string, input: CreateSavedSearchInput) => {
  await assertCanReceiveDigest(env, userId, input.alert);
  const query = await understoodAsFilters(env, db, budgetAsFilters(input.query));
  const compiled = await compileSearch(env, db, query);
  const id = `ss_${ulid().toLowerCase()}`;
  const now = Date.now();
  const matcher = JSON.stringify(compiled.matcher);
  // the buyer's accounts database (decision 034; `DB` with one) holds their searches, the shared
  // queries they point at and those queries' matches: the limit is a count of the buyer's rows there
  const own = accountsDbForUser(env, userId);
  // one batch (one transaction): the shared query row, then the search pointing at it; the limit is
  // checked inside the insert itself, so two racing saves cannot make 51
  const [, res] = await own.batch([
    own.prepare(`INSERT INTO saved_search_matchers (scope, place_id, matcher, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (scope, place_id, matcher) DO NOTHING`).bind(
      compiled.scope,
      compiled.placeId,
      matcher,
      now,
    ),
    own.prepare(
      `INSERT INTO saved_searches (id, user_id, name, query, href, alert, scope, place_id, matcher, matcher_id, last_seen_at, digested_until, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM saved_search_matchers WHERE scope = ? AND place_id = ? AND matcher = ?), ?, ?, ?, ?
       WHERE (SELECT count(*) FROM saved_searches WHERE user_id = ?) < ?`,
    ).bind(
      id,
      userId,
      input.name ?? describeQuery(query),
      JSON.stringify(query),
      savedSearchHref(query as Record<string, string>),
      input.alert,
      compiled.scope,
      compiled.placeId,
      matcher,
      compiled.scope,
      compiled.placeId,
      matcher,
      now,
      now,
      now,
      now,
      userId,
      MAX_SAVED_SEARCHES,
    ),
  ]);
  if (res!.meta.changes === 0) {
    throw conflict(`You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one you no longer need to save this one.`, 'SAVED_SEARCH_LIMIT');
  }
  return { id };
};

export const listSavedSearches = async (env: Env, userId: string) => {
  const { results } = await accountsDbForUser(env, userId).prepare(`SELECT ${withNewCount(env)} FROM saved_searches s WHERE s.user_id = ? ORDER BY s.created_at DESC, s.id DESC`)
    .bind(userId)
    .all<SavedSearchRow>();
  return (await countLiveNew(env, results)).map(toSavedSearch);
};

/** Someone else's saved search reads as missing: no hint that the id exists. */
const missing = () => notFound('Saved search not found', 'SAVED_SEARCH_NOT_FOUND');

export const getSavedSearch = async (env: Env, userId: string, id: string) => {
  const row = await accountsDbForUser(env, userId).prepare(`SELECT ${withNewCount(env)} FROM saved_searches s WHERE s.id = ? AND s.user_id = ?`).bind(id, userId).first<SavedSearchRow>();
  if (!row) throw missing();
  return toSavedSearch((await countLiveNew(env, [row]))[0]!);
};

export const updateSavedSearch = async (env: Env, userId: string, id: string, input: UpdateSavedSearchInput) => {
  await assertCanReceiveDigest(env, userId, input.alert);
  const now = Date.now();
  // switched to daily: the first digest carries what matches from now on (SET reads the old row)
  const row = await accountsDbForUser(env, userId).prepare(
    `UPDATE saved_searches SET name = coalesce(?, name), alert = coalesce(?, alert),
       digested_until = CASE WHEN ? = 'daily' AND alert != 'daily' THEN ? ELSE digested_until END, updated_at = ?
     WHERE id = ? AND user_id = ? RETURNING id`,
  )
    .bind(input.name ?? null, input.alert ?? null, input.alert ?? null, now, now, id, userId)
    .first<{ id: string }>();
  if (!row) throw missing();
  return getSavedSearch(env, userId, id);
};

export const deleteSavedSearch = async (env: Env, userId: string, id: string) => {
  // its query's matches go with the query, once no saved search uses it (removeUnusedMatchers)
  const deleted = await accountsDbForUser(env, userId).prepare('DELETE FROM saved_searches WHERE id = ? AND user_id = ?').bind(id, userId).run();
  if (deleted.meta.changes === 0) throw missing();
  return { deleted: true, id };
};

/** Opened: the new-ad count starts again from now. */
export const markSavedSearchSeen = async (env: Env, userId: string, id: string) => {
  const row = await accountsDbForUser(env, userId).prepare('UPDATE saved_searches SET last_seen_at = ? WHERE id = ? AND user_id = ? RETURNING id')
    .bind(Date.now(), id, userId)
    .first<{ id: string }>();
  if (!row) throw missing();
  return getSavedSearch(env, userId, id);
};


/**
 * Hourly: links for searches saved before saved_searches.href existed (migration 0021; SQL cannot
 * URL-encode), so their alerts open their results instead of the Saved searches page. A few hundred
 * a run; none once done.
 */
export const fillSavedSearchLinks = async (env: Env) =>
  // every accounts database side by side (decision 034; `DB` alone with one)
  (await Promise.all(accountsDatabases(env).map((db) => fillLinksIn(db)))).reduce((a, b) => a + b, 0);

const fillLinksIn = async (db: D1Database) => {
  const { results } = await db.prepare('SELECT id, query FROM saved_searches WHERE href IS NULL LIMIT 500').all<{ id: string; query: string }>();
  const statements = results.map((r) => db.prepare('UPDATE saved_searches SET href = ? WHERE id = ?').bind(savedSearchHref(JSON.parse(r.query) as Record<string, string>), r.id));
  for (let i = 0; i < statements.length; i += 100) await db.batch(statements.slice(i, i + 100));
  return statements.length;
};

/**
 * Hourly: shared compiled queries no saved search uses any more (their searches were deleted). A
 * save that reuses one runs in a single batch with its own insert of the row, so it is never left
 * pointing at a removed one; ids are never reused, so a consumer's cached matcher cannot go stale.
 */
export const removeUnusedMatchers = async (env: Env) =>
  // each accounts database keeps its own shared queries (decision 034): each cleans its own, side by
  // side; with several, the core too, whose queries were left by the searches moved out of it
  // (services/accounts/saved-searches-move.ts) and go once its last search pointing at them has moved
  (await Promise.all([...accountsDatabases(env), ...(accountsSplit(env) ? [env.DB] : [])].map((db) => removeUnusedMatchersIn(db)))).reduce((a, b) => a + b, 0);

const removeUnusedMatchersIn = async (db: D1Database) => {
  const unused = `SELECT id FROM saved_search_matchers x WHERE NOT EXISTS (SELECT 1 FROM saved_searches s WHERE s.matcher_id = x.id)`;
  // one transaction: the queries' matches, then the queries
  const [, res] = await db.batch([
    db.prepare(`DELETE FROM saved_query_matches WHERE matcher_id IN (${unused})`),
    db.prepare(`DELETE FROM saved_search_matchers WHERE id IN (${unused})`),
  ]);
  return res!.meta.changes;
};
