import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { docs } from '../lib/openapi';
import { validate } from '../lib/validate';
import { listingSchema, listingsPage, listingsQuery, relatedQuery } from '../schemas/listings';
import { getListing, getListingBySlug, recordPageView, recordView, relatedListings } from '../services/listings/listings';
import { search } from '../services/search';
import { listingFacets } from '../services/search/facets';
import { listingFacetsSchema } from '../schemas/facets';
import { homeShortcuts } from '../services/search/shortcuts';
import { homeShortcutsQuery, homeShortcutsSchema } from '../schemas/shortcuts';
import { viewerKey } from '../lib/request';
import { currentUser, optionalAuth, requireAuth } from '../lib/auth';
import {
  createListingBody,
  favoriteBody,
  favoritesQuery,
  myListingsPage,
  myListingsQuery,
  ownListingSchema,
  statusChangeBody,
  updateListingBody,
} from '../schemas/selling';
import { changeStatus, createListing, deleteListing, isFavorite, listFavorites, myListings, setFavorite, updateListing } from '../services/listings/selling';
import { LIMITS, enforce } from '../lib/rate-limit';
import { badRequest } from '../lib/errors';
import { archivedAdSchema, archivedAdsPageSchema, archivedAdsQuery } from '../schemas/archive';
import { getArchived, listArchived, repostArchived } from '../services/listings/archive';
import { renewListing } from '../services/listings/lifecycle';
import { RENEW_WINDOW_DAYS } from '../schemas/ad-lifecycle-data';
import { listingGroupPlace, refreshListingGuides, type GroupPlace } from '../services/listings/price-guidance';
import type { Context } from 'hono';

/**
 * After a write, the ad's groups of comparable ads get fresh price ranges, off the response's path
 * (decision 026): `before` is the group it was in (an edit can move it), the other is read now.
 */
const refreshPriceGuides = (c: Context<AppEnv>, listingId: string, before?: GroupPlace | null) => {
  // started on the next turn of the event loop, once the answer has left: the seller never waits
  // on the refresh's reads (decision 022 counts the round trips a request waits on)
  const task = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => listingGroupPlace(c.env, listingId))
    .then((after) => refreshListingGuides(c.env, [before, after]))
    .catch((e: unknown) => console.warn('price guide refresh failed', e));
  afterAnswer(c, task);
};

/** ctx.waitUntil; with no execution context (the app called directly, as scripts and some tests do) the task still runs. */
const afterAnswer = (c: Context<AppEnv>, task: Promise<unknown>) => {
  try {
    c.executionCtx.waitUntil(task);
  } catch {
    void task;
  }
};

const idParam = z.object({ id: z.string().trim().min(1, 'id is required').max(64, 'id is too long') });
const slugParam = z.object({ slug: z.string().trim().min(1, 'slug is required').max(400, 'slug is too long') });

const origin = (url: string) => new URL(url).origin;

