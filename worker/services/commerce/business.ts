import type { Env } from '../../env';
import { KEEP_ALIVE_UNTIL_SQL, boostKeepsAliveUntil } from '../listings/lifecycle';
import type { Db } from '../../db/client';
import { accountsDbForUser, accountsSplit } from '../../db/accounts';
import { isSharded, listingDatabases, listingDbForId } from '../../db/shards';
import { invalidateListingCaches } from '../../lib/cache';
import { AppError, badRequest } from '../../lib/errors';
import type { AdLimit, PackageType, SellerPackage } from '../../schemas/business';
import { allCategories, resolveCategory } from '../listings/catalog';

/**
 * Seller packages and free-ad limits (decision 007). Limits and packages are reference data
 * (migration 0011); this module only reads them. A "limit group" is a subcategory with its own
 * row in free_ad_limits (Cars) or a whole top category (Home & Garden).
 */

export const DAY = 86_400_000;

/**
 * The database holding a seller's credits, postings and promotions (decision 034): the seller's
 * accounts database, together, so the free-ad limit and the credit check stay one conditional
 * statement in one database. With one accounts database that is `DB`, as before.
 */
export const sellerDb = (env: Env, userId: string) => accountsDbForUser(env, userId);

/** When a group has no row at all (a category added later without its limit): generous, like household goods. */
const FALLBACK_LIMIT = { freeAds: 5, periodDays: 30 };

interface PackageRow {
  id: string;
  type: PackageType;
  name: string;
  description: string;
  price_minor: number;
  validity_days: number;
  quantity: number;
  use_within_days: number;
  category_id: string;
  subcategory_id: string | null;
}

export const toSellerPackage = (r: PackageRow): SellerPackage => ({
  id: r.id,
  type: r.type,
  name: r.name,
  description: r.description,
  price: r.price_minor / 100,
  currency: 'INR',
  validityDays: r.validity_days,
  quantity: r.quantity,
  useWithinDays: r.use_within_days,
  categoryId: r.category_id,
  ...(r.subcategory_id ? { subcategoryId: r.subcategory_id } : {}),
});

export interface LimitGroup {
  limitKey: string;
  categoryId: string;
  subcategoryId?: string;
  name: string;
  freeAds: number;
  periodDays: number;
}

interface LimitRow {
  limit_key: string;
  free_ads: number;
  period_days: number;
}

const limitRows = async (env: Env) => (await env.DB.prepare('SELECT limit_key, free_ads, period_days FROM free_ad_limits').all<LimitRow>()).results;

/** The limit group of a category/subcategory (ids), from the limit rows and the category tree. */
const groupFrom = (rows: LimitRow[], cats: Awaited<ReturnType<typeof allCategories>>, categoryId: string, subcategoryId: string | null): LimitGroup => {
  const own = subcategoryId ? rows.find((r) => r.limit_key === subcategoryId) : undefined;
  const row = own ?? rows.find((r) => r.limit_key === categoryId);
  const key = own ? subcategoryId! : categoryId;
  return {
    limitKey: key,
    categoryId,
    ...(own ? { subcategoryId: subcategoryId! } : {}),
    name: cats.find((c) => c.id === key)?.name ?? key,
    freeAds: row?.free_ads ?? FALLBACK_LIMIT.freeAds,
    periodDays: row?.period_days ?? FALLBACK_LIMIT.periodDays,
  };
};

/** The limit group an ad in this category/subcategory (ids) counts against. */
export const limitGroupFor = async (env: Env, db: Db, categoryId: string, subcategoryId: string | null): Promise<LimitGroup> => {
  const [rows, cats] = await Promise.all([limitRows(env), allCategories(db)]);
  return groupFrom(rows, cats, categoryId, subcategoryId);
};

/** Category and subcategory as the client names them (id or name) → the limit group; unknown → 400. */
export const resolveLimitGroup = async (env: Env, db: Db, category: string, subcategory?: string) => {
  const resolved = await resolveCategory(db, category, subcategory);
  if (!resolved?.category) throw badRequest(`Unknown category "${subcategory ? `${category} / ${subcategory}` : category}"`, 'UNKNOWN_CATEGORY');
  return limitGroupFor(env, db, resolved.category.id, resolved.subcategory?.id ?? null);
};

