import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { AppError } from '../lib/errors';
import type { Listing, ListingsPage } from '../schemas/listings';
import { browseJsonLd, browseMarkup } from '../lib/browse-page';
import { homeMarkup } from '../lib/home-page';
import { listingMarkup } from '../lib/listing-page';
import { sellerJsonLd, sellerMarkup } from '../lib/seller-page';
import { sellerBootKeys } from '../lib/page-boot';
import { SELLER_SORTS, sellerIdFromSlug, type SellerSort } from '../schemas/seller-page-data';
import type { SellerProfile } from '../schemas/sellers';
import { getListing, getListingBySlug, listingWithRelated } from '../services/listings/listings';
import { resolveCategory } from '../services/listings/catalog';
import { isSharded, listingDatabases } from '../db/shards';
import { PAGE_SECURITY_HEADERS } from '../lib/page-headers';
import { cached } from '../lib/cache';
import { timed } from '../lib/server-timing';
import { directAnswer } from '../lib/page-data';
import { largeVariant } from '../schemas/media';
import { HOME_BOOT_KEYS, isBot, listingBootKey, productsBootKey, productsReferenceKeys } from '../lib/page-boot';
import { forgetWithIsolate } from '../lib/isolate-memos';

/**
 * The HTML of the busiest pages (home, products, listings): the SPA shell with the page's own
 * title, description, canonical URL, Open Graph / Twitter tags and JSON-LD for crawlers and link
 * previews, and for a guest the page's first API responses inlined plus preloads of its first
 * photos and route code (decision 004). Also sitemaps and robots.txt.
 */
const SITE = 'SEL - Your Trusted Marketplace';
const SITEMAP_CHUNK = 50_000;
const HOME_DESCRIPTION =
  "Buy and sell cars, mobiles, bikes, property, electronics, furniture and more near you on SEL, India's trusted online classifieds marketplace.";

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeXml = escapeAttr;

interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  type?: string;
  jsonLd?: unknown;
  noindex?: boolean;
  /** the page's largest image, fetched with the HTML instead of after the app has rendered (LCP) */
  preloadImage?: string;
  /** which page's route code to preload (keys of dist/client/route-preloads.json, see vite.config.ts) */
  page?: '/' | '/products' | '/item' | '/listing' | '/sellers';
  /** API requests the page starts with (worker/lib/page-boot.ts): answered here and inlined */
  boot?: string[];
  /** responses already at hand, inlined as they are */
  bootEntries?: Record<string, unknown>;
  /** the page's content as HTML (worker/lib/browse-page.ts), after the app shell's header bar in #root */
  rootHtml?: string;
}

/** Request headers the inlined API calls keep (the view counter and rate limits key on them). */
const FORWARDED = ['cf-connecting-ip', 'x-forwarded-for', 'user-agent', 'accept-language'];

/**
 * Answers the page's first API requests inside this request, through the API app itself (so the
 * data is exactly what the client would have fetched), for a guest: no credentials are forwarded.
 * Failures are left out; the client then fetches as usual.
 */
/** The whole app's fetch (worker/app.ts passes it in, so nothing here imports the app back). */
export type AppFetch = (request: Request, env: AppEnv['Bindings'], ctx: Context<AppEnv>['executionCtx']) => Response | Promise<Response>;

const bootData = async (c: Context<AppEnv>, appFetch: AppFetch, keys: string[]): Promise<Record<string, unknown>> => {
  const origin = new URL(c.req.url).origin;
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const entries = await Promise.all(
    keys.map(async (key) => {
      try {
        // the route's own service, called directly (worker/lib/page-data.ts); the app for any other key
        const direct = directAnswer(c, key, origin);
        if (direct) return [key, await direct] as const;
        const res = await appFetch(new Request(`${origin}/api${key}`, { headers }), c.env, c.executionCtx);
        const body = (await timed('boot', () => res.json())) as { success?: boolean; data?: unknown };
        return res.ok && body.success === true ? ([key, body.data] as const) : undefined;
      } catch (err) {
        // an answer the API gives as an error (a page past the last, an ad gone) is left out quietly
        if (!(err instanceof AppError && err.status < 500)) console.warn('page boot data failed', key, err);
        return undefined;
      }
    }),
  );
  return Object.fromEntries(entries.filter((e) => e !== undefined));
};

