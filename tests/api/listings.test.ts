import { beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createListing, createUser, listingDb, onListingDbs, sharded } from '../factories';
import { flushViews } from '../support/view-counter';

const titles = (body: any): string[] => body.data.listings.map((l: { title: string }) => l.title);

/** One small, fully known market shared by the read-only tests of this file. */
let dealer: Awaited<ReturnType<typeof createUser>>;
let swift: Awaited<ReturnType<typeof createListing>>;
let iphone: Awaited<ReturnType<typeof createListing>>;

beforeAll(async () => {
  dealer = await createUser({ firstName: 'Ravi', lastName: 'Sharma', businessName: 'Sharma Motors', isVerified: true });
  const other = await createUser({ firstName: 'Anita', lastName: 'Desai' });
  const t0 = Date.UTC(2026, 10, 1);
  swift = await createListing(dealer, {
    title: 'Maruti Suzuki Swift VXI 2019',
    description: 'Single owner, petrol, full service history with Maruti. Insurance valid till 2027.',
    price: 525_000,
    city: 'Bengaluru',
    area: 'Koramangala',
    features: { brand: 'Maruti Suzuki', model: 'Swift', year: 2019, fuel: 'Petrol', transmission: 'Manual', kmDriven: 42000, noOfOwners: '1st' },
    createdAt: t0 + 5_000,
    images: ['seed/vehicles-cars/1.jpg', 'seed/vehicles-cars/2.jpg'],
    views: 50,
  });
  await createListing(dealer, {
    title: 'Honda City ZX CVT 2021',
    description: 'Automatic, sunroof, dealer maintained. Honda warranty till next year.',
    price: 1_150_000,
    city: 'Bengaluru',
    features: { brand: 'Honda', model: 'City', year: 2021, fuel: 'Petrol', transmission: 'Automatic' },
    createdAt: t0 + 4_000,
    isFeatured: true,
    views: 10,
  });
  await createListing(other, {
    title: 'Honda Activa 6G 2022',
    description: 'Scooter in mint condition, 8000 km, self start.',
    price: 68_000,
    categoryId: 'vehicles',
    subcategoryId: 'vehicles-scooters',
    city: 'Mumbai',
    area: 'Andheri West',
    features: { brand: 'Honda', model: 'Activa 6G' },
    createdAt: t0 + 3_000,
    views: 99,
  });
  iphone = await createListing(other, {
    title: 'Apple iPhone 14 128GB Midnight',
    description: 'Bill and box available, battery health 91 percent, no scratches.',
    price: 48_000,
    categoryId: 'electronics',
    subcategoryId: 'electronics-smartphones',
    condition: 'REFURBISHED',
    city: 'Pune',
    features: { brand: 'iPhone', model: '14', storage: '128GB', ram: '6GB' },
    createdAt: t0 + 2_000,
    views: 5,
  });
  await createListing(other, {
    title: 'Wooden sofa set 5 seater',
    description: 'Teak wood sofa with cushions. Moving out sale.',
    price: 18_000,
    categoryId: 'home-and-garden',
    subcategoryId: 'home-and-garden-furniture',
    condition: 'USED',
    city: 'Mumbai',
    createdAt: t0 + 1_000,
  });
  await createListing(other, { title: 'Sold Honda Shine', status: 'SOLD', subcategoryId: 'vehicles-motorcycles', createdAt: t0 + 6_000 });
  await createListing(other, { title: 'Rejected Honda Jazz', status: 'REJECTED', createdAt: t0 + 7_000 });
  await createListing(other, { title: 'Inactive Honda Amaze', status: 'INACTIVE', createdAt: t0 + 8_000 });
});

