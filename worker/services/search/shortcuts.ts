/**
 * Which home-sheet shortcuts lead to ads (GET /api/listings/shortcuts). A sheet used to ask for
 * each shortcut's count itself, one request per link, and hid the empty ones as the answers came
 * in. Here every shortcut of every sheet is checked at once: each becomes the very query its link
 * runs on /products (built by buildListingQuery, the one search SQL), asked only whether one live
 * ad exists — an index probe that stops at the first match rather than a count — and all of them
 * go to D1 in one batch, one round trip. The answer is cached per place in KV under the listings
 * data version, so a new ad shows its shortcut as soon as the version moves.
 */
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import type { ListingsQuery } from '../../schemas/listings';
import type { HomeShortcuts } from '../../schemas/shortcuts';
import { CATEGORY_GUIDES, shortcutId, shortcutsOf, type Shortcut } from '../../schemas/category-guides';
import { cached } from '../../lib/cache';
import { buildListingQuery } from '../listings/listings';
import { resolveLocation } from '../listings/locations';
import { databasesFor } from '../listings/shard-search';

const SHORTCUTS_TTL_SECONDS = 300;

/** The GET /listings query a shortcut's link runs (what the app's productsApiQuery sends). */
const shortcutQuery = (target: { category: string; subcategory?: string }, shortcut: Shortcut): ListingsQuery => {
  const query: ListingsQuery = { page: 1, limit: 1, category: target.category, subcategory: target.subcategory };
  const { minPrice, maxPrice, ...features } = shortcut.filters;
  if (minPrice !== undefined) query.minPrice = minPrice;
  if (maxPrice !== undefined) query.maxPrice = maxPrice;
  // feature values travel as text, as in a URL ("2" bedrooms)
  for (const [key, value] of Object.entries(features) as [keyof typeof features, string | number | undefined][]) {
    if (value !== undefined) query[key] = String(value);
  }
  return query;
};

const sheets = (leads: (guide: string, shortcut: Shortcut) => boolean): HomeShortcuts => ({
  guides: CATEGORY_GUIDES.map((guide) => ({
    name: guide.name,
    category: guide.target.category,
    subcategory: guide.target.subcategory ?? null,
    shortcuts: shortcutsOf(guide)
      .filter((shortcut) => leads(guide.name, shortcut))
      .map(({ kind, label, filters }) => ({ kind, label, filters })),
  })),
});

const keyOf = (guide: string, shortcut: Shortcut) => `${guide}|${shortcutId(shortcut)}`;

export const homeShortcuts = async (env: Env, db: Db, location: string | undefined): Promise<HomeShortcuts> => {
  const place = location ? await resolveLocation(db, location) : null;
  // a place nobody knows: every link would find nothing there, as GET /listings does
  if (place === undefined) return sheets(() => false);
  const scope = place ? { id: place.id, kind: place.kind } : null;
  return cached(env, `shortcuts:home:${place ? place.id : 'india'}`, SHORTCUTS_TTL_SECONDS, async () => {
    const candidates = CATEGORY_GUIDES.flatMap((guide) => shortcutsOf(guide).map((shortcut) => ({ guide, shortcut })));
    // the place's database (every one for all India), each probed with the whole batch, side by side
    const targets = await databasesFor(env, db, { page: 1, limit: 1 }, { place: scope });
    const checks = await Promise.all(
      candidates.map(async ({ guide, shortcut }) => {
        const built = await buildListingQuery(db, shortcutQuery(guide.target, shortcut), { place: scope });
        if (built.empty) return undefined;
        return { key: keyOf(guide.name, shortcut), sql: `${built.facetCte}SELECT EXISTS (SELECT 1 ${built.facetFrom}) AS hit`, params: built.facetParams };
      }),
    );
    const asked = checks.filter((check) => check !== undefined);
    const answers = asked.length
      ? await Promise.all(targets.map((target) => target.batch<{ hit: number }>(asked.map((check) => target.prepare(check.sql).bind(...check.params)))))
      : [];
    // a shortcut leads to ads when any database asked has one
    const leading = new Set(asked.filter((_, i) => answers.some((answer) => answer[i]?.results[0]?.hit === 1)).map((check) => check.key));
    return sheets((guide, shortcut) => leading.has(keyOf(guide, shortcut)));
  });
};