/** The group's packages: those sold for exactly this group, cheapest first within each type. */
export const packagesForGroup = async (env: Env, group: LimitGroup, type?: PackageType) => {
  const { results } = await env.DB.prepare(
    `SELECT * FROM seller_packages WHERE is_active = 1 AND category_id = ? AND coalesce(subcategory_id, '') = ? ${type ? 'AND type = ?' : ''}
     ORDER BY CASE type WHEN 'AD_SLOTS' THEN 0 WHEN 'FEATURED' THEN 1 ELSE 2 END, price_minor`,
  )
    .bind(group.categoryId, group.subcategoryId ?? '', ...(type ? [type] : []))
    .all<PackageRow>();
  return results.map(toSellerPackage);
};

export const listSellerPackages = async (env: Env, db: Db, q: { category?: string; subcategory?: string; type?: PackageType }) => {
  if (!q.category && q.subcategory) throw badRequest('Choose a category with the subcategory', 'UNKNOWN_CATEGORY');
  if (q.category) {
    const group = await resolveLimitGroup(env, db, q.category, q.subcategory);
    return { packages: await packagesForGroup(env, group, q.type), group };
  }
  const { results } = await env.DB.prepare(
    `SELECT * FROM seller_packages WHERE is_active = 1 ${q.type ? 'AND type = ?' : ''} ORDER BY category_id, coalesce(subcategory_id, ''), position`,
  )
    .bind(...(q.type ? [q.type] : []))
    .all<PackageRow>();
  return { packages: results.map(toSellerPackage), group: undefined };
};

// ---------------------------------------------------------------- counting

/** Free ads of the period still counting (SQL, shared by the check and the guarded insert). */
const FREE_USED_SQL = `SELECT count(*) FROM ad_postings WHERE user_id = ?1 AND limit_key = ?2 AND credit_id IS NULL AND created_at > ?3`;

/** Units of a credit already used: ads posted with it, or promotions applied with it. */
export const CREDIT_USED_SQL = (credit: string) =>
  `((SELECT count(*) FROM ad_postings WHERE credit_id = ${credit}) + (SELECT count(*) FROM listing_promotions WHERE credit_id = ${credit}))`;

interface CreditRow {
  id: string;
  type: PackageType;
  package_id: string;
  name: string;
  limit_key: string;
  category_id: string;
  subcategory_id: string | null;
  quantity: number;
  validity_days: number;
  expires_at: number;
  created_at: number;
  remaining: number;
}

/** My credits still usable now (remaining > 0, not expired), soonest to expire first: the statement (of one type, in any of `limitKeys`). */
const activeCreditsStatement = (env: Env, userId: string, now: number, filter?: { type: PackageType; limitKeys: string[] }) =>
  sellerDb(env, userId).prepare(
    `SELECT * FROM (
       SELECT c.id, c.type, c.package_id, p.name, c.limit_key, c.category_id, c.subcategory_id, c.quantity, c.validity_days, c.expires_at, c.created_at,
              c.quantity - ${CREDIT_USED_SQL('c.id')} AS remaining
       FROM seller_credits c JOIN seller_packages p ON p.id = c.package_id
       WHERE c.user_id = ? AND c.expires_at > ? ${filter ? `AND c.type = ? AND c.limit_key IN (${filter.limitKeys.map(() => '?').join(', ')})` : ''}
     ) WHERE remaining > 0 ORDER BY expires_at, created_at`,
  ).bind(userId, now, ...(filter ? [filter.type, ...filter.limitKeys] : []));

/** My credits still usable now (remaining > 0, not expired), soonest to expire first. */
export const activeCredits = async (env: Env, userId: string, now: number, filter?: { type: PackageType; limitKey: string }) =>
  (await activeCreditsStatement(env, userId, now, filter && { type: filter.type, limitKeys: [filter.limitKey] }).all<CreditRow>()).results;

export const creditView = (c: CreditRow) => ({
  id: c.id,
  type: c.type,
  packageId: c.package_id,
  name: c.name,
  categoryId: c.category_id,
  ...(c.subcategory_id ? { subcategoryId: c.subcategory_id } : {}),
  quantity: c.quantity,
  remaining: c.remaining,
  validityDays: c.validity_days,
  expiresAt: new Date(c.expires_at).toISOString(),
});

/**
 * Free ads used in their period, per group of `limitKeys`: the statement (each group's period is read
 * in SQL, so the group need not be decided yet).
 */
