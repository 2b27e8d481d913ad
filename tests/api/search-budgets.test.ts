import { clearNotifications, notificationRows, notificationRowsOldestFirst, notificationsOfType } from '../support/inbox-notifications';
import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createListing, createUser, createUserWithToken, listingDb } from '../factories';
import { jpegBytes } from '../factories/images';
import { processEvent } from '../../worker/services/alerts/consumer';
import { browseMarkup } from '../../worker/lib/browse-page';

type Ad = { title: string; price: number; subcategory: { name: string } | null };
const search = async (params: Record<string, string>) => {
  const res = await call(`/api/listings?${new URLSearchParams({ limit: '100', ...params })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { listings: Ad[]; pagination: { total: number }; search: any };
};
const prices = (page: { listings: Ad[] }) => page.listings.map((l) => l.price);

const furniture = { categoryId: 'home-and-garden', subcategoryId: 'home-and-garden-furniture' };
const bikes = { categoryId: 'vehicles', subcategoryId: 'vehicles-motorcycles' };
const phones = { categoryId: 'electronics', subcategoryId: 'electronics-smartphones' };

beforeAll(async () => {
  const seller = await createUser({ firstName: 'Ravi', lastName: 'Kumar' });
  for (const [title, price] of [
    ['Three seater sofa, fabric', 6_500],
    ['Wooden sofa set 5 seater', 9_999],
    ['Sofa cum bed with storage', 10_000],
    ['Leather recliner sofa', 10_001],
    ['L shaped sofa, grey', 24_000],
    ['Italian leather sofa', 85_000],
  ] as const) {
    await createListing(seller, { ...furniture, title, price, city: 'Pune' });
  }
  for (const [title, price] of [
    ['Bajaj Pulser 150 2016', 38_000],
    ['Hero Splendor Plus 2018', 29_000],
    ['Royal Enfield Classic 350 2019', 1_45_000],
    ['Royal Enfield Bullet 350 2021', 1_75_000],
    ['Yamaha R15 V3 2019', 95_000],
  ] as const) {
    await createListing(seller, { ...bikes, title, price, city: 'Delhi' });
  }
  for (const [title, price] of [
    ['iPhone 11 64GB', 19_500],
    ['iPhone 12 128GB', 31_000],
    ['iPhone 13 128GB', 42_000],
    ['Redmi 9 Power 4/64', 6_000],
    ['Redmi Note 9 Pro', 9_000],
  ] as const) {
    await createListing(seller, { ...phones, title, price, city: 'Mumbai' });
  }
  await createListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', title: 'Maruti Swift VXI 2019', price: 5_40_000, city: 'Delhi' });
  await createListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', title: 'Maruti Swift LXI 2014', price: 2_60_000, city: 'Delhi' });
  await createListing(seller, { categoryId: 'vehicles', subcategoryId: 'vehicles-cars', title: 'Hyundai i20 Sportz 2017', price: 4_10_000, city: 'Delhi' });
});

describe('GET /api/listings reads a budget in the words', () => {
  it('"sofa under 10k": every result at most ₹10,000, the budget out of the words, in interpretedAs', async () => {
    const page = await search({ q: 'sofa under 10k' });
    expect(prices(page).sort((a, b) => a - b)).toEqual([6_500, 9_999, 10_000]);
    expect(page.search).toMatchObject({ query: 'sofa under 10k', interpretedAs: { q: 'sofa', maxPrice: 10_000 }, withoutBudget: 'sofa', relaxed: 'none' });
    expect(page.search.interpretedAs.minPrice).toBeUndefined();
  });

  it('keeps the bound on every rung of the ladder: a typo, any word and a wider place never let a dearer ad in', async () => {
    const typo = await search({ q: 'sofaa under 10k' });
    expect(typo.listings.length).toBeGreaterThan(0);
    expect(Math.max(...prices(typo))).toBeLessThanOrEqual(10_000);
    const anyWord = await search({ q: 'sofa recliner under 10k' });
    expect(anyWord.listings.length).toBeGreaterThan(0);
    expect(Math.max(...prices(anyWord))).toBeLessThanOrEqual(10_000);
    const wider = await search({ q: 'sofa in nashik under 10k' });
    expect(wider.search).toMatchObject({ relaxed: 'widerPlace', interpretedAs: { maxPrice: 10_000 } });
    expect(Math.max(...prices(wider))).toBeLessThanOrEqual(10_000);
  });

  it('reads ranges, lakhs and "above"', async () => {
    const range = await search({ q: 'sofa 8-25k' });
    expect(prices(range).sort((a, b) => a - b)).toEqual([9_999, 10_000, 10_001, 24_000]);
    expect(range.search.interpretedAs).toMatchObject({ minPrice: 8_000, maxPrice: 25_000 });
    const enfield = await search({ q: 'royal enfield 1 se 1.5 lakh' });
    expect(enfield.listings.map((l) => l.title)).toEqual(['Royal Enfield Classic 350 2019']);
    const above = await search({ q: 'iphone above 30000' });
    expect(prices(above).sort((a, b) => a - b)).toEqual([31_000, 42_000]);
    expect(above.search.interpretedAs).toMatchObject({ minPrice: 30_000 });
  });

  it('reads Hindi and Hinglish budgets', async () => {
    const hinglish = await search({ q: 'bike 40 hazar tak' });
    expect(hinglish.listings.map((l) => l.title).sort()).toEqual(['Bajaj Pulser 150 2016', 'Hero Splendor Plus 2018']);
    expect(hinglish.search.interpretedAs).toMatchObject({ q: '', subcategory: 'Motorcycles', maxPrice: 40_000 });
    const hindi = await search({ q: 'सोफा 10 हज़ार के अंदर' });
    expect(prices(hindi).length).toBeGreaterThan(0);
    expect(Math.max(...prices(hindi))).toBeLessThanOrEqual(10_000);
    expect(hindi.search.interpretedAs).toMatchObject({ maxPrice: 10_000 });
    const kam = await search({ q: 'iphone 35000 se kam' });
    expect(prices(kam).sort((a, b) => a - b)).toEqual([19_500, 31_000]);
  });

  it('never reads a model, a storage size or a year as a price', async () => {
    const redmi = await search({ q: 'redmi 9' });
    expect(redmi.search.interpretedAs.maxPrice).toBeUndefined();
    expect(redmi.listings.map((l) => l.title)).toContain('Redmi 9 Power 4/64');
    const swift = await search({ q: '2019 swift' });
    expect(swift.search.interpretedAs).not.toHaveProperty('maxPrice');
    expect(swift.listings.map((l) => l.title)).toContain('Maruti Swift VXI 2019');
    for (const q of ['iphone 13 128 gb', 'i20', 'iphone 13']) expect((await search({ q })).search.interpretedAs, q).not.toHaveProperty('maxPrice');
  });

  it('an explicit minPrice/maxPrice wins over the words of the same side; a contradiction leaves the URL alone', async () => {
    const both = await search({ q: 'sofa under 10k', minPrice: '7000' });
    expect(prices(both).sort((a, b) => a - b)).toEqual([9_999, 10_000]);
    expect(both.search.interpretedAs).toEqual({ q: 'sofa', maxPrice: 10_000 });
    const url = await search({ q: 'sofa under 10k', maxPrice: '30000' });
    expect(prices(url).sort((a, b) => a - b)).toEqual([6_500, 9_999, 10_000, 10_001, 24_000]);
    expect(url.search.interpretedAs).toEqual({ q: 'sofa' });
    expect(url.search).not.toHaveProperty('withoutBudget');
    const contradiction = await search({ q: 'sofa under 10k', minPrice: '20000' });
    expect(prices(contradiction).sort((a, b) => a - b)).toEqual([24_000, 85_000]);
  });

  it('a budget alone browses everything inside it', async () => {
    const page = await search({ q: 'under ₹7,000' });
    expect(prices(page).sort((a, b) => a - b)).toEqual([6_000, 6_500]);
    expect(page.search).toMatchObject({ interpretedAs: { q: '', maxPrice: 7_000 }, withoutBudget: '' });
  });

  it('the guest page says the budget as a chip that drops it, and heads the page with the words', async () => {
    const results = await search({ q: 'sofa under 10k' });
    const html = browseMarkup({ origin: 'https://sel.test', subject: { q: 'sofa under 10k' }, search: new URLSearchParams({ q: 'sofa under 10k' }), results: results as any });
    expect(html).toContain('<h1 class="page-title">&quot;sofa&quot; in India</h1>');
    expect(html).toContain('<span>Under ₹ 10,000</span><a href="/products?q=sofa"');
  });
});

describe('GET /api/search/suggest with a budget', () => {
  const suggest = async (q: string) => {
    const res = await call(`/api/search/suggest?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    return res.body.data.suggestions as { text: string; subcategoryName?: string }[];
  };
  it('keeps the budget on what it suggests, and suggests the thing while the amount is being typed', async () => {
    const withBudget = await suggest('sofa under 10k');
    expect(withBudget.length).toBeGreaterThan(0);
    for (const s of withBudget) expect(s.text).toMatch(/^sofa.* under 10k$/);
    expect(withBudget[0]).toMatchObject({ text: 'sofa under 10k', subcategoryName: 'Furniture' });
    const typing = await suggest('sofa under');
    expect(typing.length).toBeGreaterThan(0);
    for (const s of typing) expect(s.text.startsWith('sofa')).toBe(true);
    expect(typing.map((s) => s.text)).not.toContain('sofa under');
    expect(await suggest('sofa under')).toEqual(await suggest('sofa'));
  });
});

