/**
 * Price guidance from comparable ads (decision 026). An ad's group of comparable ads is
 * `listings.price_group` (a generated column, see worker/schemas/price-guidance-data.ts). Per group
 * and place (its city, its state, India) `price_guides` holds the interquartile range and median of
 * the group's newest live and recently sold ads, computed from at most `sampleSize` rows per status
 * through the partial indexes of migration 0031. A write to an ad refreshes its groups after the
 * response (waitUntil); a row older than `staleAfterMinutes` is computed again when read, which
 * covers what no write path refreshes (moderation, bans, deletions, sold ads ageing out).
 */
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  PRICE_GUIDANCE_RULES as RULES,
  PRICE_SCOPES,
  missingPriceDetails,
  priceGroupKey,
  pricePosition,
  priceRange,
  type PriceScope,
} from '../../schemas/price-guidance-data';
import type { PriceGuidance, PriceGuidanceQuery } from '../../schemas/price-guidance';
import { loadLocations, normaliseName, resolveLocation } from './locations';
import { listingDatabases, listingDbForId, listingDbForState, type ShardEnv } from '../../db/shards';

export interface GroupPlace {
  group: string;
  stateId: number | null;
  cityId: number | null;
}

export interface GuideRow {
  group_key: string;
  scope: PriceScope;
  place_id: number;
  ads: number;
  low_minor: number | null;
  median_minor: number | null;
  high_minor: number | null;
  computed_at: number;
}

const placeOf = (scope: PriceScope, p: GroupPlace): number | null => (scope === 'city' ? p.cityId : scope === 'state' ? p.stateId : 0);

/** The scopes a place has (an ad without a city has no city range), narrowest first. */
const scopesOf = (p: GroupPlace) => PRICE_SCOPES.filter((s) => placeOf(s, p) !== null);

/** The newest comparable ads' prices for one scope: live ones, and sold ones of the last days. Two bounded index ranges. */
export const sampleStatements = (env: { DB: D1Database }, scope: PriceScope, p: GroupPlace, now: number) => {
  const soldSince = now - RULES.soldWithinDays * 86_400_000;
  const where =
    scope === 'city'
      ? { sql: 'INDEXED BY listings_price_group_city WHERE price_group = ?1 AND city_id = ?2', place: p.cityId }
      : scope === 'state'
        ? { sql: 'INDEXED BY listings_price_group_state WHERE price_group = ?1 AND state_id = ?2', place: p.stateId }
        : { sql: 'INDEXED BY listings_price_group WHERE price_group = ?1 AND ?2 = 0', place: 0 };
  return [
    env.DB.prepare(`SELECT price_minor, sort_at FROM listings ${where.sql} AND status = 'APPROVED' ORDER BY sort_at DESC LIMIT ?3`).bind(p.group, where.place, RULES.sampleSize),
    env.DB.prepare(`SELECT price_minor, sort_at FROM listings ${where.sql} AND status = 'SOLD' AND updated_at >= ?4 ORDER BY sort_at DESC LIMIT ?3`).bind(
      p.group,
      where.place,
      RULES.sampleSize,
      soldSince,
    ),
  ];
};

/** One stored row from the two sample reads of a scope (live ads, recently sold ones), newest first. */
export const guideFromSamples = (group: string, scope: PriceScope, placeId: number, live: unknown[], sold: unknown[], now: number): GuideRow => {
  const sample = [...(live as { price_minor: number; sort_at: number }[]), ...(sold as { price_minor: number; sort_at: number }[])]
    .sort((a, b) => b.sort_at - a.sort_at)
    .slice(0, RULES.sampleSize)
    .map((r) => r.price_minor);
  const range = sample.length >= RULES.minAds ? priceRange(sample) : undefined;
  return {
    group_key: group,
    scope,
    place_id: placeId,
    ads: sample.length,
    low_minor: range?.low ?? null,
    median_minor: range?.median ?? null,
    high_minor: range?.high ?? null,
    computed_at: now,
  };
};

/** Stores a computed row unless a newer computation got there first. */
export const upsertGuide = (env: Pick<Env, 'DB'>, r: GuideRow) =>
  env.DB.prepare(
    `INSERT INTO price_guides (group_key, scope, place_id, ads, low_minor, median_minor, high_minor, computed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (group_key, scope, place_id) DO UPDATE SET ads = excluded.ads, low_minor = excluded.low_minor, median_minor = excluded.median_minor, high_minor = excluded.high_minor, computed_at = excluded.computed_at
     WHERE excluded.computed_at >= price_guides.computed_at`,
  ).bind(r.group_key, r.scope, r.place_id, r.ads, r.low_minor, r.median_minor, r.high_minor, r.computed_at);