const freeUsageStatement = (env: Env, userId: string, limitKeys: string[], now: number) =>
  sellerDb(env, userId).prepare(
    `SELECT limit_key, count(*) AS used, min(created_at) AS oldest FROM ad_postings a
     WHERE user_id = ?1 AND credit_id IS NULL AND limit_key IN (${limitKeys.map((_, i) => `?${i + 4}`).join(', ')})
       AND created_at > ?2 - coalesce((SELECT period_days FROM free_ad_limits f WHERE f.limit_key = a.limit_key), ?3) * ${DAY}
     GROUP BY limit_key`,
  ).bind(userId, now, FALLBACK_LIMIT.periodDays, ...limitKeys);

interface Usage {
  limit_key: string;
  used: number;
  oldest: number | null;
}

const statusFrom = (group: LimitGroup, usage: Usage | undefined, slots: CreditRow[]): AdLimit => {
  const used = usage?.used ?? 0;
  const remaining = Math.max(0, group.freeAds - used);
  const paidSlots = slots.reduce((n, c) => n + c.remaining, 0);
  return {
    categoryId: group.categoryId,
    ...(group.subcategoryId ? { subcategoryId: group.subcategoryId } : {}),
    name: group.name,
    freeAds: group.freeAds,
    periodDays: group.periodDays,
    used,
    remaining,
    resetsAt: usage?.oldest ? new Date(usage.oldest + group.periodDays * DAY).toISOString() : null,
    paidSlots,
    canPost: remaining > 0 || paidSlots > 0,
  };
};

/** Where a user stands in one group now. */
export const limitStatus = async (env: Env, userId: string, group: LimitGroup, now = Date.now()): Promise<AdLimit> => {
  const [usage, slots] = await Promise.all([
    freeUsageStatement(env, userId, [group.limitKey], now).first<Usage>(),
    activeCredits(env, userId, now, { type: 'AD_SLOTS', limitKey: group.limitKey }),
  ]);
  return statusFrom(group, usage ?? undefined, slots);
};

/** Every group's limit for the account page (one query), in the catalogue's order. */
export const allLimits = async (env: Env, db: Db, userId: string, now = Date.now()): Promise<AdLimit[]> => {
  const [{ results }, cats, slots] = await Promise.all([
    sellerDb(env, userId).prepare(
      `SELECT f.limit_key, f.free_ads, f.period_days, count(a.listing_id) AS used, min(a.created_at) AS oldest
       FROM free_ad_limits f
       LEFT JOIN ad_postings a ON a.limit_key = f.limit_key AND a.user_id = ? AND a.credit_id IS NULL AND a.created_at > ? - f.period_days * ${DAY}
       GROUP BY f.limit_key`,
    )
      .bind(userId, now)
      .all<LimitRow & { used: number; oldest: number | null }>(),
    allCategories(db),
    activeCredits(env, userId, now),
  ]);
  const position = (key: string) => {
    const cat = cats.find((c) => c.id === key);
    const top = cat?.parentId ? cats.find((c) => c.id === cat.parentId) : cat;
    return (top?.position ?? 99) * 100 + (cat?.parentId ? cat.position : -1);
  };
  return results
    .sort((a, b) => position(a.limit_key) - position(b.limit_key))
    .map((r) => {
      const cat = cats.find((c) => c.id === r.limit_key);
      const paidSlots = slots.filter((s) => s.type === 'AD_SLOTS' && s.limit_key === r.limit_key).reduce((n, s) => n + s.remaining, 0);
      const remaining = Math.max(0, r.free_ads - r.used);
      return {
        categoryId: cat?.parentId ?? r.limit_key,
        ...(cat?.parentId ? { subcategoryId: r.limit_key } : {}),
        name: cat?.name ?? r.limit_key,
        freeAds: r.free_ads,
        periodDays: r.period_days,
        used: r.used,
        remaining,
        resetsAt: r.oldest ? new Date(r.oldest + r.period_days * DAY).toISOString() : null,
        paidSlots,
        canPost: remaining > 0 || paidSlots > 0,
      };
    });
};

export const businessAccount = async (env: Env, db: Db, userId: string, now = Date.now()) => ({
  limits: await allLimits(env, db, userId, now),
  credits: (await activeCredits(env, userId, now)).map(creditView),
});

// ---------------------------------------------------------------- posting

const limitReached = async (env: Env, group: LimitGroup, status: AdLimit) => {
  const packages = await packagesForGroup(env, group, 'AD_SLOTS');
  const when = status.resetsAt ? ` Your next free ad here is on ${new Date(status.resetsAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })}.` : '';
  return new AppError(
    402,
    'AD_LIMIT_REACHED',
    `You have used your ${group.freeAds === 1 ? 'free ad' : `${group.freeAds} free ads`} in ${group.name} for this ${group.periodDays}-day period. Buy an extra ad pack to post now.${when}`,
    undefined,
    undefined,
    { limit: status, packages },
  );
};