describe('GET /api/listings', () => {
  it('returns only live listings, newest first, with exact pagination', async () => {
    const { status, body } = await call('/api/listings');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(titles(body)).toEqual([
      'Maruti Suzuki Swift VXI 2019',
      'Honda City ZX CVT 2021',
      'Honda Activa 6G 2022',
      'Apple iPhone 14 128GB Midnight',
      'Wooden sofa set 5 seater',
    ]);
    expect(body.data.pagination).toEqual({ page: 1, limit: 12, total: 5, pages: 1, totalCapped: false });
  });

  it('carries the full listing shape: price in rupees, seller block, images, slug and breadcrumbs', async () => {
    const { body } = await call('/api/listings?q=swift');
    const l = body.data.listings[0];
    expect(l).toMatchObject({
      id: swift.id,
      slug: swift.slug,
      price: 525_000,
      currency: 'INR',
      condition: 'USED',
      location: 'Koramangala, Bengaluru, Karnataka',
      city: 'Bengaluru',
      state: 'Karnataka',
      neighbourhood: 'Koramangala',
      category: { id: 'vehicles', name: 'Vehicles' },
      subcategory: { id: 'vehicles-cars', name: 'Cars' },
      status: 'APPROVED',
      isFeatured: false,
      verified: true,
      badges: ['VERIFIED SELLER'],
      features: { brand: 'Maruti Suzuki', fuel: 'Petrol', noOfOwners: '1st' },
      user: { id: dealer.id, firstName: 'Ravi', lastName: 'Sharma', businessName: 'Sharma Motors', isVerified: true, totalListings: 2 },
    });
    expect(l.images).toEqual(['http://sel.test/api/media/seed/vehicles-cars/1.jpg', 'http://sel.test/api/media/seed/vehicles-cars/2.jpg']);
    // with several databases the id ends in its group's digit
    expect(l.slug).toMatch(new RegExp(`^vehicles-cars-c84-maruti-suzuki-swift-vxi-2019-in-bengaluru-iid-[0-9a-z]{26}${sharded ? '[0-9]' : ''}$`));
    expect(l.breadcrumbs.map((b: { name: string }) => b.name)).toEqual(['Home', 'Vehicles', 'Cars', 'Cars in Bengaluru', 'Maruti Suzuki Swift VXI 2019']);
    expect(new Date(l.createdAt).toISOString()).toBe(l.createdAt);
  });

  it('pages through results and reports totals', async () => {
    const p1 = await call('/api/listings?limit=2&page=1');
    const p3 = await call('/api/listings?limit=2&page=3');
    const beyond = await call('/api/listings?limit=2&page=9');
    expect(titles(p1.body)).toHaveLength(2);
    expect(p1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3, totalCapped: false });
    expect(titles(p3.body)).toEqual(['Wooden sofa set 5 seater']);
    expect(beyond.status).toBe(200);
    expect(titles(beyond.body)).toEqual([]);
    expect(beyond.body.data.pagination.total).toBe(5);
  });

  it.each([
    ['sortBy=price&sortOrder=asc', ['Wooden sofa set 5 seater', 'Apple iPhone 14 128GB Midnight', 'Honda Activa 6G 2022', 'Maruti Suzuki Swift VXI 2019', 'Honda City ZX CVT 2021']],
    ['sortBy=price&sortOrder=desc', ['Honda City ZX CVT 2021', 'Maruti Suzuki Swift VXI 2019', 'Honda Activa 6G 2022', 'Apple iPhone 14 128GB Midnight', 'Wooden sofa set 5 seater']],
    ['sortBy=title&sortOrder=asc', ['Apple iPhone 14 128GB Midnight', 'Honda Activa 6G 2022', 'Honda City ZX CVT 2021', 'Maruti Suzuki Swift VXI 2019', 'Wooden sofa set 5 seater']],
    ['sortBy=views&sortOrder=desc', ['Honda Activa 6G 2022', 'Maruti Suzuki Swift VXI 2019', 'Honda City ZX CVT 2021', 'Apple iPhone 14 128GB Midnight', 'Wooden sofa set 5 seater']],
    ['sortBy=createdAt&sortOrder=asc', ['Wooden sofa set 5 seater', 'Apple iPhone 14 128GB Midnight', 'Honda Activa 6G 2022', 'Honda City ZX CVT 2021', 'Maruti Suzuki Swift VXI 2019']],
    ['featuredFirst=true', ['Honda City ZX CVT 2021', 'Maruti Suzuki Swift VXI 2019', 'Honda Activa 6G 2022', 'Apple iPhone 14 128GB Midnight', 'Wooden sofa set 5 seater']],
  ])('sorts by %s', async (qs, expected) => {
    const { status, body } = await call(`/api/listings?${qs}`);
    expect(status).toBe(200);
    expect(titles(body)).toEqual(expected);
  });

  it.each([
    ['category=vehicles', 3],
    ['category=Vehicles', 3],
    ['category=Cars', 2], // menu name → Vehicles/Cars
    ['category=Mobile%20Phones', 1], // menu mapping → Electronics/Smartphones
    ['category=Vehicles&subcategory=Scooters', 1],
    ['subcategory=electronics-smartphones', 1],
    ['location=Bengaluru', 2],
    ['location=bangalore', 2], // alias
    ['location=Karnataka', 2], // state
    ['location=Andheri%20West', 1], // area
    ['location=Koramangala%2C%20Bengaluru%2C%20Karnataka', 1],
    ['location=India', 5],
    ['location=All%20in%20India', 5],
    ['minPrice=50000&maxPrice=600000', 2],
    ['minPrice=1000000', 1],
    ['maxPrice=999999999', 5],
    ['condition=REFURBISHED', 1],
    ['condition=used', 4],
    ['condition=NEW,REFURBISHED', 1],
    ['condition=USED%2CREFURBISHED', 5],
    ['brand=honda', 2],
    ['brand=Honda&category=Cars', 1],
    ['fuel=petrol', 2],
    ['storage=128GB', 1],
    ['category=Vehicles&location=Mumbai&maxPrice=100000', 1],
    ['location=Atlantis', 0],
    ['category=spaceships', 0],
  ])('filters by %s', async (qs, count) => {
    const { status, body } = await call(`/api/listings?${qs}`);
    expect(status).toBe(200);
    expect(body.data.pagination.total).toBe(count);
    expect(body.data.listings).toHaveLength(count);
  });

  it('ignores empty parameters, as the client sends them', async () => {
    const { status, body } = await call('/api/listings?q=&category=&minPrice=&maxPrice=&condition=&location=&page=&limit=');
    expect(status).toBe(200);
    expect(body.data.pagination.total).toBe(5);
  });
});