export interface ScopeSamples {
  live: unknown[];
  sold: unknown[];
}

/**
 * The two samples (live, recently sold) of each scope, in one round trip. With the listings over
 * several databases (decision 033) a city's or a state's ads all live in the state's database, so
 * those samples come from there; India's come from every database side by side, each its newest
 * `sampleSize` of each status: the newest `sampleSize` of their union (guideFromSamples) are exactly
 * the ads one database would have sampled, so the percentiles are the same, not an average of
 * per-database figures.
 */
export const readGuideSamples = async (env: ShardEnv, scopes: readonly PriceScope[], p: GroupPlace, now: number): Promise<ScopeSamples[]> => {
  const databases = listingDatabases(env);
  if (databases.length === 1) {
    const results = await env.DB.batch(scopes.flatMap((s) => sampleStatements(env, s, p, now)));
    return scopes.map((_, i) => ({ live: results[i * 2]?.results ?? [], sold: results[i * 2 + 1]?.results ?? [] }));
  }
  // a city known without its state (the checker's stored city rows) is asked of every database: only its own has its ads
  const home = p.stateId === null ? null : listingDbForState(env, p.stateId);
  const each = await Promise.all(
    databases.map(async (db) => {
      const asked = scopes.filter((s) => s === 'india' || home === null || db === home);
      return { asked, results: asked.length ? await db.batch(asked.flatMap((s) => sampleStatements({ DB: db }, s, p, now))) : [] };
    }),
  );
  return scopes.map((scope) => {
    const out: ScopeSamples = { live: [], sold: [] };
    for (const { asked, results } of each) {
      const i = asked.indexOf(scope);
      if (i < 0) continue;
      out.live.push(...(results[i * 2]?.results ?? []));
      out.sold.push(...(results[i * 2 + 1]?.results ?? []));
    }
    return out;
  });
};

/** Work a read leaves for after its answer (ctx.waitUntil): the answer need not wait on it. */
export type AfterAnswer = (task: Promise<unknown>) => void;

/**
 * Computes and stores the ranges of a group at its place's scopes: one round trip of reads, one of
 * writes. The ranges are kept in the core database (`DB`), whatever holds the ads. With `afterAnswer`
 * (a read answering a person) the rows are stored after the answer: the answer is the rows computed
 * here either way, and a store lost with the isolate is only computed again by the next read.
 */
export const refreshGuides = async (env: Env, p: GroupPlace, now = Date.now(), afterAnswer?: AfterAnswer): Promise<GuideRow[]> => {
  const scopes = scopesOf(p);
  const samples = await readGuideSamples(env, scopes, p, now);
  const rows = scopes.map((scope, i): GuideRow => guideFromSamples(p.group, scope, placeOf(scope, p)!, samples[i]!.live, samples[i]!.sold, now));
  const store = () => env.DB.batch(rows.map((r) => upsertGuide(env, r)));
  // a timer's turn first, so the store is issued once the answer has gone, not beside it
  if (afterAnswer)
    afterAnswer(
      new Promise((resolve) => setTimeout(resolve, 0))
        .then(store)
        .catch((e: unknown) => console.warn('price guide store failed', e)),
    );
  else await store();
  return rows;
};

/**
 * The stored ranges of a group at a place, computed first where missing or stale. A read not yet
 * stored waits on two round trips (the stored rows, then the samples), the store coming after the
 * answer (decision 022).
 */
const guidesFor = async (env: Env, p: GroupPlace, now = Date.now(), afterAnswer?: AfterAnswer): Promise<GuideRow[]> => {
  const scopes = scopesOf(p);
  const { results } = await env.DB.prepare(
    `SELECT * FROM price_guides WHERE group_key = ?1 AND ((scope = 'city' AND place_id = ?2) OR (scope = 'state' AND place_id = ?3) OR (scope = 'india' AND place_id = 0))`,
  )
    .bind(p.group, p.cityId ?? -1, p.stateId ?? -1)
    .all<GuideRow>();
  const fresh = results.filter((r) => now - r.computed_at < RULES.staleAfterMinutes * 60_000);
  if (scopes.every((s) => fresh.some((r) => r.scope === s))) return fresh;
  return refreshGuides(env, p, now, afterAnswer);
};