/** A further condition for the posting row (and so for the whole batch), e.g. "the ad is still at the version read". */
export interface PostingGuard {
  sql: string;
  params: unknown[];
}

/**
 * Decides how a new ad in this group is paid for — a free ad, else the paid slot that expires
 * first — or refuses with 402 AD_LIMIT_REACHED and the packs that unlock it. Returns the
 * statement that records the posting; it is conditional (the limit or the slot is re-checked in
 * the same statement, and `guard` with it), so the caller runs it first in the ad's batch and
 * makes every other write depend on its row: a race lost writes nothing.
 * The same decision serves a new ad, an ad edited into another group and an ad going live again
 * after its posting's period (decision 007): there is no way onto the site around it.
 */
export const reservePosting = async (env: Env, userId: string, group: LimitGroup, listingId: string, now = Date.now(), guard?: PostingGuard) => {
  const status = await limitStatus(env, userId, group, now);
  const slot = status.remaining > 0 ? undefined : (await activeCredits(env, userId, now, { type: 'AD_SLOTS', limitKey: group.limitKey }))[0];
  return reservationFrom(env, userId, group, status, slot, listingId, now, guard);
};

/**
 * A new ad's group and its reservation in ONE round trip to the database (decision 022): the limit
 * rows, the free ads used and the paid slots of both groups the ad could count in (its
 * subcategory's own, its category's) are read in one batch, and the group decided from them.
 */
export const reserveNewPosting = async (env: Env, db: Db, userId: string, categoryId: string, subcategoryId: string | null, listingId: string, now = Date.now()) => {
  const keys = subcategoryId ? [subcategoryId, categoryId] : [categoryId];
  // the limit rows are reference data every database carries (migrations write them alike)
  const seller = sellerDb(env, userId);
  const [limits, usage, credits] = await seller.batch<unknown>([
    seller.prepare('SELECT limit_key, free_ads, period_days FROM free_ad_limits'),
    freeUsageStatement(env, userId, keys, now),
    activeCreditsStatement(env, userId, now, { type: 'AD_SLOTS', limitKeys: keys }),
  ]);
  const group = groupFrom((limits?.results ?? []) as LimitRow[], await allCategories(db), categoryId, subcategoryId);
  const slots = ((credits?.results ?? []) as CreditRow[]).filter((c) => c.limit_key === group.limitKey);
  const status = statusFrom(group, (usage?.results as Usage[] | undefined)?.find((u) => u.limit_key === group.limitKey), slots);
  return { group, posting: await reservationFrom(env, userId, group, status, status.remaining > 0 ? undefined : slots[0], listingId, now) };
};

/**
 * The reservation from what was read: a free ad if one is left, else the paid slot that expires
 * first, else 402. `slot` is that slot (read only when no free ad is left).
 */
const reservationFrom = async (env: Env, userId: string, group: LimitGroup, status: AdLimit, slot: CreditRow | undefined, listingId: string, now: number, guard?: PostingGuard) => {
  const since = now - group.periodDays * DAY;
  // plain "?" placeholders after the numbered ones take the next numbers, so the guard's own come last
  const extra = guard ? ` AND ${guard.sql}` : '';
  const extraParams = guard?.params ?? [];
  if (status.remaining > 0) {
    return {
      creditId: null,
      statement: sellerDb(env, userId).prepare(
        `INSERT INTO ad_postings (listing_id, user_id, limit_key, credit_id, created_at)
         SELECT ?4, ?1, ?2, NULL, ?5 WHERE (${FREE_USED_SQL}) < ?6${extra}`,
      ).bind(userId, group.limitKey, since, listingId, now, group.freeAds, ...extraParams),
      onRaceLost: () => limitReached(env, group, { ...status, remaining: 0, canPost: false }),
    };
  }
  if (!slot) throw await limitReached(env, group, status);
  return {
    creditId: slot.id,
    statement: sellerDb(env, userId).prepare(
      `INSERT INTO ad_postings (listing_id, user_id, limit_key, credit_id, created_at)
       SELECT ?3, ?1, ?2, ?4, ?5 WHERE (SELECT quantity FROM seller_credits WHERE id = ?4 AND user_id = ?1 AND expires_at > ?5) > ${CREDIT_USED_SQL('?4')}${extra}`,
    ).bind(userId, group.limitKey, listingId, slot.id, now, ...extraParams),
    onRaceLost: () => limitReached(env, group, { ...status, paidSlots: 0, canPost: false }),
  };
};

