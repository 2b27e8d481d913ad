import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { app } from '../../worker/app';
import { createListing, createUser, listingDb, sitemapOf, userRowsDb } from '../factories';
import { flushViews } from '../support/view-counter';
import { invalidateListingCaches } from '../../worker/lib/cache';

const SHELL = '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>SEL - Your Trusted Marketplace</title><meta name="description" content="default"></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const PRELOADS = { 'desktop-header': { js: ['/assets/DesktopHeader.js'], css: [] }, 'mobile-home': { js: ['/assets/MobileHome.js'], css: [] }, '/': { js: ['/assets/home.js'], css: [] }, '/products': { js: ['/assets/products.js'], css: [] }, '/item': { js: ['/assets/detail.js'], css: ['/assets/detail.css'] } };
const withShell = {
  ...env,
  ASSETS: {
    fetch: async (req: Request) =>
      new URL(req.url).pathname === '/route-preloads.json' ? Response.json(PRELOADS) : new Response(SHELL, { headers: { 'content-type': 'text/html' } }),
  } as unknown as Fetcher,
};
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36';
const get = async (path: string, headers: Record<string, string> = {}) => {
  const ctx = createExecutionContext();
  const res = await app.request(`https://sel.example${path}`, { headers: { 'user-agent': PHONE, ...headers } }, withShell, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, text, headers: res.headers };
};
/** The page's inlined API responses (<script id="sel-boot">). */
const bootOf = (html: string) => {
  const m = html.match(/<script id="sel-boot" type="application\/json">(.*?)<\/script>/s);
  return m ? (JSON.parse(m[1]!) as Record<string, any>) : undefined;
};
const api = async (path: string) => {
  const res = await app.request(`https://sel.example/api${path}`, {}, withShell, createExecutionContext());
  return (await res.json()) as { data: any };
};