describe('saving a search whose words hold a budget', () => {
  const json = (auth: Record<string, string>, method: string, body?: unknown) => ({
    method,
    headers: { 'content-type': 'application/json', ...auth },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  it('stores the bound as maxPrice, names it, and its alerts keep to it', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    const saved = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: 'activa 40 hazar tak' } }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const got = (await call('/api/saved-searches', { headers: buyer.auth })).body.data.find((x: { id: string }) => x.id === saved.body.data.id);
    expect(got.query).toEqual({ q: 'activa', maxPrice: '40000' });
    expect(got.name).toBe('activa, under ₹40,000');

    const post = async (title: string, price: number) => {
      const form = new FormData();
      form.append('image', new File([jpegBytes()], 'photo.jpg', { type: 'image/jpeg' }));
      const image = (await call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form })).body.data.url as string;
      const res = await call(
        '/api/listings',
        json(seller.auth, 'POST', {
          title,
          description: 'Well kept, all papers clear, single owner, serviced on time.',
          price,
          categoryId: 'Vehicles',
          subcategoryId: 'Scooters',
          location: 'Pune',
          images: [image],
          features: { brand: 'Honda', year: 2022, fuel: 'Petrol', transmission: 'Automatic', kmDriven: 8000, noOfOwners: '1st' },
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as string;
    };
    const cheap = await post('Honda Activa 6G', 38_000);
    const dear = await post('Honda Activa 125', 52_000);
    for (const id of [cheap, dear]) {
      const { results } = await listingDb(id).prepare('SELECT id FROM listing_events WHERE listing_id = ?').bind(id).all<{ id: string }>();
      for (const e of results) await processEvent(env, e.id);
    }
    const results = await notificationRows(buyer.id);
    expect(results.map((n) => JSON.parse(n.data).listingId)).toEqual([cheap]);
  });

  it('a bound the saved search names itself wins over the words', async () => {
    const buyer = await createUserWithToken();
    const saved = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: 'sofa under 10k', minPrice: 5000, maxPrice: 20000 } }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const got = (await call('/api/saved-searches', { headers: buyer.auth })).body.data.find((x: { id: string }) => x.id === saved.body.data.id);
    expect(got.query).toEqual({ q: 'sofa', minPrice: '5000', maxPrice: '20000' });
  });
});
