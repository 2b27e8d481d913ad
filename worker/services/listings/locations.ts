import { listingDatabases, type ShardEnv } from '../../db/shards';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import { cached } from '../../lib/cache';
import { notFound } from '../../lib/errors';
import type { Location } from '../../schemas/catalog';
import { forgetWithIsolate } from '../../lib/isolate-memos';

type LocationRow = typeof locations.$inferSelect;

/** Every location, loaded once per isolate: ~2k rows of reference data that only migrations change. */
let locationMemo: Promise<LocationIndex> | undefined;
forgetWithIsolate(() => (locationMemo = undefined));

interface LocationIndex {
  rows: LocationRow[];
  byId: Map<number, LocationRow>;
  byName: Map<string, LocationRow[]>;
}

export const normaliseName = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export const loadLocations = (db: Db): Promise<LocationIndex> => {
  locationMemo ??= db
    .select()
    .from(locations)
    .all()
    .then((rows) => {
      const byId = new Map(rows.map((r) => [r.id, r]));
      const byName = new Map<string, LocationRow[]>();
      for (const r of rows) {
        for (const key of [r.searchName, ...r.aliases.split(' ').filter(Boolean)]) {
          const list = byName.get(key) ?? [];
          list.push(r);
          byName.set(key, list);
        }
      }
      return { rows, byId, byName };
    })
    .catch((err: unknown) => {
      locationMemo = undefined;
      throw err;
    });
  return locationMemo;
};

const KIND_RANK = { state: 0, city: 1, area: 2 } as const;

/**
 * What the location pickers send: 'India'/'All in India' (no filter), a state, a city, an area, or
 * 'Area, City, State'. Returns null for "no filter", undefined when the place is unknown.
 */
export const resolveLocation = async (db: Db, text: string): Promise<LocationRow | null | undefined> => {
  const name = normaliseName(text);
  if (!name || name === 'india' || name === 'all in india') return null;
  const index = await loadLocations(db);
  const parts = text.split(',').map(normaliseName).filter(Boolean);
  if (parts.length > 1) {
    // "Koramangala, Bengaluru, Karnataka": the most specific part that sits under the next part
    for (let i = 0; i < parts.length; i++) {
      const candidates = index.byName.get(parts[i]!) ?? [];
      const parentName = parts[i + 1];
      const match = candidates.find((c) => {
        if (!parentName) return true;
        const parent = c.parentId ? index.byId.get(c.parentId) : undefined;
        return parent ? parent.searchName === parentName || parent.aliases.split(' ').includes(parentName) : false;
      });
      if (match) return match;
    }
    return undefined;
  }
  const candidates = index.byName.get(name);
  if (!candidates?.length) return undefined;
  // A bare name prefers the broader place (a state over a city, a city over an area), then the bigger one.
  return [...candidates].sort((a, b) => KIND_RANK[a.kind as keyof typeof KIND_RANK] - KIND_RANK[b.kind as keyof typeof KIND_RANK] || b.population - a.population)[0];
};

type LocationCounts = Record<string, number>;

/** Live listings per state, city and area id, counted in D1 (the consistency checker compares the cache with it). */
export const locationCountsFromDb = async (env: ShardEnv): Promise<LocationCounts> => {
  // every listings database counts its own, side by side, and the counts add up (decision 033)
  const each = await Promise.all(
    listingDatabases(env).map((db) =>
      db.prepare(`SELECT state_id AS s, city_id AS c, area_id AS a, count(*) AS n FROM listings WHERE status = 'APPROVED' GROUP BY state_id, city_id, area_id`).all<{ s: number | null; c: number | null; a: number | null; n: number }>(),
    ),
  );
  const results = each.flatMap((r) => r.results);
  const counts: LocationCounts = {};
  for (const r of results) {
    for (const id of [r.s, r.c, r.a]) if (id !== null) counts[id] = (counts[id] ?? 0) + r.n;
  }
  return counts;
};

export const locationCounts = (env: Env): Promise<LocationCounts> => cached(env, 'counts:locations', 300, () => locationCountsFromDb(env));