describe('full-text search', () => {
  it('finds by words in title, description, location and category names, with prefixes', async () => {
    expect(titles((await call('/api/listings?q=honda')).body).sort()).toEqual(['Honda Activa 6G 2022', 'Honda City ZX CVT 2021']);
    expect(titles((await call('/api/listings?q=sunroof')).body)).toEqual(['Honda City ZX CVT 2021']);
    expect(titles((await call('/api/listings?q=koramangala')).body)).toEqual(['Maruti Suzuki Swift VXI 2019']);
    expect(titles((await call('/api/listings?q=smartphones')).body)).toEqual(['Apple iPhone 14 128GB Midnight']);
    expect(titles((await call('/api/listings?q=iph')).body)).toEqual(['Apple iPhone 14 128GB Midnight']);
    expect(titles((await call('/api/listings?q=HONDA%20city')).body)).toEqual(['Honda City ZX CVT 2021']);
  });

  it('ranks by relevance by default when searching', async () => {
    // "honda" twice (title + description) beats once
    const { body } = await call('/api/listings?q=honda');
    expect(titles(body)[0]).toBe('Honda City ZX CVT 2021');
    const explicit = await call('/api/listings?q=honda&sortBy=relevance&sortOrder=desc');
    expect(titles(explicit.body)[0]).toBe('Honda City ZX CVT 2021');
  });

  it('combines search with filters and other sorts', async () => {
    const { body } = await call('/api/listings?q=honda&location=Mumbai');
    expect(titles(body)).toEqual(['Honda Activa 6G 2022']);
    const byPrice = await call('/api/listings?q=honda&sortBy=price&sortOrder=asc');
    expect(titles(byPrice.body)).toEqual(['Honda Activa 6G 2022', 'Honda City ZX CVT 2021']);
  });

  it('never searches hidden listings', async () => {
    const { body } = await call('/api/listings?q=jazz');
    expect(body.data.pagination.total).toBe(0);
  });

  it.each(['"', "'", '*', 'NEAR', 'honda NEAR(city', '((honda', 'honda AND OR NOT', 'title:honda', '^honda', '-', '%', "'; DROP TABLE listings; --", '😀', 'a'.repeat(200)])(
    'treats FTS/SQL syntax in q=%s as plain text (no error)',
    async (q) => {
      const { status, body } = await call(`/api/listings?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(Array.isArray(body.data.listings)).toBe(true);
    },
  );

  it('indexes live listings only, following every status change, edit and delete', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { title: 'Narwhal tusk replica' });
    const indexed = async () => {
      const row = await listingDb(ad.id).prepare('SELECT f.title FROM listings_fts f JOIN listings l ON l.num = f.rowid WHERE l.id = ?').bind(ad.id).first<{ title: string }>();
      return row?.title ?? null;
    };
    const found = async () => titles((await call('/api/listings?q=narwhal')).body);
    expect(await indexed()).toBe('Narwhal tusk replica');
    expect(await found()).toEqual(['Narwhal tusk replica']);
    for (const status of ['SOLD', 'INACTIVE', 'REJECTED']) {
      await listingDb(ad.id).prepare('UPDATE listings SET status = ? WHERE id = ?').bind(status, ad.id).run();
      expect(await indexed(), status).toBeNull();
    }
    // edited while hidden: still out of the index
    await listingDb(ad.id).prepare(`UPDATE listings SET title = 'Narwhal tusk replica, large' WHERE id = ?`).bind(ad.id).run();
    expect(await indexed()).toBeNull();
    await listingDb(ad.id).prepare(`UPDATE listings SET status = 'APPROVED' WHERE id = ?`).bind(ad.id).run();
    expect(await indexed()).toBe('Narwhal tusk replica, large');
    expect(await found()).toEqual(['Narwhal tusk replica, large']);
    const hidden = await createListing(seller, { title: 'Narwhal poster', status: 'INACTIVE' });
    expect(await listingDb(hidden.id).prepare('SELECT count(*) AS n FROM listings_fts f JOIN listings l ON l.num = f.rowid WHERE l.id = ?').bind(hidden.id).first('n')).toBe(0);
    await onListingDbs('DELETE FROM listings WHERE id IN (?, ?)', ad.id, hidden.id);
    expect(await found()).toEqual([]);
    expect(await onListingDbs(`SELECT rowid FROM listings_fts WHERE listings_fts MATCH 'narwhal'`)).toEqual([]);
  });

  it('applies category and place filters inside the index, and follows a listing that moves', async () => {
    const seller = await createUser();
    const ad = await createListing(seller, { title: 'Axolotl aquarium 60 litre', city: 'Pune', categoryId: 'pets', subcategoryId: 'pets-pet-supplies' });
    await createListing(seller, { title: 'Axolotl aquarium 90 litre', city: 'Mumbai', categoryId: 'pets', subcategoryId: 'pets-pet-supplies' });
    expect(titles((await call('/api/listings?q=axolotl&location=Pune')).body)).toEqual(['Axolotl aquarium 60 litre']);
    expect(titles((await call('/api/listings?q=axolotl&location=Maharashtra')).body)).toHaveLength(2);
    expect(titles((await call('/api/listings?q=axolotl&category=Pets&subcategory=Pet%20Supplies')).body)).toHaveLength(2);
    expect((await call('/api/listings?q=axolotl&category=Vehicles')).body.data.pagination.total).toBe(0);
    // the facet tokens themselves are not searchable text
    const facets = await listingDb(ad.id).prepare('SELECT f.facets FROM listings_fts f JOIN listings l ON l.num = f.rowid WHERE l.id = ?').bind(ad.id).first<{ facets: string }>();
    expect(facets?.facets).toMatch(/^xcpets xcpetspetsupplies xl\d+ xl\d+$/);
    const token = facets!.facets.split(' ')[2]!;
    expect((await call(`/api/listings?q=${token}`)).body.data.pagination.total).toBe(0);
    // moved to Mumbai (the same state, so the same database): the index follows
    const mumbai = await env.DB.prepare(`SELECT id, parent_id FROM locations WHERE kind = 'city' AND name = 'Mumbai'`).first<{ id: number; parent_id: number }>();
    await listingDb(ad.id).prepare('UPDATE listings SET city_id = ?, state_id = ? WHERE id = ?').bind(mumbai!.id, mumbai!.parent_id, ad.id).run();
    // nothing in Pune any more: the search widens to the state (decision 005), where both now are
    const inPune = (await call('/api/listings?q=axolotl&location=Pune')).body as { data: { search: { relaxed: string }; listings: { city: string }[] } };
    expect(inPune.data.search.relaxed).toBe('widerPlace');
    expect(inPune.data.listings.map((l) => l.city)).toEqual(['Mumbai', 'Mumbai']);
    expect(titles((await call('/api/listings?q=axolotl&location=Mumbai')).body)).toHaveLength(2);
    await onListingDbs('DELETE FROM listings WHERE user_id = ?', seller.id);
  });

  it('keeps the listings table intact after hostile input', async () => {
    const counts = await onListingDbs<{ n: number }>('SELECT count(*) AS n FROM listings');
    expect(counts.reduce((sum, c) => sum + c.n, 0)).toBe(8);
  });
});

describe('bad input is a 400 with a clear message', () => {
  it.each([
    ['page=0', 'page must be at least 1'],
    ['page=-3', 'page must be at least 1'],
    ['page=abc', 'page must be a number'],
    ['page=1.5', 'page must be a whole number'],
    ['page=99999999', 'page must be at most 10000'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=1000', 'limit must be at most 100'],
    ['sortBy=password', 'sortBy must be one of createdAt, price, title, views, relevance'],
    ['sortOrder=sideways', 'sortOrder must be asc or desc'],
    ['minPrice=500&maxPrice=100', 'minPrice cannot be greater than maxPrice'],
    ['minPrice=-1', 'minPrice cannot be negative'],
    ['maxPrice=lots', 'maxPrice must be a number'],
    ['condition=BROKEN', 'condition must be NEW, USED or REFURBISHED'],
    [`q=${'x'.repeat(300)}`, 'q must be at most 200 characters'],
  ])('%s', async (qs, message) => {
    const { status, body } = await call(`/api/listings?${qs}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.error).toContain(message);
    expect(body.issues.length).toBeGreaterThan(0);
  });

  it('a 10 KB query string is answered, not crashed on', async () => {
    const { status, body } = await call(`/api/listings?junk=${'z'.repeat(10_000)}&q=${'y'.repeat(10_000)}`);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
  });

  it('unknown query keys are ignored', async () => {
    const { status } = await call('/api/listings?userId=x&status=REJECTED');
    expect(status).toBe(200);
  });
});