export const listingRoutes = new Hono<AppEnv>()
  .get(
    '/',
    docs({
      tags: ['Listings'],
      summary: 'Search and browse live listings',
      description:
        'Full-text search with query understanding (q: typos corrected, everyday, Hindi and Hinglish words mapped to the catalogue, a place inside the text becomes the location filter, condition words ("box pack", "2nd hand") and attribute words beside a thing that has them ("automatic car", "furnished flat") become the condition and feature filters (dropped when no ad has them), a budget ("under 10k", "2 se 3 lakh", "50 hazar tak") becomes minPrice/maxPrice unless the request names that bound; when nothing matches, corrected → any word → wider place, reported in `data.search`), category/subcategory by id or name, location by state, city or area name ("India" means everywhere), price range in rupees, condition, feature filters (brand, fuel, ...). `pagination.total` is exact up to 1,000 matches; above that it is 1,000 and `pagination.totalCapped` is true (show "1,000+"), and only the first 1,000 results can be paged through (a later page is a 400). Totals are cached per query until a listing changes, so paging costs one query.',
      data: listingsPage,
    }),
    validate('query', listingsQuery),
    async (c) => {
      const stats = { rowsRead: 0 };
      const data = await search(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('query'), { stats, defer: (task) => c.executionCtx.waitUntil(task) });
      // how much the search cost the database: read by the benchmark, useful in monitoring
      c.header('X-D1-Rows-Read', String(stats.rowsRead));
      return c.json({ success: true as const, data });
    },
  )
  .get(
    '/search',
    docs({ tags: ['Listings'], summary: 'Alias of GET /listings', data: listingsPage }),
    validate('query', listingsQuery),
    async (c) =>
      c.json({ success: true as const, data: await search(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('query'), { defer: (task) => c.executionCtx.waitUntil(task) }) }),
  )
  .get(
    '/facets',
    docs({
      tags: ['Listings'],
      summary: 'Live matches per category, subcategory and place for a search (the filter counts)',
      description:
        'Takes the same query as GET /listings and counts the ads that search finds in each category and subcategory, with the category and subcategory filters left out (so the filter can offer the other categories the words find). Words are understood as GET /listings does (corrections, wider place). Only categories with matches are listed. `locations` counts the places one level under the place that answered the search, with the place filter left out and every other filter (category included) kept: the cities of India when no place is chosen, the cities of a chosen state, the areas of a chosen city or of a chosen area\'s city (`within` names the state or city; at most 30 places, most first, the chosen area always among them). Counts are cached until a listing changes.',
      data: listingFacetsSchema,
    }),
    validate('query', listingsQuery),
    async (c) => c.json({ success: true as const, data: await listingFacets(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('query')) }),
  )
  .get(
    '/shortcuts',
    docs({
      tags: ['Listings'],
      summary: 'The home category sheets’ shortcuts that lead to ads in a place',
      description:
        'The phone home page opens a sheet per category (Cars, Properties, Mobiles, …) with ready-made searches: "View All", budget ranges, popular brands and extra filters (fuel, BHK, RAM, …). This answers, for the place (`location`: a state, city or area; none or "India" for everywhere), which of them find at least one live ad, in sheet order, each with the GET /listings parameters it adds to its sheet\'s category. A shortcut is listed exactly when its search on GET /listings would find ads. An unknown place lists none. Cached until a listing changes.',
      data: homeShortcutsSchema,
    }),
    validate('query', homeShortcutsQuery),
    async (c) => c.json({ success: true as const, data: await homeShortcuts(c.env, getDb(c.env.DB), c.req.valid('query').location) }),
  )
  .get(
    '/slug/:slug',
    docs({ tags: ['Listings'], summary: 'A listing by slug; falls back to the id after "iid-" (410 LISTING_ARCHIVED: archived)', data: listingSchema, errors: [400, 404, 410] }),
    optionalAuth,
    validate('param', slugParam),
    async (c) => {
      const viewer = c.get('user');
      const listing = await getListingBySlug(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('param').slug, viewer?.id);
      c.executionCtx.waitUntil(recordView(c.env, listing.id, listing.user.id, await viewerKey(c, viewer?.id), c.req.header('User-Agent')).catch((e: unknown) => console.warn('view count failed', e)));
      return c.json({ success: true as const, data: { ...listing, isFavorite: viewer ? await isFavorite(c.env, viewer.id, listing.id) : false } });
    },
  )
  .get(
    '/user/my-listings',
    docs({ tags: ['Selling'], summary: 'My Ads: own listings of every status, with per-status counts', data: myListingsPage, auth: true, errors: [400, 401] }),
    requireAuth,
    validate('query', myListingsQuery),
    async (c) => c.json({ success: true as const, data: await myListings(c.env, getDb(c.env.DB), origin(c.req.url), currentUser(c).id, c.req.valid('query')) }),
  )
  .get(
    '/user/favorites',
    docs({ tags: ['Favourites'], summary: 'My favourites (wishlist), newest first', data: listingsPage, auth: true, errors: [400, 401] }),
    requireAuth,
    validate('query', favoritesQuery),
    async (c) => c.json({ success: true as const, data: await listFavorites(c.env, getDb(c.env.DB), origin(c.req.url), currentUser(c).id, c.req.valid('query')) }),
  )
  .get(
    '/user/archived',
    docs({
      tags: ['Selling'],
      summary: 'My Ads, Archived tab: my ads moved to the archive, newest archived first',
      description:
        'Ads that ended (sold or deactivated longer than the retention, or deleted) leave the live database for the archive (decision 021). Each page is one read of the archive\'s index: pass `nextCursor` as `cursor` for the next page (null on the last). A cursor that no longer works is a 400 BAD_CURSOR.',
      data: archivedAdsPageSchema,
      auth: true,
      errors: [400, 401],
    }),
    requireAuth,
    validate('query', archivedAdsQuery),
    async (c) => c.json({ success: true as const, data: await listArchived(c.env, currentUser(c).id, c.req.valid('query'), origin(c.req.url)) }),
  )
  .get(
    '/user/archived/:id',
    docs({
      tags: ['Selling'],
      summary: 'One of my archived ads: its details, kept photo and final stats (owner only)',
      description: 'Only the seller can open an archived ad; anyone else, and any id that is not archived, gets 404 ARCHIVED_AD_NOT_FOUND.',
      data: archivedAdSchema,
      auth: true,
      errors: [400, 401, 404],
    }),
    requireAuth,
    validate('param', idParam),
    async (c) => c.json({ success: true as const, data: await getArchived(c.env, currentUser(c).id, c.req.valid('param').id, origin(c.req.url)) }),
  )
  .post(
    '/user/archived/:id/repost',
    docs({
      tags: ['Selling'],
      summary: 'Repost an archived ad as a new ad, in one tap (owner only)',
      description:
        'Posts a new ad with the archived ad\'s details and kept photo, exactly as POST /listings would: the free-ad limit (402 AD_LIMIT_REACHED with `limit` and `packages` when no free ad or slot is left), the automatic check and the duplicate-photo check apply. The archived copy stays. 404 for anyone but the seller.',
      data: ownListingSchema,
      auth: true,
      errors: [400, 401, 402, 404, 409, 429],
    }),
    requireAuth,
    validate('param', idParam),
    async (c) => {
      const user = currentUser(c);
      await enforce(c.env, LIMITS.postPerUser, user.id);
      const db = getDb(c.env.DB);
      const listing = await repostArchived(c.env, db, user.id, c.req.valid('param').id, origin(c.req.url), (input) => createListing(c.env, db, user.id, input, origin(c.req.url)));
      return c.json({ success: true as const, data: listing }, 201);
    },
  )
  .get(
    '/:id/related',
    docs({ tags: ['Listings'], summary: 'Related listings: same subcategory, same city first', data: z.array(listingSchema), errors: [400, 404] }),
    optionalAuth,
    validate('param', idParam),
    validate('query', relatedQuery),
    async (c) =>
      c.json({
        success: true as const,
        data: await relatedListings(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('param').id, c.req.valid('query').limit, c.get('user')?.id),
      }),
  )
  .get(
    '/:id',
    docs({
      tags: ['Listings'],
      summary: 'A listing by id (its owner also sees it while inactive or rejected)',
      description: 'An ad that was moved to the archive (sold or deactivated long ago, or deleted; decision 021) answers 410 LISTING_ARCHIVED to everyone; its seller opens it at GET /listings/user/archived/{id}.',
      data: listingSchema,
      errors: [400, 404, 410],
    }),
    optionalAuth,
    validate('param', idParam),
    async (c) => {
      const viewer = c.get('user');
      const listing = await getListing(c.env, getDb(c.env.DB), origin(c.req.url), c.req.valid('param').id, viewer?.id);
      c.executionCtx.waitUntil(recordView(c.env, listing.id, listing.user.id, await viewerKey(c, viewer?.id), c.req.header('User-Agent')).catch((e: unknown) => console.warn('view count failed', e)));
      return c.json({ success: true as const, data: { ...listing, isFavorite: viewer ? await isFavorite(c.env, viewer.id, listing.id) : false } });
    },
  )
  .post(
    '/:id/views',
    docs({
      tags: ['Listings'],
      summary: 'Count a view of a listing the page carried inlined (once per viewer per day)',
      description: 'A guest\'s first page comes with the listing inlined, so no GET counts the visit: the page reports it here. Counting is idempotent per viewer and day; `counted` says whether this call added one.',
      data: z.object({ counted: z.boolean() }),
      errors: [400, 404],
    }),
    optionalAuth,
    validate('param', idParam),
    async (c) => {
      const viewer = c.get('user');
      const counted = await recordPageView(c.env, c.req.valid('param').id, await viewerKey(c, viewer?.id), c.req.header('User-Agent'));
      return c.json({ success: true as const, data: { counted } });
    },
  )
  .post(
    '/',
    docs({
      tags: ['Selling'],
      summary: 'Post an ad',
      description:
        'Category and subcategory by id or name. Location as state + city + neighbourhood, or one location text. Photos are URLs returned by POST /upload/image. New ads go live (APPROVED) unless the automatic check holds them back (REJECTED with rejectReason). Each category has a free-ad limit (GET /business/account): over it, a paid ad slot of that category is used automatically; without one the answer is 402 AD_LIMIT_REACHED with `limit` and the `packages` that unlock it, and nothing is stored.',
      data: ownListingSchema,
      auth: true,
      errors: [400, 401, 402, 429],
    }),
    requireAuth,
    validate('json', createListingBody),
    async (c) => {
      await enforce(c.env, LIMITS.postPerUser, currentUser(c).id);
      const data = await createListing(c.env, getDb(c.env.DB), currentUser(c).id, c.req.valid('json'), origin(c.req.url), (task) => afterAnswer(c, task));
      refreshPriceGuides(c, data.id);
      return c.json({ success: true as const, data }, 201);
    },
  )
  .put(
    '/:id',
    docs({
      tags: ['Selling'],
      summary: 'Edit an ad (owner only); send only what changes',
      description:
        'Two edits racing: one applies, the other changes nothing and answers 409 STALE. The free-ad limit holds as on posting: an edit that moves the ad into another limit group (another category, or a subcategory with a limit of its own such as Cars), or re-submits a rejected ad after its posting\'s period, is posted anew there unless the ad already counts there within the period — a free ad, else a paid ad slot of that group is used automatically, else 402 AD_LIMIT_REACHED with `limit` and `packages` and nothing of the edit applied. The group it leaves keeps its count, as after a deletion. With the listings over several databases, an ad moved into a state of another group of states comes back under a new `id` and `slug` (its group\'s digit changes); the old id and slug keep answering (the API with the ad, the ad\'s page with a 301 to the new address).',
      data: ownListingSchema,
      auth: true,
      errors: [400, 401, 402, 403, 404, 409],
    }),
    requireAuth,
    validate('param', idParam),
    validate('json', updateListingBody),
    async (c) => {
      const before = await listingGroupPlace(c.env, c.req.valid('param').id);
      const data = await updateListing(c.env, getDb(c.env.DB), currentUser(c).id, c.req.valid('param').id, c.req.valid('json'), origin(c.req.url), (task) => afterAnswer(c, task));
      refreshPriceGuides(c, data.id, before);
      return c.json({ success: true as const, data });
    },
  )
  .delete(
    '/:id',
    docs({ tags: ['Selling'], summary: 'Delete an ad (owner only)', data: z.object({ deleted: z.boolean(), id: z.string() }), auth: true, errors: [401, 403, 404] }),
    requireAuth,
    validate('param', idParam),
    async (c) => {
      const before = await listingGroupPlace(c.env, c.req.valid('param').id);
      const data = await deleteListing(c.env, currentUser(c).id, c.req.valid('param').id);
      if (before) afterAnswer(c, refreshListingGuides(c.env, [before]).catch((e: unknown) => console.warn('price guide refresh failed', e)));
      return c.json({ success: true as const, data });
    },
  )
  .post(
    '/:id/status',
    docs({
      tags: ['Selling'],
      summary: 'Mark as sold, deactivate or reactivate (owner only)',
      description:
        'Allowed: APPROVED → SOLD | INACTIVE; INACTIVE → APPROVED | SOLD; SOLD → APPROVED. A REJECTED ad goes back to review by editing it. Others answer 409. Two changes racing: one applies, the other answers 409 STALE. Going live again (APPROVED) after the ad\'s posting is older than its group\'s free-ad period counts as posting it: a free ad, else a paid ad slot, else 402 AD_LIMIT_REACHED with `limit` and `packages`, and the status stays.',
      data: ownListingSchema,
      auth: true,
      errors: [400, 401, 402, 403, 404, 409],
    }),
    requireAuth,
    validate('param', idParam),
    validate('json', statusChangeBody),
    async (c) => {
      const data = await changeStatus(c.env, getDb(c.env.DB), currentUser(c).id, c.req.valid('param').id, c.req.valid('json').status, origin(c.req.url));
      refreshPriceGuides(c, data.id);
      return c.json({ success: true as const, data });
    },
  )
  .post(
    '/:id/renew',
    docs({
      tags: ['Selling'],
      summary: 'Renew an ad for free (owner only): a live ad in its last days, or an expired one',
      description: `An ad expires after its category's lifetime (decision 019: 30 days for most, longer for property, land, jobs, cars, commercial vehicles and services). The owner renews it for free: a live ad only in its last ${RENEW_WINDOW_DAYS} days (earlier: 409 RENEWAL_TOO_EARLY with \`expiresAt\` and \`renewableFrom\`), an expired ad at any time (it goes live again). The new expiry is a full lifetime after the later of now and the old expiry. A renewal is not a new posting: the free-ad limit is not counted again. Someone else's ad: 403; an ad that is not live or expired (held, rejected, sold, inactive): 409 NOT_RENEWABLE.`,
      data: ownListingSchema,
      auth: true,
      errors: [400, 401, 403, 404, 409],
    }),
    requireAuth,
    validate('param', idParam),
    async (c) => {
      const { id } = await renewListing(c.env, currentUser(c).id, c.req.valid('param').id);
      // an expired ad that goes live again rejoins its comparable ads' price range
      refreshPriceGuides(c, id);
      return c.json({ success: true as const, data: await getListing(c.env, getDb(c.env.DB), origin(c.req.url), id, currentUser(c).id) });
    },
  )
  .post(
    '/:id/favorite',
    docs({
      tags: ['Favourites'],
      summary: 'Favourite an ad: body {isFavorite} sets it (idempotent), an empty body toggles',
      data: z.object({ isFavorite: z.boolean(), listingId: z.string() }),
      auth: true,
      errors: [400, 401, 403, 404],
    }),
    requireAuth,
    validate('param', idParam),
    async (c) => {
      // the body is optional (an empty POST toggles), so it is read leniently and then validated
      const raw: unknown = await c.req.json().catch(() => ({}));
      const parsed = favoriteBody.safeParse(raw ?? {});
      if (!parsed.success) throw badRequest('isFavorite must be true or false');
      return c.json({ success: true as const, data: await setFavorite(c.env, currentUser(c).id, c.req.valid('param').id, parsed.data.isFavorite) });
    },
  );