/** The first photos a listings page shows (its LCP candidates), from inlined search results. */
const firstThumbnails = (data: Record<string, unknown>, count: number) =>
  Object.values(data)
    .flatMap((value) => {
      const listings = (value as { listings?: { thumbnails?: string[]; images?: string[] }[] } | null)?.listings;
      return Array.isArray(listings) ? listings.slice(0, count).map((l) => l.thumbnails?.[0] ?? l.images?.[0]) : [];
    })
    .filter((url): url is string => typeof url === 'string')
    .slice(0, count);

type RoutePreloads = Record<string, { js: string[]; css: string[] } | undefined>;
let routePreloads: Promise<RoutePreloads> | undefined;
forgetWithIsolate(() => (routePreloads = undefined));

/** The build's list of route chunks per page, read once per isolate (absent in a build without it). */
const preloadsFor = async (c: Context<AppEnv>, page: string) => {
  routePreloads ??= (async () => {
    const res = await c.env.ASSETS!.fetch(new Request(new URL('/route-preloads.json', c.req.url)));
    if (!res.ok) throw new Error(`route-preloads.json: ${res.status}`);
    return (await res.json()) as RoutePreloads;
  })();
  try {
    return (await routePreloads)[page];
  } catch (err) {
    routePreloads = undefined; // try again next time; the page works without the hints
    console.warn('route preloads unavailable', err);
    return undefined;
  }
};

/**
 * The app shell cut once per isolate into the pieces a page fills in (decision 023): its title, the
 * head's end, the root element's content. The shell only changes with a deploy (a new isolate), so
 * reading it from the assets and running an HTML rewriter over it on every render was repeated
 * work; the cut is made by the same rewriter, once, with markers. Two variants: with the app's
 * code at low fetch priority (pages whose first screen is markup, decision 011) and as built.
 */
interface ShellTemplate {
  /** the shell split at the title, the head's end and the root's content */
  pieces: [string, string, string, string];
  headers: [string, string][];
}
const MARK = '\u0000sel-shell\u0000';
const shellTemplates = new WeakMap<Fetcher, Map<boolean, Promise<ShellTemplate>>>();

