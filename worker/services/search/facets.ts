/**
 * Facet counts that follow the search: the category filter must not say "Vehicles (240)" for
 * every search, whatever the words. The counts here come from the same attempt of the search ladder
 * that answered the page (words as typed, corrected, any word, wider place), with the category
 * choice taken off so the buyer sees where else the words find ads. The place filter's counts work
 * the same way one level down: the chosen place's own filter is taken off, its parent kept.
 */
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import type { ListingsQuery } from '../../schemas/listings';
import type { ListingFacets, LocationFacets } from '../../schemas/facets';
import { categoryById, subcategoryById } from '../../schemas/taxonomy';
import { readCache, writeCache } from '../../lib/cache';
import { hex, sha256 } from '../../lib/crypto';
import { buildListingQuery, type PlannedSearch } from '../listings/listings';
import { loadLocations, resolveLocation } from '../listings/locations';
import { databasesFor } from '../listings/shard-search';
import { d1Index, search, type SearchIndex } from './index';

const FACET_TTL_SECONDS = 300;
/** places listed at most: the filter shows a screenful, the chosen place is always among them */
const LOCATION_FACETS = 30;
const NO_PLACES: LocationFacets = { within: null, places: [] };
const NOTHING: ListingFacets = { total: 0, categories: [], locations: NO_PLACES };

type FacetRow = { categoryId: string; subcategoryId: string | null; count: number };