describe('listing pages for crawlers and link previews', () => {
  it('carries title, description, canonical, Open Graph and JSON-LD Product/Offer without JavaScript', async () => {
    const seller = await createUser({ businessName: 'Sharma Motors' });
    const ad = await createListing(seller, { title: 'Toyota Innova Crysta 2019 <b>7 seater</b>', price: 1_650_000, features: { brand: 'Toyota' }, images: ['seed/vehicles-cars/1.jpg'] });
    const { status, text, headers } = await get(`/item/${ad.slug}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(text).toContain('<title>Toyota Innova Crysta 2019 &lt;b&gt;7 seater&lt;/b&gt; - Bengaluru | SEL</title>');
    expect(text).toContain(`<link rel="canonical" href="https://sel.example/item/${ad.slug}">`);
    expect(text).toContain('<meta property="og:image" content="https://sel.example/api/media/seed/vehicles-cars/1.jpg">');
    // the carousel photo is fetched with the HTML, in the size the page shows (LCP)
    expect(text).toContain('<link rel="preload" as="image" href="https://sel.example/api/media/seed/vehicles-cars/1.jpg?w=800" fetchpriority="high">');
    expect(text).toMatch(/<meta name="description" content="₹16,50,000 · Bengaluru, Karnataka\. /);
    expect(text.match(/<meta name="description"/g)).toHaveLength(1);
    // the app still boots; with the first screen in the HTML, its code yields to the page's photos
    expect(text).toContain('<script type="module" src="/assets/index.js" fetchpriority="low"></script>');
    const ld = JSON.parse(text.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Toyota Innova Crysta 2019 <b>7 seater</b>',
      brand: { name: 'Toyota' },
      offers: { '@type': 'Offer', price: '1650000.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock', seller: { name: 'Sharma Motors' } },
    });
    expect(text).not.toContain('<b>7 seater</b></script>');
  });

  it('marks sold ads as sold out, answers 404 (noindex) for missing ones, and serves /listing/{id} too', async () => {
    const seller = await createUser();
    const sold = await createListing(seller, { status: 'SOLD' });
    expect((await get(`/item/${sold.slug}`)).text).toContain('"availability":"https://schema.org/SoldOut"');
    const missing = await get('/item/nothing-here-iid-nope');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<meta name="robots" content="noindex">');
    const byId = await get(`/listing/${sold.id}`);
    expect(byId.text).toContain(`<link rel="canonical" href="https://sel.example/item/${sold.slug}">`);
  });

  it('category pages get real titles and one canonical URL whatever the sort or page', async () => {
    const a = await get('/products?category=Cars&sort=price-asc&page=3');
    expect(a.text).toContain('<title>Cars in India - Buy &amp; Sell Online | SEL</title>');
    expect(a.text).toContain('<link rel="canonical" href="https://sel.example/products?category=Vehicles&amp;subcategory=Cars">');
    const b = await get('/products?category=vehicles&subcategory=vehicles-cars');
    expect(b.text).toContain('<link rel="canonical" href="https://sel.example/products?category=Vehicles&amp;subcategory=Cars">');
    expect((await get('/products?q=honda')).text).toContain('<meta name="robots" content="noindex">');
  });
});

describe('pages carry their first data for a guest', () => {
  it('/products inlines the exact listing search the page makes, its reference data, and preloads', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Boot data Swift', images: ['seed/vehicles-cars/1.jpg'], createdAt: Date.now() + 60_000 });
    const { status, text } = await get('/products?category=Vehicles');
    expect(status).toBe(200);
    const boot = bootOf(text)!;
    const key = '/listings?category=Vehicles&page=1&limit=20';
    expect(Object.keys(boot).sort()).toEqual(['/banner-ads', '/categories', key, '/popular-searches?category=Vehicles'].sort());
    // every inlined answer is the API's own, key by key (the page computes them with the routes' services)
    for (const inlined of Object.keys(boot)) expect(boot[inlined], inlined).toEqual((await api(inlined)).data);
    expect(boot[key].listings[0].title).toBe('Boot data Swift');
    expect(text).toContain('<link rel="preload" as="image" href="https://sel.example/api/media/seed/vehicles-cars/1.jpg?w=320" fetchpriority="high">');
    expect(text).toContain('<link rel="modulepreload" crossorigin href="/assets/products.js" fetchpriority="low">');
    // "</script>" inside data can never close the tag
    expect(text.match(/<\/script>/g)!.length).toBe(text.match(/<script/g)!.length);
  });

  it('home picks the phone or the desktop list; crawlers get the head only', async () => {
    expect(Object.keys(bootOf((await get('/')).text)!)).toEqual(['/listings?limit=6&featuredFirst=true&sortBy=createdAt&sortOrder=desc&page=1']);
    const desktop = await get('/', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36' });
    expect(Object.keys(bootOf(desktop.text)!)).toEqual(['/listings?limit=12&sortBy=createdAt&sortOrder=desc']);
    expect(desktop.text).toContain('<link rel="canonical" href="https://sel.example/">');
    expect(desktop.text).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js" fetchpriority="low">');
    // the desktop header is a chunk of its own: preloaded for wide screens, never for phones (the home page's JavaScript budget, decision 011)
    expect(desktop.text).toContain('<link rel="modulepreload" crossorigin href="/assets/DesktopHeader.js" fetchpriority="low">');
    expect((await get('/')).text).not.toContain('DesktopHeader.js');
    // phones get the phone home's chunk (the home route loads it before the first render), on home only
    expect((await get('/')).text).toContain('<link rel="modulepreload" crossorigin href="/assets/MobileHome.js" fetchpriority="low">');
    expect(desktop.text).not.toContain('MobileHome.js');
    expect((await get('/products')).text).not.toContain('MobileHome.js');
    // a page the worker could not render as markup keeps its code at the browser's usual priority
    expect((await get('/products?page=abc')).text).toContain('<script type="module" src="/assets/index.js"></script>');
    const bot = await get('/products?category=Vehicles', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(bot.status).toBe(200);
    expect(bootOf(bot.text)).toBeUndefined();
  });

  it('a listing page inlines the listing as a guest sees it; the page reports the view once', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { title: 'Boot data Activa', images: ['seed/vehicles-scooters/1.jpg'] });
    const views = async () => (await listingDb(ad.id).prepare('SELECT views FROM listings WHERE id = ?').bind(ad.id).first<{ views: number }>())!.views;
    const before = await views();
    const { text } = await get(`/item/${ad.slug}`, { 'cf-connecting-ip': '203.0.113.9' });
    const boot = bootOf(text)!;
    expect(boot[`/listings/slug/${encodeURIComponent(ad.slug)}`]).toMatchObject({ id: ad.id, title: 'Boot data Activa', isFavorite: false });
    expect(boot[`/listings/${ad.id}/related?limit=4`]).toEqual((await api(`/listings/${ad.id}/related?limit=4`)).data);
    expect(text).toContain('<link rel="preload" as="style" crossorigin href="/assets/detail.css" fetchpriority="low">');
    // rendering counts nothing (crawlers render pages too); the page's report does, once a day
    expect(await views()).toBe(before);
    const report = async (ip: string) => {
      const res = await app.request(`https://sel.example/api/listings/${ad.id}/views`, { method: 'POST', headers: { 'cf-connecting-ip': ip } }, withShell, createExecutionContext());
      return { status: res.status, body: (await res.json()) as any };
    };
    expect(await report('203.0.113.9')).toEqual({ status: 200, body: { success: true, data: { counted: true } } });
    expect(await report('203.0.113.9')).toEqual({ status: 200, body: { success: true, data: { counted: false } } });
    expect(await report('198.51.100.7')).toMatchObject({ body: { data: { counted: true } } });
    // the view counter writes D1 in batches every few seconds (decision 020): now, for the test
    await flushViews();
    expect(await views()).toBe(before + 2);
    // hidden or unknown listings: 404, nothing written
    const hidden = await createListing(seller, { title: 'Boot data hidden', status: 'INACTIVE' });
    for (const id of [hidden.id, '01jxxxxxxxxxxxxxxxxxxxxxxx']) {
      const res = await app.request(`https://sel.example/api/listings/${id}/views`, { method: 'POST' }, withShell, createExecutionContext());
      expect(res.status, id).toBe(404);
    }
    await flushViews();
    expect(await listingDb(hidden.id).prepare('SELECT count(*) AS n FROM listing_daily_stats WHERE listing_id = ?').bind(hidden.id).first('n')).toBe(0);
  });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt points at the sitemap and keeps private pages out', async () => {
    const { status, text } = await get('/robots.txt');
    expect(status).toBe(200);
    expect(text).toContain('Sitemap: https://sel.example/sitemap.xml');
    expect(text).toContain('Disallow: /api/');
  });

  it('the sitemap lists live ads only', async () => {
    const seller = await createUser();
    const live = await createListing(seller, { title: 'Live ad for sitemap' });
    const hidden = await createListing(seller, { title: 'Hidden ad', status: 'INACTIVE' });
    const index = await get('/sitemap.xml');
    expect(index.text).toContain(`<sitemap><loc>https://sel.example${sitemapOf(live.id)}</loc></sitemap>`);
    const chunk = await get(sitemapOf(live.id));
    expect(chunk.headers.get('content-type')).toContain('application/xml');
    expect(chunk.text).toContain(`https://sel.example/item/${live.slug}`);
    expect(chunk.text).not.toContain(hidden.slug);
    expect((await get('/sitemaps/pages.xml')).text).toContain('https://sel.example/products?category=Vehicles');
  });
});