const shellTemplate = (c: Context<AppEnv>, codeLow: boolean): Promise<ShellTemplate> => {
  const assets = c.env.ASSETS;
  if (!assets) throw new AppError(503, 'NO_ASSETS', 'The web app is not available.');
  let variants = shellTemplates.get(assets);
  if (!variants) shellTemplates.set(assets, (variants = new Map()));
  let template = variants.get(codeLow);
  if (!template) {
    template = (async () => {
      const res = await assets.fetch(new Request(new URL('/index.html', c.req.url)));
      if (!res.ok) throw new Error(`index.html: ${res.status}`);
      const marked = await new HTMLRewriter()
        .on('title', { element: (el) => void el.setInnerContent(MARK, { html: true }) })
        .on('meta[name="description"]', { element: (el) => void el.remove() })
        .on('head', { element: (el) => void el.append(MARK, { html: true }) })
        .on('script[type="module"], link[rel="modulepreload"]', { element: (el) => void (codeLow && el.setAttribute('fetchpriority', 'low')) })
        .on('div#root', { element: (el) => void el.append(MARK, { html: true }) })
        .transform(res)
        .text();
      const parts = marked.split(MARK);
      if (parts.length !== 4) throw new Error('index.html: no title, head or #root to fill');
      return { pieces: parts as ShellTemplate['pieces'], headers: [...res.headers.entries()] };
    })();
    variants.set(codeLow, template);
    // a failed read is tried again by the next render
    template.catch(() => variants.delete(codeLow));
  }
  return template;
};

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SPA shell with head tags for this page. */
const render = async (c: Context<AppEnv>, appFetch: AppFetch, meta: PageMeta, status = 200) => {
  // wider screens than a phone's also need the desktop header's chunk before the first render,
  // phones on home the phone home's
  const phone = /Mobi/i.test(c.req.header('user-agent') ?? '');
  const wide = !phone && !isBot(c.req.header('user-agent'));
  const screenChunk = meta.page && wide ? 'desktop-header' : meta.page === '/' && phone ? 'mobile-home' : undefined;
  const [shell, pagePreloads, headerPreloads, fetched] = await Promise.all([
    timed('shell', () => shellTemplate(c, Boolean(meta.rootHtml))),
    meta.page ? timed('shell', () => preloadsFor(c, meta.page!)) : undefined,
    screenChunk ? timed('shell', () => preloadsFor(c, screenChunk)) : undefined,
    meta.boot?.length ? bootData(c, appFetch, meta.boot) : undefined,
  ]);
  const preloads = pagePreloads && headerPreloads ? { js: [...new Set([...pagePreloads.js, ...headerPreloads.js])], css: [...new Set([...pagePreloads.css, ...headerPreloads.css])] } : (pagePreloads ?? headerPreloads);
  const boot = meta.bootEntries ? { ...fetched, ...meta.bootEntries } : fetched;
  const images = [...(meta.preloadImage ? [meta.preloadImage] : []), ...(boot ? firstThumbnails(boot, 2) : [])];
  // With the first screen in the HTML, painting it needs only the page, the stylesheet and its
  // photos: the app's code (and the route's own styles, used once it runs) yields to them.
  const codePriority = meta.rootHtml ? ' fetchpriority="low"' : '';
  const tags = timed('markup', () => [
    `<link rel="canonical" href="${escapeAttr(meta.canonical)}">`,
    `<meta name="description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:site_name" content="SEL">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:url" content="${escapeAttr(meta.canonical)}">`,
    `<meta property="og:locale" content="en_IN">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeAttr(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeAttr(meta.description)}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeAttr(meta.image)}">`, `<meta name="twitter:image" content="${escapeAttr(meta.image)}">`] : []),
    ...(meta.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...images.map((href) => `<link rel="preload" as="image" href="${escapeAttr(href)}" fetchpriority="high">`),
    ...(preloads?.js ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}"${codePriority}>`),
    ...(preloads?.css ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttr(href)}"${codePriority}>`),
    // JSON inside <script>: "</" is escaped so data can never close the tag
    ...(meta.jsonLd ? [`<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c')}</script>`] : []),
    ...(boot && Object.keys(boot).length ? [`<script id="sel-boot" type="application/json">${timed('boot', () => JSON.stringify(boot).replace(/</g, '\\u003c'))}</script>`] : []),
  ].join(''));
  const [beforeTitle, beforeHeadEnd, beforeRootEnd, rest] = shell.pieces;
  // (the title as text, as the rewriter's setInnerContent wrote it)
  const html = beforeTitle + escapeText(meta.title) + beforeHeadEnd + tags + beforeRootEnd + (meta.rootHtml ?? '') + rest;
  const headers = new Headers(shell.headers);
  headers.delete('content-length');
  headers.delete('etag');
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('cache-control', 'public, max-age=60');
  for (const [k, v] of Object.entries(PAGE_SECURITY_HEADERS)) headers.set(k, v);
  return new Response(html, { status, headers });
};

const describe = (l: Listing) => {
  const price = `${l.currency === 'INR' ? '₹' : `${l.currency} `}${l.price.toLocaleString('en-IN')}`;
  const text = l.description.replace(/\s+/g, ' ').trim();
  return `${price} · ${l.location}. ${text}`.slice(0, 300);
};

/** A listing page's second inlined read: the related ads, as many as the page shows. */
const RELATED_ON_PAGE = 4;
const relatedKey = (id: string) => `/listings/${encodeURIComponent(id)}/related?limit=${RELATED_ON_PAGE}`;

/**
 * A guest's listing page, its reads in one round trip: the ad and the related ads of the id in the
 * URL (the id after `iid-` in a slug, or the path's own) in one batch (decision 023's addendum).
 * Undefined when that does not find the ad as a guest sees it (a changed slug, the archive, a
 * missing or hidden ad): the caller takes the usual path. Crawlers get no inlined data, so nothing
 * is asked for them beyond the ad.
 */