describe('GET /api/listings/{id} and /slug/{slug}', () => {
  it('returns a listing by id', async () => {
    const { status, body } = await call(`/api/listings/${swift.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: swift.id, title: 'Maruti Suzuki Swift VXI 2019' });
  });

  it('returns a listing by slug', async () => {
    const { status, body } = await call(`/api/listings/slug/${swift.slug}`);
    expect(status).toBe(200);
    expect(body.data.id).toBe(swift.id);
  });

  it('falls back to the id after iid- when the slug text is stale', async () => {
    const { status, body } = await call(`/api/listings/slug/old-title-c84-something-in-nowhere-iid-${iphone.id}`);
    expect(status).toBe(200);
    expect(body.data.id).toBe(iphone.id);
  });

  it('answers 404 with the spec text for unknown ids and slugs, and for hidden listings', async () => {
    const [hidden] = await onListingDbs<{ id: string }>(`SELECT id FROM listings WHERE status = 'REJECTED'`);
    for (const path of ['/api/listings/01jzzzzzzzzzzzzzzzzzzzzzzz', '/api/listings/slug/no-such-thing', '/api/listings/slug/x-iid-nope', `/api/listings/${hidden?.id}`]) {
      const { status, body } = await call(path);
      expect(status, path).toBe(404);
      expect(body).toMatchObject({ success: false, code: 'LISTING_NOT_FOUND', error: "The listing you're looking for doesn't exist or has been removed." });
    }
  });

  it('shows sold listings (marked SOLD) so old links still work', async () => {
    const [sold] = await onListingDbs<{ id: string }>(`SELECT id FROM listings WHERE status = 'SOLD'`);
    const { status, body } = await call(`/api/listings/${sold?.id}`);
    expect(status).toBe(200);
    expect(body.data.status).toBe('SOLD');
  });

  it('counts one view per viewer per day, not per reload', async () => {
    // earlier tests' views of the ad are written first
    await flushViews();
    const before = (await listingDb(iphone.id).prepare('SELECT views FROM listings WHERE id = ?').bind(iphone.id).first<{ views: number }>())!.views;
    for (let i = 0; i < 5; i++) await call(`/api/listings/${iphone.id}`, { headers: { 'CF-Connecting-IP': '203.0.113.7', 'User-Agent': 'phone' } });
    await call(`/api/listings/${iphone.id}`, { headers: { 'CF-Connecting-IP': '203.0.113.8', 'User-Agent': 'phone' } });
    // waitUntil work settles after the response; poll briefly (the view counter writes D1 in batches: flush it)
    let after = before;
    for (let i = 0; i < 20 && after < before + 2; i++) {
      await new Promise((r) => setTimeout(r, 25));
      await flushViews();
      after = (await listingDb(iphone.id).prepare('SELECT views FROM listings WHERE id = ?').bind(iphone.id).first<{ views: number }>())!.views;
    }
    expect(after).toBe(before + 2);
  });
});

describe('GET /api/listings/{id}/related', () => {
  it('returns the same subcategory, same city first, never itself', async () => {
    const { status, body } = await call(`/api/listings/${swift.id}/related?limit=4`);
    expect(status).toBe(200);
    expect(body.data.map((l: { title: string }) => l.title)).toEqual(['Honda City ZX CVT 2021']);
  });

  it('404s for an unknown listing and 400s for a bad limit', async () => {
    expect((await call('/api/listings/nope/related')).status).toBe(404);
    const bad = await call(`/api/listings/${swift.id}/related?limit=500`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('limit must be at most 12');
  });
});
