import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';
import { createListing, createUser } from '../factories';

const SHELL = '<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>SEL - Your Trusted Marketplace</title><meta name="description" content="default"></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const withShell = { ...env, ASSETS: { fetch: async () => new Response(SHELL, { headers: { 'content-type': 'text/html' } }) } as unknown as Fetcher };
const get = async (path: string) => {
  const res = await app.request(`https://sel.example${path}`, {}, withShell);
  return { status: res.status, text: await res.text(), headers: res.headers };
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
    expect(text).toContain('<div id="root"></div>'); // the app still boots
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
    expect(index.text).toContain('<sitemap><loc>https://sel.example/sitemaps/listings-0.xml</loc></sitemap>');
    const chunk = await get('/sitemaps/listings-0.xml');
    expect(chunk.headers.get('content-type')).toContain('application/xml');
    expect(chunk.text).toContain(`https://sel.example/item/${live.slug}`);
    expect(chunk.text).not.toContain(hidden.slug);
    expect((await get('/sitemaps/pages.xml')).text).toContain('https://sel.example/products?category=Vehicles');
  });
});