/** The narrowest range with enough ads, as the API shows it (rupees). */
const pick = (rows: GuideRow[], names: { city?: string; state?: string }): PriceGuidance['range'] => {
  for (const scope of PRICE_SCOPES) {
    const r = rows.find((x) => x.scope === scope);
    if (r && r.ads >= RULES.minAds && r.low_minor !== null && r.high_minor !== null && r.median_minor !== null) {
      return {
        low: Math.round(r.low_minor / 100),
        high: Math.round(r.high_minor / 100),
        median: Math.round(r.median_minor / 100),
        ads: r.ads,
        scope,
        place: scope === 'city' ? (names.city ?? null) : scope === 'state' ? (names.state ?? null) : 'India',
      };
    }
  }
  return null;
};

/** Refreshes the groups an ad was in and is in now (after a write, off the response's path). */
export const refreshListingGuides = async (env: Env, places: (GroupPlace | null | undefined)[]) => {
  const seen = new Set<string>();
  for (const p of places) {
    if (!p) continue;
    const key = `${p.group}|${p.stateId}|${p.cityId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await refreshGuides(env, p);
  }
};

/** An ad's group and place (null when it has no group). */
export const listingGroupPlace = async (env: Env, listingId: string): Promise<GroupPlace | null> => {
  const row = await listingDbForId(env, listingId).prepare(`SELECT price_group, state_id, city_id FROM listings WHERE id = ?`)
    .bind(listingId.toLowerCase())
    .first<{ price_group: string | null; state_id: number | null; city_id: number | null }>();
  return row?.price_group ? { group: row.price_group, stateId: row.state_id, cityId: row.city_id } : null;
};

/** The post and edit forms' question: the range for these details at this place, or what is still missing. */
export const priceGuidanceFor = async (env: Env, db: Db, q: PriceGuidanceQuery, afterAnswer?: AfterAnswer): Promise<PriceGuidance> => {
  const features: Record<string, unknown> = { brand: q.brand, model: q.model, year: q.year, storage: q.storage, bhk: q.bhk, furnishing: q.furnishing };
  const group = priceGroupKey(q.subcategory, features, q.title ?? '');
  if (!group) return { range: null, missing: missingPriceDetails(q.subcategory, features, q.title ?? ''), position: null };
  const index = await loadLocations(db);
  let stateId: number | null = null;
  let cityId: number | null = null;
  if (q.state) {
    const state = index.rows.find((r) => r.kind === 'state' && r.searchName === normaliseName(q.state!));
    stateId = state?.id ?? null;
    if (state && q.city) {
      const key = normaliseName(q.city);
      cityId = index.rows.find((r) => r.kind === 'city' && r.parentId === state.id && (r.searchName === key || r.aliases.split(' ').includes(key)))?.id ?? null;
    }
  } else if (q.location) {
    const place = await resolveLocation(db, q.location);
    if (place) {
      const city = place.kind === 'city' ? place : place.kind === 'area' ? index.byId.get(place.parentId ?? -1) : undefined;
      cityId = city?.id ?? null;
      stateId = place.kind === 'state' ? place.id : (city?.parentId ?? null);
    }
  }
  const rows = await guidesFor(env, { group, stateId, cityId }, Date.now(), afterAnswer);
  const range = pick(rows, { city: cityId === null ? undefined : index.byId.get(cityId)?.name, state: stateId === null ? undefined : index.byId.get(stateId)?.name });
  return { range, missing: [], position: range && q.price !== undefined ? pricePosition(q.price, range.low, range.high) : null };
};

/** An ad page's line: the ad's own group at its place, and where its price sits. */
export const listingPriceGuidance = async (env: Env, db: Db, listingId: string, afterAnswer?: AfterAnswer): Promise<PriceGuidance> => {
  const row = await listingDbForId(env, listingId).prepare(`SELECT price_group, state_id, city_id, price_minor, status FROM listings WHERE id = ?`)
    .bind(listingId.toLowerCase())
    .first<{ price_group: string | null; state_id: number | null; city_id: number | null; price_minor: number; status: string }>();
  // only ads everyone may see (as GET /listings/{id} for a guest)
  if (!row || !(row.status === 'APPROVED' || row.status === 'SOLD')) throw notFound("The listing you're looking for doesn't exist or has been removed.", 'LISTING_NOT_FOUND');
  if (!row.price_group) return { range: null, missing: [], position: null };
  const index = await loadLocations(db);
  const rows = await guidesFor(env, { group: row.price_group, stateId: row.state_id, cityId: row.city_id }, Date.now(), afterAnswer);
  const range = pick(rows, { city: row.city_id === null ? undefined : index.byId.get(row.city_id)?.name, state: row.state_id === null ? undefined : index.byId.get(row.state_id)?.name });
  return { range, missing: [], position: range ? pricePosition(row.price_minor / 100, range.low, range.high) : null };
};