/** SQL condition for the rest of a new ad's batch: its posting row was written. */
export const POSTING_RECORDED = 'EXISTS (SELECT 1 FROM ad_postings WHERE listing_id = ?)';

/** SQL condition for the rest of an edit's or reactivation's batch: its posting row (ad, group, time) was written. */
export const POSTING_RECORDED_AT = 'EXISTS (SELECT 1 FROM ad_postings WHERE listing_id = ? AND limit_key = ? AND created_at = ?)';

/**
 * Whether this ad already counts in this group now: posted there (free or paid) within the
 * group's period. Such an ad may move back into the group, or go live again, without a new posting.
 */
export const holdsPosting = async (env: Env, userId: string, listingId: string, group: LimitGroup, now = Date.now()) =>
  Boolean(
    await sellerDb(env, userId).prepare('SELECT 1 FROM ad_postings WHERE listing_id = ? AND limit_key = ? AND created_at > ? LIMIT 1')
      .bind(listingId, group.limitKey, now - group.periodDays * DAY)
      .first(),
  );

// ---------------------------------------------------------------- promotion (FEATURED, BOOST)

/**
 * Features or boosts my live ad with one unit of a credit for its group (oldest-expiring first).
 * FEATURED: badge until now (or the current end) + the pack's days, and pinned on top of page 1
 * of its category (services/commerce/featured.ts). BOOST: bumped_at = now; newest-first sorts by
 * sort_at = coalesce(bumped_at, created_at) (migration 0017), created_at stays the posting time. The promotion row is written by a conditional insert (a unit must be left) and the
 * listing update depends on it, in one batch: a credit is never spent twice.
 */
