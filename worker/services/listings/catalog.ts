import { listingDatabases, type ShardEnv } from '../../db/shards';
import { and, asc, eq } from 'drizzle-orm';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { bannerAds, categories, popularSearches } from '../../db/schema';
import { cached } from '../../lib/cache';
import type { BannerAd, Category, PopularSearch } from '../../schemas/catalog';
import { MENU_NAME_MAPPINGS, slugify } from '../../schemas/taxonomy';
import { forgetWithIsolate } from '../../lib/isolate-memos';

type CategoryRow = typeof categories.$inferSelect;

/** All categories, loaded once per isolate (reference data that only a migration changes). */
let categoryMemo: Promise<CategoryRow[]> | undefined;
export const allCategories = (db: Db): Promise<CategoryRow[]> => {
  categoryMemo ??= db
    .select()
    .from(categories)
    .orderBy(asc(categories.position))
    .all()
    .catch((err: unknown) => {
      categoryMemo = undefined;
      throw err;
    });
  return categoryMemo;
};

const norm = (s: string) => slugify(s.trim());

export interface ResolvedCategory {
  category?: CategoryRow;
  subcategory?: CategoryRow;
}

/**
 * Resolves what the menus and forms send: an id ('vehicles-cars'), a name ('Cars', 'Vehicles'),
 * or a menu label from the spec's name mappings ('Mobile Phones' → Electronics/Smartphones).
 * Returns undefined when nothing matches.
 */
export const resolveCategory = async (db: Db, categoryText?: string, subcategoryText?: string): Promise<ResolvedCategory | undefined> => {
  const rows = await allCategories(db);
  const byKey = (text: string, parentId?: string | null) => {
    const key = norm(text);
    const candidates = rows.filter((r) => (parentId === undefined ? true : r.parentId === parentId));
    return (
      candidates.find((r) => r.id === text.trim() || r.id === key) ??
      candidates.find((r) => norm(r.name) === key) ??
      // subcategory ids are '{category}-{sub}', so 'cars' also finds 'vehicles-cars'
      candidates.find((r) => r.parentId !== null && r.id.endsWith(`-${key}`))
    );
  };
  const result: ResolvedCategory = {};
  if (categoryText) {
    const mapped = MENU_NAME_MAPPINGS[categoryText.trim()];
    const top = byKey(mapped?.category ?? categoryText, null);
    if (top) {
      result.category = top;
      if (mapped?.subcategory) result.subcategory = byKey(mapped.subcategory, top.id);
    } else {
      const sub = byKey(categoryText);
      if (!sub || sub.parentId === null) return undefined;
      result.subcategory = sub;
      result.category = rows.find((r) => r.id === sub.parentId);
    }
  }
  if (subcategoryText) {
    const mapped = MENU_NAME_MAPPINGS[subcategoryText.trim()];
    // inside a chosen category its own subcategory wins over a menu label of the same name
    // ('Books & Media' + 'Games' is Books & Media / Games, not the menu's Gaming Consoles)
    const own = result.category ? byKey(subcategoryText, result.category.id) : undefined;
    const sub = own ?? byKey(mapped?.subcategory ?? subcategoryText, result.category ? result.category.id : undefined);
    if (!sub || sub.parentId === null) return undefined;
    result.subcategory = sub;
    result.category ??= rows.find((r) => r.id === sub.parentId);
  }
  return result;
};

/** Live listings per category and subcategory id, counted in D1 (the consistency checker compares the cache with it). */
export const categoryCountsFromDb = async (env: ShardEnv) => {
  // every listings database counts its own, side by side, and the counts add up (decision 033)
  const each = await Promise.all(
    listingDatabases(env).map((db) =>
      db.prepare(`SELECT category_id AS c, subcategory_id AS s, count(*) AS n FROM listings WHERE status = 'APPROVED' GROUP BY category_id, subcategory_id`).all<{ c: string; s: string | null; n: number }>(),
    ),
  );
  const results = each.flatMap((r) => r.results);
  const counts: Record<string, number> = {};
  for (const r of results) {
    counts[r.c] = (counts[r.c] ?? 0) + r.n;
    if (r.s) counts[r.s] = (counts[r.s] ?? 0) + r.n;
  }
  return counts;
};

const countListingsByCategory = async (env: Env) => cached(env, 'counts:categories', 300, () => categoryCountsFromDb(env));

export const listCategories = async (env: Env, db: Db): Promise<Category[]> => {
  const [rows, counts] = await Promise.all([allCategories(db), countListingsByCategory(env)]);
  return rows
    .filter((r) => r.parentId === null)
    .map((top) => ({
      id: top.id,
      name: top.name,
      slug: top.slug,
      count: counts[top.id] ?? 0,
      subcategories: rows
        .filter((r) => r.parentId === top.id)
        .map((s) => ({ id: s.id, name: s.name, slug: s.slug, count: counts[s.id] ?? 0 })),
    }));
};

/**
 * Popular searches and banner ads are reference data too (written by the reference-data
 * migrations only): read once per isolate instead of on every products page. The popular searches
 * are read whole (a few dozen rows), not per category: a category's first page in an isolate used
 * to pay a D1 call of its own beside its search (two, one after the other, for a category with no
 * terms of its own), and a local D1 call costs about a static file's whole request whatever it
 * reads (decision 023's sixth addendum).
 */
let popularMemo: Promise<(PopularSearch & { categoryId: string | null })[]> | undefined;
let bannerMemo: Promise<BannerAd[]> | undefined;
forgetWithIsolate(() => {
  categoryMemo = undefined;
  popularMemo = undefined;
  bannerMemo = undefined;
});
const allPopularSearches = (db: Db) => {
  if (!popularMemo) {
    // in the order of the (category_id, position) index, as a category's own read walked it
    const memo = db
      .select({ id: popularSearches.id, term: popularSearches.term, categoryId: popularSearches.categoryId })
      .from(popularSearches)
      .orderBy(asc(popularSearches.categoryId), asc(popularSearches.position))
      .all();
    popularMemo = memo;
    memo.catch(() => popularMemo === memo && (popularMemo = undefined));
  }
  return popularMemo;
};

/** A category's terms in order; the overall terms (no category) without one, or for a category that has none. */
export const listPopularSearches = async (db: Db, categoryText?: string): Promise<PopularSearch[]> => {
  const [resolved, all] = await Promise.all([categoryText ? resolveCategory(db, categoryText) : undefined, allPopularSearches(db)]);
  const categoryId = resolved?.category?.id;
  const specific = categoryId ? all.filter((r) => r.categoryId === categoryId) : [];
  return (specific.length ? specific : all.filter((r) => r.categoryId === null)).map(({ id, term }) => ({ id, term }));
};

export const listBannerAds = (db: Db): Promise<BannerAd[]> => {
  if (!bannerMemo) {
    bannerMemo = readBannerAds(db);
    bannerMemo.catch(() => (bannerMemo = undefined));
  }
  return bannerMemo;
};

const readBannerAds = (db: Db): Promise<BannerAd[]> =>
  db
    .select({
      id: bannerAds.id,
      logo: bannerAds.logo,
      title: bannerAds.title,
      subtitle: bannerAds.subtitle,
      buttonText: bannerAds.buttonText,
      link: bannerAds.link,
    })
    .from(bannerAds)
    .where(and(eq(bannerAds.isActive, true)))
    .orderBy(asc(bannerAds.position))
    .all();
