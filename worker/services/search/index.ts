/**
 * Search: query understanding in front of the index, and never a dead end. The words as typed go
 * first (with the lexicon's forms); when they find nothing, the spelling corrections; then any of
 * the words, best matches first; then the wider place (area → city → state → India). The answer
 * says what was done in `search`. The plan is index-neutral; `SearchIndex` is the seam where a
 * dedicated engine would plug in (docs/decisions/005-search-understanding.md).
 */
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import type { ListingsPage, ListingsQuery } from '../../schemas/listings';
import type { SearchInfo } from '../../schemas/search';
import { resolveCategory } from '../listings/catalog';
import { loadLocations, resolveLocation } from '../listings/locations';
import { type PlannedSearch, searchListings } from '../listings/listings';
import { searchDictionary } from './dictionary';
import { subcategoryById } from '../../schemas/taxonomy';
import { boundsFromWords } from './budget';
import { citiesWithin, DEFAULT_RADIUS_KM, withDistances } from './near';
import { timed } from '../../lib/server-timing';
import type { Concept } from './lexicon';
import { type Place, type SearchPlan, type TermGroup, describeTerms, understand } from './understand';

/** Executes one attempt of a plan: the request's filters plus a text expression and a place. */
export interface SearchIndex {
  page(query: ListingsQuery, planned: PlannedSearch): Promise<ListingsPage>;
}

export const d1Index = (env: Env, db: Db, origin: string, opts: { stats?: { rowsRead: number }; defer?: (task: Promise<unknown>) => void }): SearchIndex => ({
  page: (query, planned) => searchListings(env, db, origin, query, { ...opts, planned }),
});

type Mode = 'strict' | 'corrected' | 'anyWord';

const quote = (term: string) => `"${term.replace(/"/g, '')}"`;

const groupExpression = (group: TermGroup, mode: Mode) => {
  const useCorrection = mode !== 'strict' && group.correction;
  const terms = useCorrection ? [...group.correction!.terms, ...group.terms] : group.terms;
  return `(${terms.map((t, i) => `${quote(t)}${group.prefix && i === (useCorrection ? group.correction!.terms.length : 0) ? '*' : ''}`).join(' OR ')})`;
};

/**
 * Where the words' things are sold, to rank first: "almirah" shows wardrobes in Furniture before
 * flats whose description mentions one. The first word that names a subcategory decides.
 */
const homeOf = (plan: SearchPlan, mode: Mode): string | undefined => {
  let home: Concept | undefined;
  for (const g of plan.groups) {
    const concept = mode !== 'strict' && g.correction ? g.correction.concept : g.concept;
    if (!concept?.subcategory || !subcategoryIdByName.has(concept.subcategory)) continue;
    // a later word may say where the thing is sold ("flat kiraye pe" is a rental, not a flat for sale)
    if (!home || concept.outranks?.includes(home.subcategory!)) home = concept;
  }
  return home ? subcategoryIdByName.get(home.subcategory!) : undefined;
};
const subcategoryIdByName = new Map([...subcategoryById.values()].map((sub) => [sub.name, sub.id]));
const categoryNames = new Set([...subcategoryById.values()].map((sub) => sub.category.name));

/**
 * The kind of thing the words name, for the last rung of the ladder: the subcategory where it is
 * sold (as homeOf decides, a correction's concept counting too), else the category a concept names
 * ("plumber" is a service). Undefined when no word names a kind: nonsense stays without results.
 */
export const kindOf = (plan: SearchPlan): { subcategory?: string; category?: string } | undefined => {
  const home = homeOf(plan, 'corrected');
  if (home) return { subcategory: subcategoryById.get(home)!.name };
  for (const g of plan.groups) {
    const concept = g.concept ?? g.correction?.concept;
    if (concept?.category && categoryNames.has(concept.category)) return { category: concept.category };
  }
  return undefined;
};

/** The FTS5 text expression of a plan in a mode; undefined when there are no words to search. */
export const textExpression = (plan: SearchPlan, mode: Mode): string | undefined =>
  plan.groups.length ? plan.groups.map((g) => groupExpression(g, mode)).join(mode === 'anyWord' ? ' OR ' : ' AND ') : undefined;

const placeName = (p: Place) => p.name;

const widen = (place: Place, byId: Map<number, Place>): Place | null => {
  const parent = place.parentId ? byId.get(place.parentId) : undefined;
  // India itself is the root: above a state there is no filter
  return parent && parent.kind !== 'country' ? parent : null;
};