const guestListingPage = async (c: Context<AppEnv>, appFetch: AppFetch, by: 'slug' | 'id', value: string, id: string | undefined, bootKey: string) => {
  if (!id || isBot(c.req.header('user-agent'))) return undefined;
  const found = await listingWithRelated(c.env, getDb(c.env.DB), new URL(c.req.url).origin, by, value, id, RELATED_ON_PAGE);
  if (!found) return undefined;
  // the related ads are the page's when the ad found is the URL's (a slug can name another ad)
  const related = found.related && found.listing.id === id.toLowerCase() ? { [relatedKey(found.listing.id)]: found.related } : {};
  return listingPage(c, appFetch, found.listing, bootKey, Promise.resolve(related));
};

const listingPage = async (c: Context<AppEnv>, appFetch: AppFetch, l: Listing, bootKey: string, early?: Promise<Record<string, unknown>>) => {
  const origin = new URL(c.req.url).origin;
  const canonical = `${origin}/item/${l.slug}`;
  const availability = l.status === 'SOLD' ? 'https://schema.org/SoldOut' : l.status === 'EXPIRED' ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock';
  // the inlined listing is a guest's copy; the page reports the view (POST /listings/{id}/views)
  const guestVisit = !isBot(c.req.header('user-agent'));
  const related = relatedKey(l.id);
  const prefetched = early ? await early : {};
  const haveRelated = related in prefetched;
  return render(c, appFetch, {
    title: `${l.title} - ${l.city ?? l.state ?? 'India'} | SEL`,
    description: describe(l),
    canonical,
    image: l.images[0],
    preloadImage: l.images[0] ? largeVariant(l.images[0]) : undefined,
    page: new URL(c.req.url).pathname.startsWith('/listing/') ? '/listing' : '/item',
    ...(guestVisit ? { bootEntries: { [bootKey]: { ...l, isFavorite: false }, ...(haveRelated ? { [related]: prefetched[related] } : {}) }, boot: haveRelated ? [] : [related] } : {}),
    type: 'product',
    // An expired ad answers 200 with noindex, not 410 (decision 019): it may be renewed at the same
    // URL, the page still serves people (similar live ads), its links are followed, and only 200s
    // enter the guest edge cache, so crawlers re-reading it cost no database work.
    ...(l.status === 'EXPIRED' ? { noindex: true } : {}),
    // the first screen as markup, for everyone: crawlers read it, phones paint it before the app runs
    rootHtml: timed('markup', () => listingMarkup({ listing: l, pageUrl: canonical })),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: l.title,
      description: l.description.slice(0, 5000),
      image: l.images,
      sku: l.id,
      category: [l.category.name, l.subcategory?.name].filter(Boolean).join(' > '),
      ...(typeof l.features.brand === 'string' ? { brand: { '@type': 'Brand', name: l.features.brand } } : {}),
      itemCondition: l.condition === 'NEW' ? 'https://schema.org/NewCondition' : l.condition === 'REFURBISHED' ? 'https://schema.org/RefurbishedCondition' : 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: l.price.toFixed(2),
        priceCurrency: l.currency,
        availability,
        areaServed: l.location,
        seller: { '@type': l.user.businessName ? 'Organization' : 'Person', name: l.user.businessName ?? `${l.user.firstName} ${l.user.lastName}`.trim() },
      },
    },
  });
};

/**
 * An ad moved into another group of states has a new id (decision 033): its old address answers with
 * a permanent redirect to the new one, so links and search engines follow it.
 */
const movedAway = (listing: Listing, urlId: string) => listing.id !== urlId.toLowerCase();

/** A missing ad is 404; an archived one (decision 021) is 410, which tells crawlers it is gone for good. */
const notFoundPage = (c: Context<AppEnv>, appFetch: AppFetch, status: 404 | 410 = 404) =>
  render(c, appFetch, { title: `Listing not found | ${SITE}`, description: "The listing you're looking for doesn't exist or has been removed.", canonical: new URL('/', c.req.url).href, noindex: true }, status);