export const promoteListing = async (env: Env, db: Db, userId: string, listingId: string, type: 'FEATURED' | 'BOOST', now = Date.now()) => {
  // the ad's own database (decision 033): with one database that is DB itself
  const target = listingDbForId(env, listingId);
  const listing = await target.prepare('SELECT id, user_id, status, category_id, subcategory_id, featured_until FROM listings WHERE id = ?')
    .bind(listingId.toLowerCase())
    .first<{ id: string; user_id: string; status: string; category_id: string; subcategory_id: string | null; featured_until: number | null }>();
  if (!listing) throw new AppError(404, 'LISTING_NOT_FOUND', "The listing you're looking for doesn't exist or has been removed.");
  if (listing.user_id !== userId) throw new AppError(403, 'NOT_OWNER', 'You can only promote your own ads.');
  if (listing.status !== 'APPROVED') {
    throw new AppError(409, 'NOT_LIVE', listing.status === 'EXPIRED' ? 'Only a live ad can be promoted. Renew it first.' : 'Only a live ad can be promoted. Reactivate it first.');
  }
  const group = await limitGroupFor(env, db, listing.category_id, listing.subcategory_id);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const [credit] = await activeCredits(env, userId, now, { type, limitKey: group.limitKey });
    if (!credit) {
      const packages = await packagesForGroup(env, group, type);
      throw new AppError(
        402,
        'NO_CREDITS',
        `You have no ${type === 'FEATURED' ? 'Featured' : 'Boost'} package for ${group.name}. Buy one to promote this ad.`,
        undefined,
        undefined,
        { packages },
      );
    }
    const promotionId = `prm_${crypto.randomUUID().replace(/-/g, '')}`;
    const endsAt = type === 'FEATURED' ? Math.max(now, listing.featured_until ?? 0) + credit.validity_days * DAY : null;
    const recorded = 'EXISTS (SELECT 1 FROM listing_promotions WHERE id = ?)';
    // the ad apart from the seller's credits (several listings or accounts databases): two steps
    const applied = isSharded(env) || accountsSplit(env)
      ? await promoteInShard(env, target, { promotionId, listingId: listing.id, userId, creditId: credit.id, type, now, endsAt })
      : undefined;
    if (applied === 'no-unit') continue;
    const [inserted] = applied ? [{ meta: { changes: 1 } }] : await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO listing_promotions (id, listing_id, user_id, credit_id, type, starts_at, ends_at, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6
         WHERE (SELECT quantity FROM seller_credits WHERE id = ?4 AND user_id = ?3 AND expires_at > ?6) > ${CREDIT_USED_SQL('?4')}
           AND EXISTS (SELECT 1 FROM listings WHERE id = ?2 AND user_id = ?3 AND status = 'APPROVED')`,
      ).bind(promotionId, listing.id, userId, credit.id, type, now, endsAt),
      type === 'FEATURED'
        ? env.DB.prepare(`UPDATE listings SET is_featured = 1, featured_until = ?, ${KEEP_ALIVE_UNTIL_SQL} WHERE id = ? AND ${recorded}`).bind(endsAt, endsAt, listing.id, promotionId)
        : // paid visibility keeps the ad live until it ends (decision 019): the feature's end, a boost's days
          env.DB.prepare(`UPDATE listings SET bumped_at = ?, ${KEEP_ALIVE_UNTIL_SQL} WHERE id = ? AND ${recorded}`).bind(now, boostKeepsAliveUntil(now), listing.id, promotionId),
    ]);
    if ((inserted?.meta.changes ?? 0) > 0) {
      return {
        listingId: listing.id,
        type,
        isFeatured: type === 'FEATURED' || (listing.featured_until ?? 0) > now,
        featuredUntil: endsAt ? new Date(endsAt).toISOString() : listing.featured_until && listing.featured_until > now ? new Date(listing.featured_until).toISOString() : null,
        bumpedAt: type === 'BOOST' ? new Date(now).toISOString() : null,
        creditId: credit.id,
        remaining: credit.remaining - 1,
      };
    }
  }
  throw new AppError(409, 'STALE', 'The ad or your package changed meanwhile. Please try again.');
};

/**
 * A promotion of an ad in a listings database of its own (decision 033), or of a seller whose credits
 * live in their accounts database (decision 034). The unit of the credit is taken first in the
 * seller's database (the promotion row, conditional on a unit being left), then the ad is
 * changed in its database on condition it is still its seller's and live; if it is not, the
 * promotion row is removed again (the unit comes back) and the caller answers 409. A crash between
 * the two leaves a spent unit on an ad not promoted: the promotion row names the ad, so support (or
 * a repeat of the same purchase's effect) can apply it; nothing wrong is shown to a buyer.
 */
const promoteInShard = async (
  env: Env,
  target: D1Database,
  p: { promotionId: string; listingId: string; userId: string; creditId: string; type: 'FEATURED' | 'BOOST'; now: number; endsAt: number | null },
): Promise<'applied' | 'no-unit'> => {
  const seller = sellerDb(env, p.userId);
  const taken = await seller.prepare(
    `INSERT INTO listing_promotions (id, listing_id, user_id, credit_id, type, starts_at, ends_at, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6
     WHERE (SELECT quantity FROM seller_credits WHERE id = ?4 AND user_id = ?3 AND expires_at > ?6) > ${CREDIT_USED_SQL('?4')}`,
  )
    .bind(p.promotionId, p.listingId, p.userId, p.creditId, p.type, p.now, p.endsAt)
    .run();
  if ((taken.meta.changes ?? 0) === 0) return 'no-unit';
  const live = `id = ? AND user_id = ? AND status = 'APPROVED'`;
  const changed = await (p.type === 'FEATURED'
    ? target.prepare(`UPDATE listings SET is_featured = 1, featured_until = ?, ${KEEP_ALIVE_UNTIL_SQL} WHERE ${live}`).bind(p.endsAt, p.endsAt, p.listingId, p.userId)
    : target.prepare(`UPDATE listings SET bumped_at = ?, ${KEEP_ALIVE_UNTIL_SQL} WHERE ${live}`).bind(p.now, boostKeepsAliveUntil(p.now), p.listingId, p.userId)
  ).run();
  if ((changed.meta.changes ?? 0) > 0) return 'applied';
  await seller.prepare('DELETE FROM listing_promotions WHERE id = ?').bind(p.promotionId).run();
  throw new AppError(409, 'STALE', 'The ad or your package changed meanwhile. Please try again.');
};

/** Scheduled: paid features that ran out lose the badge (and their place above plain ads). */
export const expireFeatured = async (env: Env, now = Date.now()) => {
  // every listings database side by side (with one, that is DB alone, as before)
  const runs = await Promise.all(
    listingDatabases(env).map((target) => target.prepare('UPDATE listings SET is_featured = 0 WHERE is_featured = 1 AND featured_until IS NOT NULL AND featured_until <= ?').bind(now).run()),
  );
  const ended = runs.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  // guests' cached pages still show the badge: a new data version makes them render anew
  if (ended > 0) await invalidateListingCaches(env);
  return ended;
};