/** Rows of (category, subcategory, count) → the nested answer, most ads first, names from the taxonomy. */
export const shapeFacets = (rows: FacetRow[]): Omit<ListingFacets, 'locations'> => {
  const categories = new Map<string, ListingFacets['categories'][number]>();
  for (const row of rows) {
    const category = categoryById.get(row.categoryId);
    if (!category || row.count <= 0) continue;
    const entry = categories.get(category.id) ?? { id: category.id, name: category.name, count: 0, subcategories: [] };
    entry.count += row.count;
    const sub = row.subcategoryId ? subcategoryById.get(row.subcategoryId) : undefined;
    if (sub) entry.subcategories.push({ id: sub.id, name: sub.name, count: row.count });
    categories.set(category.id, entry);
  }
  const list = [...categories.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  for (const c of list) c.subcategories.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { total: list.reduce((sum, c) => sum + c.count, 0), categories: list };
};

/**
 * `categoryFromWords`: the category was read from the words ("scooty" searches Scooters with no
 * words left over), so it is the search itself, not a filter the buyer can take off: taking it off
 * would count every ad on the site under a search for one thing.
 */
const countCategories = async (env: Env, db: Db, query: ListingsQuery, planned: PlannedSearch, categoryFromWords: boolean): Promise<Omit<ListingFacets, 'locations'>> => {
  const counted = categoryFromWords ? query : { ...query, category: undefined, subcategory: undefined };
  const built = await buildListingQuery(db, counted, { ...planned, rankFirst: undefined });
  if (built.empty) return { total: 0, categories: [] };
  const key = `facets:listings:${hex(await sha256(JSON.stringify([built.facetSql, built.facetParams])))}`;
  const known = await readCache<Omit<ListingFacets, 'locations'>>(env, key);
  if (known) return known;
  // the databases the search itself asks (just DB with one), side by side; the same pair counted in several is summed
  const targets = await databasesFor(env, db, counted, planned);
  const answers = await Promise.all(targets.map((target) => target.prepare(built.facetSql).bind(...built.facetParams).all<FacetRow>()));
  const summed = new Map<string, FacetRow>();
  for (const { results } of answers) {
    for (const row of results) {
      const key = `${row.categoryId}|${row.subcategoryId ?? ''}`;
      const seen = summed.get(key);
      if (seen) seen.count += row.count;
      else summed.set(key, { ...row });
    }
  }
  const facets = shapeFacets(answers.length === 1 ? answers[0]!.results : [...summed.values()]);
  await writeCache(env, key, facets, FACET_TTL_SECONDS);
  return facets;
};

/**
 * The places under the searched place with their counts: no place → cities of India; a state → its
 * cities; a city → its areas; an area → the areas of its city. The place that answered the search
 * (the ladder may have found it in the words or widened it) decides, not only the request's text.
 */
const countLocations = async (env: Env, db: Db, query: ListingsQuery, planned: PlannedSearch): Promise<LocationFacets> => {
  const chosen = planned.place !== undefined ? planned.place : query.location ? await resolveLocation(db, query.location) : null;
  if (chosen === undefined) return NO_PLACES; // a place we do not know: the page finds nothing either
  const index = await loadLocations(db);
  const chosenRow = chosen ? index.byId.get(chosen.id) : undefined;
  const within = chosenRow?.kind === 'area' ? index.byId.get(chosenRow.parentId ?? -1) : chosenRow;
  if (chosenRow && !within) return NO_PLACES;
  const column = within?.kind === 'city' ? 'l.area_id' : 'l.city_id';
  // near me counts the cities in its radius: the place filter is the radius there
  const scope = within ? { id: within.id, kind: within.kind } : planned.near ? undefined : null;
  const built = await buildListingQuery(db, { ...query, location: undefined }, { ...planned, place: scope, rankFirst: undefined });
  if (built.empty) return NO_PLACES;
  // the column is one of two fixed names, never from the request
  // (ads without an area form a group of their own: they count for the city, not for any area)
  const sql = `${built.facetCte}SELECT ${column} AS id, count(*) AS count ${built.facetFrom} GROUP BY 1`;
  const key = `facets:locations:${hex(await sha256(JSON.stringify([sql, built.facetParams, chosenRow?.id ?? null])))}`;
  const known = await readCache<LocationFacets>(env, key);
  if (known) return known;
  const targets = await databasesFor(env, db, { ...query, location: undefined }, { ...planned, place: scope });
  const answers = await Promise.all(targets.map((target) => target.prepare(sql).bind(...built.facetParams).all<{ id: number | null; count: number }>()));
  const results = answers.flatMap((a) => a.results);
  const counts = new Map<number, number>();
  for (const r of results) if (r.id !== null) counts.set(r.id, (counts.get(r.id) ?? 0) + r.count);
  const places: LocationFacets['places'] = [];
  for (const [id, count] of counts) {
    const row = index.byId.get(id);
    if (row && (row.kind === 'city' || row.kind === 'area')) places.push({ id, kind: row.kind, name: row.name, state: row.state, city: row.kind === 'area' ? row.city : null, count });
  }
  places.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en-IN'));
  const shown = places.slice(0, LOCATION_FACETS);
  // the chosen area stays listed (and selectable back) even when these words find nothing there
  if (chosenRow?.kind === 'area' && !shown.some((p) => p.id === chosenRow.id)) {
    shown.push({ id: chosenRow.id, kind: 'area', name: chosenRow.name, state: chosenRow.state, city: chosenRow.city, count: counts.get(chosenRow.id) ?? 0 });
  }
  const facets: LocationFacets = {
    within: within && (within.kind === 'state' || within.kind === 'city')
      ? { id: within.id, kind: within.kind, name: within.name, state: within.state, count: results.reduce((sum, r) => sum + r.count, 0) }
      : null,
    places: shown,
  };
  await writeCache(env, key, facets, FACET_TTL_SECONDS);
  return facets;
};

const countFacets = async (env: Env, db: Db, query: ListingsQuery, planned: PlannedSearch, categoryFromWords = false): Promise<ListingFacets> => {
  const [categories, locations] = await Promise.all([countCategories(env, db, query, planned, categoryFromWords), countLocations(env, db, query, planned)]);
  return { ...categories, locations };
};

export const listingFacets = async (env: Env, db: Db, origin: string, query: ListingsQuery): Promise<ListingFacets> => {
  // no words and no position: the filters alone say what is counted
  if (!query.q && query.lat === undefined) return countFacets(env, db, query, {});
  // Which words and place answered: run the search as the page does, noting each attempt's plan.
  const inner = d1Index(env, db, origin, {});
  const attempts = new Map<unknown, { query: ListingsQuery; planned: PlannedSearch; total: number }>();
  const recording: SearchIndex = {
    page: async (q, planned) => {
      const page = await inner.page(q, planned);
      attempts.set(page.listings, { query: q, planned, total: page.pagination.total });
      return page;
    },
  };
  const answer = await search(env, db, origin, query, { index: recording });
  const tried = [...attempts.values()];
  // near me re-sorts the page into a new array: then the first attempt that found ads answered
  const used = attempts.get(answer.listings) ?? tried.find((a) => a.total > 0) ?? tried[0];
  // nothing searchable in the words (only punctuation): nothing anywhere
  if (!used) return NOTHING;
  const categoryFromWords = !query.category && !query.subcategory && Boolean(used.query.category || used.query.subcategory);
  return countFacets(env, db, used.query, used.planned, categoryFromWords);
};
