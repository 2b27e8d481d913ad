/**
 * Facet counts that follow the search (issue #19): the category filter said "Vehicles (240)" for
 * every search, whatever the words. The counts here come from the same attempt of the search ladder
 * that answered the page (words as typed, corrected, any word, wider place), with the category
 * choice taken off so the buyer sees where else the words find ads.
 */
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import type { ListingsQuery } from '../../schemas/listings';
import type { ListingFacets } from '../../schemas/facets';
import { categoryById, subcategoryById } from '../../schemas/taxonomy';
import { readCache, writeCache } from '../../lib/cache';
import { hex, sha256 } from '../../lib/crypto';
import { buildListingQuery, type PlannedSearch } from '../listings';
import { d1Index, search, type SearchIndex } from './index';

const FACET_TTL_SECONDS = 300;

type FacetRow = { categoryId: string; subcategoryId: string | null; count: number };

/** Rows of (category, subcategory, count) → the nested answer, most ads first, names from the taxonomy. */
export const shapeFacets = (rows: FacetRow[]): ListingFacets => {
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

const countFacets = async (env: Env, db: Db, query: ListingsQuery, planned: PlannedSearch): Promise<ListingFacets> => {
  const built = await buildListingQuery(db, { ...query, category: undefined, subcategory: undefined }, { ...planned, rankFirst: undefined });
  if (built.empty) return { total: 0, categories: [] };
  const key = `facets:listings:${hex(await sha256(JSON.stringify([built.facetSql, built.facetParams])))}`;
  const known = await readCache<ListingFacets>(env, key);
  if (known) return known;
  const { results } = await env.DB.prepare(built.facetSql).bind(...built.facetParams).all<FacetRow>();
  const facets = shapeFacets(results);
  await writeCache(env, key, facets, FACET_TTL_SECONDS);
  return facets;
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
  if (!used) return { total: 0, categories: [] };
  return countFacets(env, db, used.query, used.planned);
};