export const searchWithUnderstanding = async (
  env: Env,
  db: Db,
  index: SearchIndex,
  query: ListingsQuery,
  near?: PlannedSearch['near'],
  attributes = true,
  /** 'words': only answers that match the words (the ladder), no other kind of thing and no last-resort page */
  rungs: 'all' | 'words' = 'all',
): Promise<ListingsPage & { search: SearchInfo }> => {
  const q = query.q ?? '';
  const { dictionary, picked, plan } = await timed('understand', async () => {
    const dictionary = await searchDictionary(env);
    const picked = query.location ? await resolveLocation(db, query.location) : null;
    return { dictionary, picked, plan: await understand(db, dictionary, q, { placePicked: (Boolean(query.location) && picked !== null) || Boolean(near), attributes }) };
  });
  // "search instead for …": the words exactly as typed
  if (query.exact) for (const g of plan.groups) delete g.correction;

  // the request as the plan reads it: a browse concept becomes the category filter
  const base: ListingsQuery = { ...query, q: undefined };
  let interpretedCategory: { category?: string; subcategory?: string } = {};
  if (plan.browse && !query.category && !query.subcategory) {
    const resolved = await resolveCategory(db, plan.browse.category, plan.browse.subcategory);
    if (resolved?.subcategory) interpretedCategory = { category: resolved.category?.name, subcategory: resolved.subcategory.name };
    else if (resolved?.category) interpretedCategory = { category: resolved.category.name };
    Object.assign(base, interpretedCategory);
  } else if (plan.browse) {
    // the buyer picked a category: the lone word stays a word
    plan.groups = [{ source: q, terms: [q.toLowerCase()], prefix: false }];
  }
  // condition words ("box pack", "purana") filter too; like attribute words they give way when nothing has them
  const condition = attributes ? plan.condition : undefined;
  if (condition && !query.condition) base.condition = [condition];
  // attribute words ("automatic car", "furnished flat") filter on the catalogue's value, exactly:
  // "furnished" is not "semi-furnished"; a filter the request names wins
  const features = Object.fromEntries(Object.entries(plan.features ?? {}).filter(([key]) => !query[key as keyof typeof plan.features & keyof ListingsQuery]));
  Object.assign(base, features);
  // a budget in the words is the price filter, on every rung of the ladder below: no result outside it
  const budget = boundsFromWords(query, plan.budget);
  Object.assign(base, budget);
  const hasBudget = budget.minPrice !== undefined || budget.maxPrice !== undefined;
  // with a plan, relevance is the natural order of a text search
  if (!base.sortBy && plan.groups.length) base.sortBy = 'relevance';

  // a region in the words ("ncr", "tricity") is its cities, searched the way near me searches cities in range
  const region = !near && !picked && plan.region ? { cities: plan.region.cities.map((c) => ({ id: c.id, km: 0 })) } : undefined;
  const attempt = (mode: Mode, where: Place | null | undefined) =>
    index.page(base, {
      text: textExpression(plan, mode),
      ...(where !== undefined ? { place: where } : {}),
      ...(near ? { near } : region && where === undefined ? { near: region } : {}),
      ...(!base.subcategory && homeOf(plan, mode) ? { rankFirst: homeOf(plan, mode) } : {}),
    });

  const hasCorrections = plan.groups.some((g) => g.correction);
  const place: Place | null | undefined = plan.place ?? picked ?? undefined;
  const info = (relaxed: SearchInfo['relaxed'], where: Place | null | undefined, corrected: boolean): SearchInfo => ({
    query: q,
    ...(corrected && hasCorrections ? { correctedQuery: describeTerms(plan, true) } : {}),
    interpretedAs: {
      q: describeTerms(plan, corrected),
      ...interpretedCategory,
      ...(place ? { location: placeName(place) } : region ? { location: plan.region!.name, cities: plan.region!.cities.map(placeName) } : {}),
      ...(condition ? { condition } : {}),
      ...features,
      ...budget,
    },
    ...(hasBudget ? { withoutBudget: plan.budget!.rest } : {}),
    relaxed,
    ...(relaxed === 'widerPlace' ? { widenedTo: where ? placeName(where) : 'India' } : {}),
  });

  // nothing searchable in the words (emoji, punctuation): nothing matches, rather than everything
  if (!plan.groups.length && !plan.browse && !plan.place && !plan.region && !plan.condition && !plan.budget) {
    return { listings: [], pagination: { page: query.page, limit: query.limit, total: 0, pages: 0, totalCapped: false }, search: info('none', place, false) };
  }
  // An answer is good when it has ads, and, when the words name a kind of thing ("flat"), some of
  // them are that kind: an AC whose description says "flat" is no answer to "flat in bangalore",
  // so the ladder goes on (a wider place) and keeps that page only as the last resort.
  let fallback: (ListingsPage & { search: SearchInfo }) | undefined;
  const good = (page: ListingsPage, mode: Mode, answer: () => SearchInfo) => {
    if (page.pagination.total === 0) return undefined;
    const full = { ...page, search: answer() };
    const home = homeOf(plan, mode);
    const kind = home ? subcategoryById.get(home)?.category.id : undefined;
    if (kind && !base.category && !base.subcategory && !page.listings.some((l) => l.category.id === kind)) {
      fallback ??= full;
      return undefined;
    }
    return full;
  };

  const strict = good(await attempt('strict', place), 'strict', () => info('none', place, false));
  if (strict) return strict;
  if (hasCorrections) {
    const corrected = good(await attempt('corrected', place), 'corrected', () => info('corrected', place, true));
    if (corrected) return corrected;
  }
  // any of the words, when most of them are words ads use: "iphone 13 midnight unicorn" yes,
  // "lorem ipsum dolor" (two unknown words and a guess) no
  const known = plan.groups.filter((g) => g.concept || dictionary.spelling.has(g.source) || /\d/.test(g.source)).length;
  const anyWord = plan.groups.length > 1 && known * 2 >= plan.groups.length;
  if (anyWord) {
    const some = good(await attempt('anyWord', place), 'anyWord', () => info('anyWord', place, hasCorrections));
    if (some) return some;
  }
  // near me keeps to its radius: the buyer chose how far to look; a region widens to all of India
  if ((place || region) && !near) {
    const { byId } = await loadLocations(db);
    const mode: Mode = anyWord ? 'anyWord' : hasCorrections ? 'corrected' : 'strict';
    for (let wider = place ? widen(place, byId) : null; ; wider = wider ? widen(wider, byId) : null) {
      const widened = good(await attempt(mode, wider), mode, () => info('widerPlace', wider, hasCorrections && mode !== 'strict'));
      if (widened) return widened;
      if (wider === null) break;
    }
  }
  // no ad has the attribute or condition the words asked for anywhere: the other words, rather than nothing
  const givesWay = Object.keys(features).length > 0 || Boolean(condition && !query.condition);
  if (givesWay) {
    const words = await searchWithUnderstanding(env, db, index, query, near, false, 'words');
    if (words.listings.length) return words;
  }
  // Still nothing that is the thing asked for ("purana tv", "plumbar" when no ad is one): the kind of
  // thing the words name, with every filter they set, rather than nothing or ads of another kind
  // (a TV unit for "tv", a flat whose description mentions a wardrobe for "almirah"). Said so.
  // only when the words naming a thing are at least half the words ("lorem ipsum creta" stays
  // nothing, as for any word), and not near me (it keeps to the words and the radius the buyer chose)
  const naming = plan.groups.filter((g) => g.concept ?? g.correction?.concept).length;
  const kind = rungs === 'all' && !near && !base.category && !base.subcategory && naming * 2 >= plan.groups.length ? kindOf(plan) : undefined;
  if (kind) {
    const resolved = await resolveCategory(db, kind.category, kind.subcategory);
    // the subcategory, then (none there) its category, as a place widens: "dog food" with no pet food is pets
    const filters = [
      ...(resolved?.subcategory ? [{ category: resolved.category?.name, subcategory: resolved.subcategory.name }] : []),
      ...(resolved?.category ? [{ category: resolved.category.name }] : []),
    ];
    const places: (Place | null | undefined)[] = place ? [place, null] : [place];
    for (const [filter, where] of filters.flatMap((f) => places.map((w) => [f, w] as const))) {
      const page = await index.page(
        { ...base, ...filter, sortBy: query.sortBy },
        { ...(where !== undefined ? { place: where } : {}), ...(region && where === undefined ? { near: region } : {}) },
      );
      if (!page.pagination.total) continue;
      const said = info('kind', where, false);
      return { ...page, search: { ...said, interpretedAs: { ...said.interpretedAs, q: '', ...filter }, ...(where !== place ? { widenedTo: where ? placeName(where) : 'India' } : {}) } };
    }
  }
  if (givesWay && rungs === 'all') {
    const other = await searchWithUnderstanding(env, db, index, query, near, false, 'all');
    if (other.listings.length || !fallback) return other;
  }
  if (fallback && rungs === 'all') return fallback;
  return { listings: [], pagination: { page: query.page, limit: query.limit, total: 0, pages: 0, totalCapped: false }, search: info('none', place, false) };
};

/** GET /api/listings: understanding when there are words to search, the plain index otherwise. */
export const search = async (
  env: Env,
  db: Db,
  origin: string,
  query: ListingsQuery,
  opts: { stats?: { rowsRead: number }; defer?: (task: Promise<unknown>) => void; index?: SearchIndex } = {},
): Promise<ListingsPage> => {
  const index = opts.index ?? d1Index(env, db, origin, opts);
  if (query.lat === undefined || query.lng === undefined) return query.q ? searchWithUnderstanding(env, db, index, query) : index.page(query, {});
  const { lat, lng } = query;
  const cities = await citiesWithin(db, lat, lng, query.radiusKm ?? DEFAULT_RADIUS_KM);
  const near = { cities };
  const page = query.q ? await searchWithUnderstanding(env, db, index, query, near) : await index.page(query, { near });
  const listings = withDistances(page.listings, lat, lng, cities);
  // the query orders by each city's distance; within the page, by each ad's own
  if (query.sortBy === 'distance') listings.sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
  return { ...page, listings };
};