/** The page routes; `appFetch` answers the pages' inlined API requests through the whole app. */
export const seoRoutes = (appFetch: AppFetch) =>
  new Hono<AppEnv>()
  .get('/', async (c) => {
    const userAgent = c.req.header('user-agent');
    // phones get MobileHome's first page, larger screens the desktop grid: as data for a guest's
    // app, as markup for everyone
    const layout = /Mobi/i.test(userAgent ?? '') ? 'phone' : 'wide';
    const key = layout === 'phone' ? HOME_BOOT_KEYS.mobile : HOME_BOOT_KEYS.desktop;
    const data = await bootData(c, appFetch, [key]);
    const results = data[key] as ListingsPage | undefined;
    return render(c, appFetch, {
      title: SITE,
      description: HOME_DESCRIPTION,
      canonical: `${new URL(c.req.url).origin}/`,
      page: '/',
      ...(isBot(userAgent) ? {} : { bootEntries: data }),
      ...(results ? { rootHtml: timed('markup', () => homeMarkup({ origin: new URL(c.req.url).origin, layout, results })) } : {}),
    });
  })
  .get('/item/:slug', async (c) => {
    try {
      const slug = c.req.param('slug').slice(0, 400);
      const marker = slug.toLowerCase().lastIndexOf('iid-');
      const page = await guestListingPage(c, appFetch, 'slug', slug, marker >= 0 ? slug.slice(marker + 4) : undefined, listingBootKey(slug));
      if (page) return page;
      const listing = await getListingBySlug(c.env, getDb(c.env.DB), new URL(c.req.url).origin, slug);
      if (marker >= 0 && movedAway(listing, slug.slice(marker + 4))) return c.redirect(`/item/${listing.slug}`, 301);
      return await listingPage(c, appFetch, listing, listingBootKey(slug));
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 410)) return notFoundPage(c, appFetch, err.status);
      throw err;
    }
  })
  .get('/listing/:id', async (c) => {
    try {
      const id = c.req.param('id').slice(0, 64);
      const bootKey = `/listings/${encodeURIComponent(id)}`;
      const page = await guestListingPage(c, appFetch, 'id', id, id, bootKey);
      if (page) return page;
      const listing = await getListing(c.env, getDb(c.env.DB), new URL(c.req.url).origin, id);
      if (movedAway(listing, id)) return c.redirect(`/item/${listing.slug}`, 301);
      return await listingPage(c, appFetch, listing, bootKey);
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 410)) return notFoundPage(c, appFetch, err.status);
      throw err;
    }
  })
  .get('/sellers/:slug', async (c) => {
    // a seller's page (decision 026): the profile and the first page of their ads, as markup for
    // everyone and inlined for a guest's app; gone (410) for a banned or deleted seller
    const url = new URL(c.req.url);
    const id = sellerIdFromSlug(c.req.param('slug').slice(0, 200));
    const sortParam = url.searchParams.get('order') ?? 'newest';
    const sort: SellerSort = (SELLER_SORTS as readonly string[]).includes(sortParam) ? (sortParam as SellerSort) : 'newest';
    const pageParam = Number(url.searchParams.get('page') ?? '1');
    const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 1000 ? pageParam : 1;
    const keys = sellerBootKeys(id, sort, page);
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const profileRes = await appFetch(new Request(`${url.origin}/api${keys.profile}`, { headers }), c.env, c.executionCtx);
    if (!profileRes.ok) {
      const gone = profileRes.status === 410;
      return render(
        c,
        appFetch,
        { title: `Seller not found | ${SITE}`, description: gone ? 'This seller is no longer on SEL.' : 'This seller does not exist.', canonical: `${url.origin}/`, noindex: true },
        gone ? 410 : 404,
      );
    }
    const seller = ((await profileRes.json()) as { data: SellerProfile }).data;
    const data = await bootData(c, appFetch, [keys.listings]);
    const results = data[keys.listings] as ListingsPage | undefined;
    const canonicalParams = new URLSearchParams();
    if (sort !== 'newest') canonicalParams.set('order', sort);
    if (page > 1) canonicalParams.set('page', String(page));
    const canonical = `${url.origin}${seller.path}${canonicalParams.size ? `?${canonicalParams}` : ''}`;
    return render(c, appFetch, {
      title: `${seller.name} - ads on SEL | ${SITE}`,
      description: `${seller.name} on SEL: ${seller.liveAds.toLocaleString('en-IN')} live ${seller.liveAds === 1 ? 'ad' : 'ads'}, member since ${new Date(seller.memberSince).getUTCFullYear()}.`,
      canonical,
      type: 'profile',
      page: '/sellers',
      ...(isBot(c.req.header('user-agent')) ? {} : { bootEntries: { [keys.profile]: seller, ...data } }),
      rootHtml: sellerMarkup({ origin: url.origin, seller, results, sort }),
      jsonLd: sellerJsonLd({ origin: url.origin, seller, results }),
    });
  })
  .get('/products', async (c) => {
    // one canonical page per category/subcategory/location: sorting, paging and search are variants
    const url = new URL(c.req.url);
    const category = url.searchParams.get('category') ?? undefined;
    const subcategory = url.searchParams.get('subcategory') ?? undefined;
    const location = url.searchParams.get('location') ?? undefined;
    const resolved = category || subcategory ? await resolveCategory(getDb(c.env.DB), category?.slice(0, 100), subcategory?.slice(0, 100)) : undefined;
    const label = resolved?.subcategory?.name ?? resolved?.category?.name;
    const canonicalParams = new URLSearchParams();
    if (resolved?.category) canonicalParams.set('category', resolved.category.name);
    if (resolved?.subcategory) canonicalParams.set('subcategory', resolved.subcategory.name);
    if (location && !/^(all in )?india$/i.test(location.trim())) canonicalParams.set('location', location.trim().slice(0, 100));
    const where = canonicalParams.get('location') ? ` in ${canonicalParams.get('location')}` : ' in India';
    const query = canonicalParams.toString();
    // the first page of results, as the app asks for it: rendered as markup for everyone (crawlers
    // and phones without the app yet), inlined as data for a guest's app to take over with
    const listKey = productsBootKey(url.searchParams);
    const guest = !isBot(c.req.header('user-agent'));
    const keys = [listKey, ...(guest ? productsReferenceKeys(url.searchParams) : [])].filter((k): k is string => k !== undefined);
    const data = keys.length ? await bootData(c, appFetch, keys) : {};
    const results = listKey ? (data[listKey] as ListingsPage | undefined) : undefined;
    const q = url.searchParams.get('q')?.trim().slice(0, 100) || undefined;
    const subject = { q, category: resolved?.category?.name ?? category?.slice(0, 100), subcategory: resolved?.subcategory?.name ?? subcategory?.slice(0, 100), location: canonicalParams.get('location') ?? undefined };
    const popular = guest ? (Object.entries(data).find(([k]) => k.startsWith('/popular-searches'))?.[1] as { term: string }[] | undefined) : undefined;
    return render(c, appFetch, {
      title: label ? `${label}${where} - Buy & Sell Online | SEL` : `Buy & Sell Online${where} | SEL`,
      description: `Find ${label ? label.toLowerCase() : 'cars, phones, flats, furniture and jobs'}${where} on SEL. Browse local ads with photos, prices and verified sellers, and chat safely.`,
      canonical: `${url.origin}/products${query ? `?${query}` : ''}`,
      // a text search result page is thin: keep it out of the index, follow the links
      noindex: url.searchParams.has('q'),
      page: '/products',
      ...(guest ? { bootEntries: data } : {}),
      ...(results
        ? {
            rootHtml: timed('markup', () => browseMarkup({ origin: url.origin, subject, search: url.searchParams, results, popular: Array.isArray(popular) ? popular : undefined })),
            jsonLd: timed('markup', () => browseJsonLd({ origin: url.origin, subject, results })),
          }
        : {}),
    });
  })
  .get('/robots.txt', (c) => {
    const origin = new URL(c.req.url).origin;
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /parties/',
      'Disallow: /chat',
      'Disallow: /en-in/myads',
      'Disallow: /en-in/settings/',
      'Disallow: /settings',
      'Disallow: /wishlist',
      'Disallow: /auth/',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return c.text(body, 200, { 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' });
  })
  .get('/sitemap.xml', async (c) => {
    const origin = new URL(c.req.url).origin;
    const entries = [`<sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap>`];
    const chunksOf = (max: number | null | undefined) => Math.max(1, Math.ceil(((max ?? 0) + 1) / SITEMAP_CHUNK));
    if (!isSharded(c.env)) {
      const max = (await c.env.DB.prepare('SELECT max(num) AS n FROM listings').first<{ n: number | null }>())?.n ?? 0;
      for (let i = 0; i < chunksOf(max); i++) entries.push(`<sitemap><loc>${origin}/sitemaps/listings-${i}.xml</loc></sitemap>`);
    } else {
      // several listings databases (decision 033): each pages its own row numbers, asked side by side,
      // so a file's contents stay put as other databases grow
      const maxes = await Promise.all(listingDatabases(c.env).map((db) => db.prepare('SELECT max(num) AS n FROM listings').first<{ n: number | null }>()));
      maxes.forEach((m, d) => {
        for (let i = 0; i < chunksOf(m?.n); i++) entries.push(`<sitemap><loc>${origin}/sitemaps/listings-${d}-${i}.xml</loc></sitemap>`);
      });
    }
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
  })
  .get('/sitemaps/pages.xml', async (c) => {
    const origin = new URL(c.req.url).origin;
    const { results } = await c.env.DB.prepare('SELECT name FROM categories ORDER BY parent_id IS NOT NULL, position').all<{ name: string }>();
    // "used cars in Pune": every category-in-city page that has live ads (one covering-index scan, kept in KV for an hour)
    const cityPages = await cached(c.env, 'sitemap:category-in-city', 3600, async () => {
      const sql = (extra: string) =>
        `SELECT cat.name AS category, city.name AS city${extra} FROM (SELECT DISTINCT city_id, category_id FROM listings WHERE status = 'APPROVED' AND city_id IS NOT NULL) l
         JOIN categories cat ON cat.id = l.category_id JOIN locations city ON city.id = l.city_id ORDER BY cat.position, city.name`;
      if (!isSharded(c.env)) return (await c.env.DB.prepare(sql('')).all<{ category: string; city: string }>()).results;
      // every listings database side by side (each carries the reference tables), merged in the same order
      const each = await Promise.all(listingDatabases(c.env).map((db) => db.prepare(sql(', cat.position AS position')).all<{ category: string; city: string; position: number }>()));
      const pages = new Map(each.flatMap((r) => r.results).map((r) => [`${r.category}|${r.city}`, r]));
      return [...pages.values()]
        .sort((a, b) => a.position - b.position || (a.city < b.city ? -1 : a.city > b.city ? 1 : 0))
        .map(({ category, city }) => ({ category, city }));
    });
    const urls = [
      `${origin}/`,
      `${origin}/products`,
      ...results.map((r) => `${origin}/products?category=${encodeURIComponent(r.name)}`),
      ...cityPages.map((r) => `${origin}/products?${new URLSearchParams({ category: r.category, location: r.city }).toString()}`),
      `${origin}/hc/en-us`,
    ];
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${escapeXml(u)}</loc></url>`).join('')}</urlset>\n`,
      200,
      { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
    );
  })
  .get('/sitemaps/:file{listings-[0-9]+(?:-[0-9]+)?\\.xml}', async (c) => {
    const origin = new URL(c.req.url).origin;
    // listings-{chunk}.xml with one listings database; listings-{database}-{chunk}.xml with several (decision 033)
    const [first, second] = c.req.param('file').replace(/^listings-|\.xml$/g, '').split('-').map(Number);
    const databases = listingDatabases(c.env);
    const sharded = databases.length > 1;
    const chunk = (sharded ? second : first) ?? -1;
    const db = sharded ? databases[first!] : second === undefined ? c.env.DB : undefined;
    if (!db || chunk < 0) return c.notFound();
    // a rowid range: an index seek whatever the table size
    const { results } = await db.prepare(`SELECT slug, updated_at FROM listings WHERE num >= ? AND num < ? AND status = 'APPROVED' ORDER BY num`)
      .bind(chunk * SITEMAP_CHUNK, (chunk + 1) * SITEMAP_CHUNK)
      .all<{ slug: string; updated_at: number }>();
    const body = results.map((r) => `<url><loc>${escapeXml(`${origin}/item/${r.slug}`)}</loc><lastmod>${new Date(r.updated_at).toISOString().slice(0, 10)}</lastmod></url>`).join('');
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>\n`, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
  });