/** The JSON-LD blocks of a page. */
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((m) => JSON.parse(m[1]!) as any[]);
/** The markup rendered inside #root (after the shell's header bar). */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</main>') + 7);
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('browse pages carry their results as HTML', () => {
  it('a category-in-city page renders the same first page the API returns: cards, count, breadcrumbs, canonical, ItemList', async () => {
    const seller = await createUser();
    const now = Date.now();
    for (let i = 0; i < 3; i++) await createListing(seller, { title: `Pune Swift ${i}`, city: 'Pune', price: 300_000 + i * 1000, images: [`seed/vehicles-cars/${i + 1}.jpg`], createdAt: now + 120_000 + i });
    await createListing(seller, { title: 'Bengaluru Swift elsewhere', city: 'Bengaluru', createdAt: now + 130_000 });
    const { status, text } = await get('/products?category=Vehicles&location=Pune', { 'user-agent': BOT });
    expect(status).toBe(200);
    const fromApi = (await api('/listings?category=Vehicles&location=Pune&page=1&limit=20')).data;
    const root = rootOf(text);
    // every ad the API returns, in the same order, as a card with title, price, place, photo and link
    const titles = [...root.matchAll(/<h3 class="listing-card__title">(.*?)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(fromApi.listings.map((l: any) => l.title));
    expect(titles).toContain('Pune Swift 2');
    expect(titles).not.toContain('Bengaluru Swift elsewhere');
    const first = fromApi.listings[0];
    expect(root).toContain(`<a href="https://sel.example/item/${first.slug}" class="listing-card__link">`);
    expect(root).toContain(`<img src="${first.thumbnails[0]}" alt="${first.title}" width="400" height="300" loading="eager"`);
    expect(root).toContain(`<p class="listing-card__price">₹ ${first.price.toLocaleString('en-IN')}</p>`);
    expect(root).toContain(`<span class="listing-card__location">${first.location}</span>`);
    expect(root).toContain(`<h1 class="page-title">Vehicles in Pune</h1>`);
    expect(root).toContain(`<p class="muted products-head__count">${fromApi.pagination.total} ads</p>`);
    expect(root).toContain('<li><a href="/products?category=Vehicles">Vehicles</a></li>');
    expect(root).toContain('<li><span aria-current="page">Items in Pune</span></li>');
    expect(text).toContain('<link rel="canonical" href="https://sel.example/products?category=Vehicles&amp;location=Pune">');
    expect(text).toContain('<title>Vehicles in Pune - Buy &amp; Sell Online | SEL</title>');
    const ld = jsonLdOf(text);
    const list = ld.find((x) => x['@type'] === 'ItemList');
    expect(list.itemListElement.map((e: any) => e.url)).toEqual(fromApi.listings.map((l: any) => `https://sel.example/item/${l.slug}`));
    expect(list.itemListElement[0]).toMatchObject({ '@type': 'ListItem', position: 1, name: first.title });
    expect(ld.find((x) => x['@type'] === 'BreadcrumbList').itemListElement.map((e: any) => e.name)).toEqual(['Home', 'Vehicles', 'Items in Pune']);
    // the crawler gets markup, not the app's inlined data
    expect(bootOf(text)).toBeUndefined();
  });

  it('pagination is links that keep the filters; page 2 shows the API page 2', async () => {
    const seller = await createUser();
    const now = Date.now();
    for (let i = 0; i < 23; i++) await createListing(seller, { title: `Paged Mysuru bike ${i}`, city: 'Mysuru', price: 50_000 + i, createdAt: now + 200_000 + i });
    const one = rootOf((await get('/products?location=Mysuru&sort=price-asc')).text);
    expect(one).toContain('<nav class="pagination" aria-label="Pagination">');
    expect(one).toContain('<a href="/products?location=Mysuru&amp;sort=price-asc&amp;page=2" class="pagination__step" aria-label="Next page">Next ›</a>');
    const two = await get('/products?location=Mysuru&sort=price-asc&page=2');
    const fromApi = (await api('/listings?location=Mysuru&page=2&limit=20&sortBy=price&sortOrder=asc')).data;
    const titles = [...rootOf(two.text).matchAll(/<h3 class="listing-card__title">(.*?)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(fromApi.listings.map((l: any) => l.title));
    expect(titles.length).toBeGreaterThan(0);
    expect(rootOf(two.text)).toContain('<a href="/products?location=Mysuru&amp;sort=price-asc" class="pagination__page" aria-label="Page 1">1</a>');
    expect(jsonLdOf(two.text).find((x) => x['@type'] === 'ItemList').itemListElement[0].position).toBe(21);
  });

  it('hostile titles, places and search words are escaped everywhere: markup, JSON-LD, inlined data', async () => {
    const seller = await createUser();
    const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>'&`;
    await createListing(seller, { title: `Evil ${evil}`, city: 'Pune', createdAt: Date.now() + 300_000 });
    for (const path of [`/products?q=${encodeURIComponent('evil')}`, `/products?category=${encodeURIComponent(evil)}&location=${encodeURIComponent(evil)}`, '/products?location=Pune']) {
      const { status, text } = await get(path);
      expect(status, path).toBe(200);
      // only the page's own scripts: the shell's module, JSON-LD and the inlined data
      expect(text.match(/<script/g)!.length, path).toBe(text.match(/<\/script>/g)!.length);
      expect(text, path).not.toContain('<script>alert');
      expect(text, path).not.toContain('<img src=x');
    }
    const { text } = await get('/products?location=Pune');
    expect(rootOf(text)).toContain('Evil &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&#x27;&amp;');
    expect(jsonLdOf(text).find((x) => x['@type'] === 'ItemList').itemListElement.some((e: any) => e.name === `Evil ${evil}`)).toBe(true);
    const heading = rootOf((await get(`/products?q=${encodeURIComponent('<b>x</b>')}`)).text);
    expect(heading).toContain('<h1 class="page-title">&quot;&lt;b&gt;x&lt;/b&gt;&quot; in India</h1>');
  });

  it('no results: the empty state, not an error; odd URLs still get the shell', async () => {
    const { status, text } = await get('/products?q=zzqqxxnothingmatches');
    expect(status).toBe(200);
    expect(rootOf(text)).toContain('No products found');
    const odd = await get('/products?page=abc');
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('<div id="root"></div>');
  });

  it('the sitemap lists category-in-city pages that have ads, and only those', async () => {
    const seller = await createUser();
    await createListing(seller, { title: 'Sitemap Pune car', city: 'Pune' });
    await createListing(seller, { title: 'Sitemap hidden Nagpur', city: 'Nagpur', status: 'INACTIVE' });
    await invalidateListingCaches(env); // what posting through the API does (the factory writes rows directly)
    const { text } = await get('/sitemaps/pages.xml');
    expect(text).toContain('<loc>https://sel.example/products?category=Vehicles&amp;location=Pune</loc>');
    expect(text).not.toMatch(/location=Nagpur<\/loc>/);
  });
});

/** The texts of every element of a class in some markup (innerHTML, so escaping shows). */
const texts = (html: string, tag: string, cls: string) => [...html.matchAll(new RegExp(`<${tag} class="${cls}"[^>]*>(.*?)</${tag}>`, 'g'))].map((m) => m[1]);

describe('listing and home pages carry their first screen as HTML', () => {
  it('a listing page renders what the API returns for it: crumbs, first photo as preloaded, price, title, place, facts', async () => {
    const seller = await createUser();
    // a verified seller's featured ad with three photos
    await userRowsDb(seller.id).prepare('UPDATE users SET is_verified = 1 WHERE id = ?').bind(seller.id).run();
    const ad = await createListing(seller, { title: 'Markup Activa 2021', city: 'Pune', price: 72_500, isFeatured: true, views: 1234, images: ['seed/vehicles-scooters/1.jpg', 'seed/vehicles-scooters/2.jpg', 'seed/vehicles-scooters/3.jpg'] });
    const fromApi = (await api(`/listings/${ad.id}`)).data;
    for (const [path, ua] of [[`/item/${ad.slug}`, undefined], [`/listing/${ad.id}`, undefined], [`/item/${ad.slug}`, BOT]] as const) {
      const { status, text } = await get(path, ua ? { 'user-agent': ua } : {});
      expect(status, path).toBe(200);
      const root = rootOf(text);
      expect(texts(root, 'h1', 'listing-detail__title'), path).toEqual([fromApi.title]);
      expect(texts(root, 'p', 'listing-detail__price')).toEqual([`₹ ${fromApi.price.toLocaleString('en-IN')}`]);
      // (reading the ad through the API above counted a view: the page shows the stored count)
      const views = (await listingDb(ad.id).prepare('SELECT views FROM listings WHERE id = ?').bind(ad.id).first<{ views: number }>())!.views;
      expect(views).toBeGreaterThan(1000);
      expect(root).toContain(`<span>${views.toLocaleString('en-IN')} views</span><span aria-hidden="true"> · </span><span translate="no">${fromApi.location}</span>`);
      expect(root).toContain('<span class="badge badge--inline badge--featured-inline">FEATURED</span><span class="badge badge--inline badge--verified">VERIFIED SELLER</span>');
      // the crumbs are the API's, every one a link but the last
      const crumbs = [...root.matchAll(/<li><(?:a href="([^"]*)"|span aria-current="page")>(.*?)<\/(?:a|span)><\/li>/g)].map((m) => [m[2], m[1]]);
      expect(crumbs).toEqual(fromApi.breadcrumbs.map((c: any, i: number, all: any[]) => [c.name, i === all.length - 1 ? undefined : c.url.replace(/&/g, '&amp;')]));
      // the largest paint: the carousel's photo in the size the app shows, the very URL the head preloads
      const large = `${fromApi.images[0]}?w=800`;
      expect(root).toContain(`<img src="${large}" alt="Markup Activa 2021, photo 1 of 3" width="800" height="600" decoding="async" fetchpriority="high">`);
      if (ua !== BOT) expect(text).toContain(`<link rel="preload" as="image" href="${large}" fetchpriority="high">`);
      expect(root).toContain('<p class="carousel__counter">1 / 3</p>');
      expect([...root.matchAll(/<img src="([^"]*)" alt="" width="96"/g)].map((m) => m[1])).toEqual(fromApi.thumbnails);
      expect(root).toContain(`<p class="listing-detail__description">${fromApi.description}</p>`);
      expect(root).toContain(`<dt>Subcategory</dt><dd>${fromApi.subcategory.name}</dd>`);
      // buttons only the app can run say so until it has
      expect(root).toContain('<button type="button" class="button button--primary button--block listing-detail__chat detail-order-3" aria-disabled="true">Chat with seller</button>');
      expect(root.match(/<button /g)).toHaveLength(root.match(/<button [^>]*aria-disabled="true"/g)!.length);
    }
    // a crawler gets the markup without the inlined data
    expect(bootOf((await get(`/item/${ad.slug}`, { 'user-agent': BOT })).text)).toBeUndefined();
  });

  it('a sold ad says so and points at similar ads instead of the chat button; an ad without photos shows the empty stage', async () => {
    const seller = await createUser();
    const sold = await createListing(seller, { title: 'Markup sold Swift', status: 'SOLD' });
    const root = rootOf((await get(`/item/${sold.slug}`)).text);
    expect(root).toContain('<span class="badge badge--inline badge--sold">SOLD</span>');
    expect(root).toContain('<strong>This item has been sold.</strong> <a href="/products?category=Vehicles&amp;subcategory=Cars">See similar ads</a>');
    expect(root).not.toContain('Chat with seller');
    expect(root).toContain('<div class="carousel__stage carousel__stage--empty"><p>No images available</p></div>');
  });

  it('hostile titles, descriptions and places on listing and home pages are escaped', async () => {
    const seller = await createUser();
    const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>'&`;
    const ad = await createListing(seller, { title: `Evil home ${evil}`, description: `Read ${evil}`, images: ['seed/vehicles-cars/1.jpg'], createdAt: Date.now() + 900_000 });
    await listingDb(ad.id).prepare('UPDATE listings SET location = ? WHERE id = ?').bind(`Pune ${evil}`, ad.id).run();
    for (const [path, ua] of [[`/item/${ad.slug}`, PHONE], ['/', PHONE], ['/', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36']] as const) {
      const { text } = await get(path, { 'user-agent': ua });
      // only the page's own scripts: the shell's module, JSON-LD and the inlined data
      expect(text.match(/<script/g)!.length, path).toBe(text.match(/<\/script>/g)!.length);
      expect(text, path).not.toContain('<script>alert');
      expect(text, path).not.toContain('<img src=x');
      expect(rootOf(text), path).toContain('Evil home &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&#x27;&amp;');
    }
    const root = rootOf((await get(`/item/${ad.slug}`)).text);
    expect(root).toContain('<p class="listing-detail__description">Read &quot;&gt;&lt;script&gt;');
    expect(root).toContain('<span translate="no">Pune &quot;&gt;&lt;script&gt;');
  });

  it('home renders the cards the app shows first: the phone page under the category tiles, the desktop grid with its promo', async () => {
    const seller = await createUser();
    for (let i = 0; i < 12; i++) await createListing(seller, { title: `Home markup ${i}`, images: [`seed/vehicles-cars/${(i % 3) + 1}.jpg`], createdAt: Date.now() + 1_000_000 + i });
    const phone = await get('/');
    const phoneApi = (await api('/listings?limit=6&featuredFirst=true&sortBy=createdAt&sortOrder=desc&page=1')).data;
    const phoneRoot = rootOf(phone.text);
    expect(texts(phoneRoot, 'h3', 'listing-card__title')).toEqual(phoneApi.listings.map((l: any) => l.title));
    expect(texts(phoneRoot, 'h3', 'listing-card__title')).toContain('Home markup 11');
    // the same answer is inlined for the app, so its first render has the very same cards
    expect(bootOf(phone.text)!['/listings?limit=6&featuredFirst=true&sortBy=createdAt&sortOrder=desc&page=1']).toEqual(phoneApi);
    // the first row loads at once (the largest paint), the rest lazily, as the app's cards
    expect(phoneRoot.match(/fetchpriority="high"/g)).toHaveLength(2);
    expect(phoneRoot).toContain(`<img src="${phoneApi.listings[0].thumbnails[0]}" alt="${phoneApi.listings[0].title}" width="400" height="300" loading="eager"`);
    // twelve category shortcuts, each a link to its ads
    expect(texts(phoneRoot, 'span', 'category-tile__name')).toHaveLength(12);
    expect(phoneRoot).toContain('<li><a class="category-tile" href="/products?category=Vehicles&amp;subcategory=Cars">');
    expect(phoneRoot).toContain('<span class="category-tile__name">Books &amp; Media</span>');
    const desktop = await get('/', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36' });
    const desktopApi = (await api('/listings?limit=12&sortBy=createdAt&sortOrder=desc')).data;
    const desktopRoot = rootOf(desktop.text);
    expect(texts(desktopRoot, 'h3', 'listing-card__title')).toEqual(desktopApi.listings.slice(0, 11).map((l: any) => l.title));
    expect(desktopRoot).not.toContain('category-tile');
    // the promo card takes the eighth slot
    const slots = [...desktopRoot.matchAll(/<article |<aside class="promo-card"/g)].map((m) => (m[0] === '<article ' ? 'card' : 'promo'));
    expect(slots).toEqual([...Array(7).fill('card'), 'promo', ...Array(4).fill('card')]);
    // a crawler gets the cards as markup, without the inlined data
    const bot = await get('/', { 'user-agent': BOT });
    expect(texts(rootOf(bot.text), 'h3', 'listing-card__title')).toEqual(desktopApi.listings.slice(0, 11).map((l: any) => l.title));
    expect(bootOf(bot.text)).toBeUndefined();
  });
});