const toLocation = (r: LocationRow, counts: LocationCounts): Location => ({
  id: r.id,
  kind: r.kind as Location['kind'],
  name: r.name,
  state: r.state,
  city: r.city,
  area: r.kind === 'area' ? r.name : null,
  country: 'India',
  latitude: r.latitude,
  longitude: r.longitude,
  count: counts[r.id] ?? 0,
  isActive: r.isActive,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const byName = (a: LocationRow, b: LocationRow) => a.name.localeCompare(b.name, 'en-IN');

/** Cities with the most live listings first (then the biggest), for pickers' popular lists. */
export const listLocations = async (env: Env, db: Db, limit: number): Promise<Location[]> => {
  const [index, counts] = await Promise.all([loadLocations(db), locationCounts(env)]);
  return index.rows
    .filter((r) => r.kind === 'city' && r.isActive)
    .sort((a, b) => (counts[b.id] ?? 0) - (counts[a.id] ?? 0) || b.population - a.population || byName(a, b))
    .slice(0, limit)
    .map((r) => toLocation(r, counts));
};

export const getLocation = async (env: Env, db: Db, id: number): Promise<Location> => {
  const [index, counts] = await Promise.all([loadLocations(db), locationCounts(env)]);
  const row = index.byId.get(id);
  if (!row) throw notFound('Location not found', 'LOCATION_NOT_FOUND');
  return toLocation(row, counts);
};

/** Levenshtein distance, bounded: returns max+1 as soon as the distance must exceed max. */
const editDistance = (a: string, b: string, max: number): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
};

/**
 * Search scores: exact name 0, name prefix 1, alias prefix 2, word prefix inside the name 3,
 * a typo within reach of a name's start 4 ("banglore" → Bengaluru via "bangalore").
 */
const scoreName = (query: string, row: LocationRow): number | undefined => {
  const names = [row.searchName];
  const aliases = row.aliases.split(' ').filter(Boolean);
  if (row.searchName === query || aliases.includes(query)) return 0;
  if (row.searchName.startsWith(query)) return 1;
  if (aliases.some((a) => a.startsWith(query))) return 2;
  if (names.some((n) => n.split(' ').some((w) => w.startsWith(query)))) return 3;
  if (query.length >= 4) {
    const budget = query.length >= 7 ? 2 : 1;
    for (const candidate of [row.searchName, ...aliases]) {
      if (editDistance(query, candidate.slice(0, query.length), budget) <= budget) return 4;
    }
  }
  return undefined;
};

export const searchLocations = async (env: Env, db: Db, q: string, limit: number): Promise<Location[]> => {
  const query = normaliseName(q);
  if (query.length < 2) return [];
  const [index, counts] = await Promise.all([loadLocations(db), locationCounts(env)]);
  const scored: { row: LocationRow; score: number }[] = [];
  for (const row of index.rows) {
    if (!row.isActive) continue;
    const score = scoreName(query, row);
    if (score !== undefined) scored.push({ row, score });
  }
  scored.sort(
    (a, b) =>
      a.score - b.score ||
      KIND_RANK[a.row.kind as keyof typeof KIND_RANK] - KIND_RANK[b.row.kind as keyof typeof KIND_RANK] ||
      (counts[b.row.id] ?? 0) - (counts[a.row.id] ?? 0) ||
      b.row.population - a.row.population ||
      byName(a.row, b.row),
  );
  return scored.slice(0, limit).map((s) => toLocation(s.row, counts));
};

export const listStates = async (db: Db): Promise<string[]> => {
  const index = await loadLocations(db);
  return index.rows.filter((r) => r.kind === 'state' && r.isActive).sort(byName).map((r) => r.name);
};

const findState = (index: LocationIndex, state: string) => {
  const key = normaliseName(state);
  return (index.byName.get(key) ?? []).find((r) => r.kind === 'state');
};

export const listCities = async (env: Env, db: Db, state: string): Promise<Location[]> => {
  const [index, counts] = await Promise.all([loadLocations(db), locationCounts(env)]);
  const stateRow = findState(index, state);
  if (!stateRow) throw notFound(`No state called "${state}"`, 'STATE_NOT_FOUND');
  return index.rows
    .filter((r) => r.kind === 'city' && r.parentId === stateRow.id && r.isActive)
    .sort(byName)
    .map((r) => toLocation(r, counts));
};

export const listAreas = async (env: Env, db: Db, city: string, state?: string): Promise<Location[]> => {
  const [index, counts] = await Promise.all([loadLocations(db), locationCounts(env)]);
  const stateRow = state ? findState(index, state) : undefined;
  if (state && !stateRow) throw notFound(`No state called "${state}"`, 'STATE_NOT_FOUND');
  const cityRow = (index.byName.get(normaliseName(city)) ?? []).find(
    (r) => r.kind === 'city' && (!stateRow || r.parentId === stateRow.id),
  );
  if (!cityRow) throw notFound(`No city called "${city}"${state ? ` in ${state}` : ''}`, 'CITY_NOT_FOUND');
  return index.rows
    .filter((r) => r.kind === 'area' && r.parentId === cityRow.id && r.isActive)
    .sort(byName)
    .map((r) => toLocation(r, counts));
};
