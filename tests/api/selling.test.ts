import { clearNotifications, notificationRows, notificationRowsOldestFirst, notificationsOfType } from '../support/inbox-notifications';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { accountsDb, createListing, createUser, createUserWithToken, listingDb, onAccountsDbs, onListingDbs, sharded } from '../factories';
import { gifBytes, jpegBombBytes, jpegBytes, pngBytes, webpBytes } from '../factories/images';

/** every ad in every listings database */
const listingsCount = async () => (await onListingDbs<{ n: number }>('SELECT count(*) AS n FROM listings')).reduce((n, r) => n + r.n, 0);

type Seller = Awaited<ReturnType<typeof createUserWithToken>>;

const upload = (seller: Seller, bytes: Uint8Array<ArrayBuffer>, name = 'photo.jpg', type = 'image/jpeg') => {
  const form = new FormData();
  form.append('image', new File([bytes], name, { type }));
  return call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form });
};

const json = (seller: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', ...(seller?.auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const photo = async (seller: Seller) => {
  const res = await upload(seller, jpegBytes());
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

const carAd = async (seller: Seller, overrides: Record<string, unknown> = {}) => ({
  title: 'Hyundai Creta SX 2020 diesel',
  description: 'Second owner, 58,000 km, company serviced, new tyres. Genuine buyers please.',
  price: '₹ 11,25,000',
  categoryId: 'Vehicles',
  subcategoryId: 'Cars',
  state: 'Karnataka',
  city: 'Bengaluru',
  neighbourhood: 'Indiranagar',
  images: [await photo(seller), await photo(seller)],
  features: { brand: 'Hyundai', model: 'Creta', year: 2020, fuel: 'Diesel', transmission: 'Manual', kmDriven: '58,000', noOfOwners: '2nd', sellerPhone: '9876500000' },
  sellerName: 'Vikram',
  sellerPhone: '+91 98765 00000',
  ...overrides,
});

describe('photo uploads', () => {
  it.each([
    ['a JPEG', () => jpegBytes(), 'car.jpg', 'image/jpeg', 'image/jpeg'],
    ['a PNG', () => pngBytes(), 'shot.png', 'image/png', 'image/png'],
    ['a WebP', () => webpBytes(), 'pic.webp', 'image/webp', 'image/webp'],
    ['a JPEG named .png with a wrong type', () => jpegBytes(), 'lies.png', 'image/png', 'image/jpeg'],
  ])('stores %s in R2 under a server key and serves it back', async (_n, bytes, name, type, stored) => {
    const seller = await createUserWithToken();
    const res = await upload(seller, bytes(), name, type);
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(new RegExp(`^http://sel\\.test/api/media/u/${seller.id}/[0-9a-z]{26}\\.(jpg|png|webp)$`));
    const key = res.body.data.url.split('/api/media/')[1];
    const object = await env.MEDIA.head(key);
    expect(object?.httpMetadata?.contentType).toBe(stored);
    const served = await call(`/api/media/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['a GIF', gifBytes(), 'anim.gif', 415, 'anim.gif is not a supported image format. Please use JPEG, PNG, or WebP.'],
    ['HTML named .jpg', new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'evil.jpg', 415, 'evil.jpg is not a supported image format. Please use JPEG, PNG, or WebP.'],
    ['an SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 415, 'x.svg is not a supported image format'],
    ['an empty file', new Uint8Array(), 'empty.jpg', 400, 'empty.jpg is empty'],
    ['a truncated JPEG', jpegBytes().slice(0, 200), 'cut.jpg', 400, 'Failed to process cut.jpg'],
    ['a 20,000 × 20,000 pixel header', jpegBombBytes(), 'bomb.jpg', 413, 'bomb.jpg is too large in pixels'],
    ['a 6 MB file', (() => { const b = new Uint8Array(6 * 1024 * 1024); b.set(jpegBytes()); return b; })(), 'big.jpg', 413, 'big.jpg is too large. Please use images smaller than 5MB.'],
  ])('refuses %s and stores nothing', async (_n, bytes, name, status, message) => {
    const seller = await createUserWithToken();
    const before = await env.MEDIA.list({ prefix: `u/${seller.id}/` });
    const res = await upload(seller, bytes, name);
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
    const after = await env.MEDIA.list({ prefix: `u/${seller.id}/` });
    expect(after.objects.length).toBe(before.objects.length);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM media WHERE owner_id = ?').bind(seller.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('ignores path tricks in the file name', async () => {
    const seller = await createUserWithToken();
    const res = await upload(seller, jpegBytes(), '../../etc/passwd.jpg');
    expect(res.status).toBe(201);
    expect(res.body.data.url).not.toContain('..');
    expect(res.body.data.url).not.toContain('passwd');
  });

  it('needs a signed-in user and a multipart body', async () => {
    const form = new FormData();
    form.append('image', new File([jpegBytes()], 'a.jpg'));
    expect((await call('/api/upload/image', { method: 'POST', body: form })).status).toBe(401);
    const seller = await createUserWithToken();
    const notMultipart = await json(seller, 'POST', '/api/upload/image', { image: 'x' });
    expect(notMultipart.status).toBe(415);
    const noField = new FormData();
    noField.append('photo', new File([jpegBytes()], 'a.jpg'));
    const missing = await call('/api/upload/image', { method: 'POST', headers: seller.auth, body: noField });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Choose a photo to upload (field "image").');
  });
});

describe('posting an ad', () => {
  it('creates a live car ad from the post form payload, with slug, photos in order and private contact details', async () => {
    const seller = await createUserWithToken({ firstName: 'Vikram' });
    const payload = await carAd(seller);
    const res = await json(seller, 'POST', '/api/listings', payload);
    expect(res.status).toBe(201);
    const ad = res.body.data;
    expect(ad).toMatchObject({
      title: 'Hyundai Creta SX 2020 diesel',
      price: 1_125_000,
      currency: 'INR',
      condition: 'USED',
      status: 'APPROVED',
      rejectReason: null,
      category: { id: 'vehicles', name: 'Vehicles' },
      subcategory: { id: 'vehicles-cars', name: 'Cars' },
      location: 'Indiranagar, Bengaluru, Karnataka',
      neighbourhood: 'Indiranagar',
      features: { brand: 'Hyundai', year: 2020, kmDriven: 58000, fuel: 'Diesel' },
      user: { id: seller.id },
    });
    // with several databases the id ends in its group's digit
    expect(ad.slug).toMatch(new RegExp(`^vehicles-cars-c84-hyundai-creta-sx-2020-diesel-in-bengaluru-iid-[0-9a-z]{26}${sharded ? '[0-9]' : ''}$`));
    expect(ad.images).toEqual(payload.images);
    expect(ad.features.sellerPhone).toBeUndefined();
    const row = await listingDb(ad.id).prepare('SELECT contact_phone, contact_name, brand FROM listings WHERE id = ?').bind(ad.id).first();
    expect(row).toEqual({ contact_phone: '9876500000', contact_name: 'Vikram', brand: 'hyundai' });
    // public and searchable straight away
    expect((await call(`/api/listings/slug/${ad.slug}`)).body.data.id).toBe(ad.id);
    expect((await call('/api/listings?q=creta&location=Bengaluru')).body.data.listings.map((l: { id: string }) => l.id)).toContain(ad.id);
  });

  it.each([
    [{ subcategoryId: 'Smartphones', categoryId: 'Electronics', features: { brand: 'Samsung', model: 'Galaxy S23', storage: '256GB' } }, 'Please fill the following mandatory fields: RAM'],
    [{ features: { brand: 'Hyundai', year: 2020 } }, 'Please fill the following mandatory fields: Fuel, Transmission, KM driven, No. of owners'],
    [{ subcategoryId: 'Bicycles', features: {} }, 'Please fill the following mandatory fields: Brand, Year'],
    [{ categoryId: 'Properties', subcategoryId: 'Rentals', features: { propertyType: 'Apartment' } }, 'Please fill the following mandatory fields: Area, BHK, Furnishing'],
    [{ categoryId: 'Properties', subcategoryId: 'Rentals', features: { propertyType: 'PG', area: 120 } }, 'Please fill the following mandatory fields: Furnishing, Room type'],
    [{ images: [] }, 'Please fill the following mandatory fields: At least one photo'],
    [{ title: 'Car' }, 'Title must be at least 5 characters'],
    [{ title: 'x'.repeat(101) }, 'Title must be less than 100 characters'],
    [{ description: 'Too short' }, 'Description must be at least 10 characters'],
    [{ price: '' }, 'Price is required'],
    [{ price: -5 }, 'Price must be a positive number'],
    [{ categoryId: 'Spaceships' }, 'Unknown category "Spaceships / Cars"'],
    [{ city: 'Gotham' }, 'Unknown city "Gotham" in Karnataka'],
    [{ neighbourhood: 'Narnia' }, 'Unknown neighbourhood "Narnia" in Bengaluru'],
    [{ neighbourhood: undefined }, 'Please fill the following mandatory fields: Neighbourhood'],
    [{ features: { brand: 'Hyundai', year: 1970, fuel: 'Diesel', transmission: 'Manual', kmDriven: 1, noOfOwners: '1st' } }, 'Year must be between 1990 and'],
    [{ features: { brand: 'Hyundai', year: 2020, fuel: 'Steam', transmission: 'Manual', kmDriven: 1, noOfOwners: '1st' } }, 'fuel must be one of Petrol, Diesel'],
    [{ sellerPhone: '12345' }, 'Please fill the following mandatory fields: Phone (10 digits)'],
    [{ images: Array.from({ length: 21 }, (_, i) => `x${i}`) }, 'You can only upload up to 20 photos'],
    [{ images: ['http://sel.test/api/media/u/someone-else/abc.jpg'] }, 'One of the photos was not uploaded by you'],
  ])('refuses %j', async (overrides, message) => {
    const seller = await createUserWithToken();
    const before = await listingsCount();
    const res = await json(seller, 'POST', '/api/listings', await carAd(seller, overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await listingsCount()).toBe(before);
  });

  it('creates a mobile, a property and an other-category ad', async () => {
    const seller = await createUserWithToken();
    const cases = [
      { categoryId: 'Electronics', subcategoryId: 'Smartphones', features: { brand: 'OnePlus', model: '11R', storage: '256GB', ram: '16GB' } },
      { categoryId: 'properties', subcategoryId: 'properties-apartments', features: { propertyType: 'Apartment', bhk: '2 BHK', area: 1150, furnishing: 'Semi-Furnished' } },
      { categoryId: 'Home & Garden', subcategoryId: 'Furniture', features: { additionalDetails: 'Sheesham wood, 6 seater' } },
      { categoryId: 'Jobs', subcategoryId: 'Full-time', features: {} },
    ];
    for (const c of cases) {
      const res = await json(seller, 'POST', '/api/listings', await carAd(seller, c));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.status).toBe('APPROVED');
    }
  });

  it('accepts the alternate create form (one location text, category ids)', async () => {
    const seller = await createUserWithToken();
    const res = await json(seller, 'POST', '/api/listings', {
      title: 'Dell Inspiron 15 laptop',
      description: 'i5 11th gen, 16 GB RAM, 512 GB SSD, with charger.',
      price: 32000,
      currency: 'INR',
      condition: 'used',
      location: 'Pune',
      categoryId: 'electronics',
      subcategoryId: 'electronics-laptops',
      images: [await photo(seller)],
      features: {},
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ location: 'Pune, Maharashtra', city: 'Pune', condition: 'USED' });
  });

  it('holds back what SEL does not allow, with a reason and a notification', async () => {
    const seller = await createUserWithToken();
    const res = await json(seller, 'POST', '/api/listings', await carAd(seller, { description: 'Also selling a pistol with bullets, call me.' }));
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('REJECTED');
    expect(res.body.data.rejectReason).toContain('weapons');
    expect((await call(`/api/listings/${res.body.data.id}`)).status).toBe(404); // hidden from others
    expect((await call(`/api/listings/${res.body.data.id}`, { headers: seller.auth })).body.data.status).toBe('REJECTED'); // owner sees it
    const note = (await notificationsOfType(seller.id, 'LISTING_STATUS'))[0];
    expect(note?.title).toBe('Your ad was not published');
    // fixing the text re-submits it
    const fixed = await json(seller, 'PUT', `/api/listings/${res.body.data.id}`, { description: 'Second owner car, all papers clear, no accidents.' });
    expect(fixed.body.data).toMatchObject({ status: 'APPROVED', rejectReason: null });
  });

  it('holds back a price of 0 outside free categories', async () => {
    const seller = await createUserWithToken();
    const res = await json(seller, 'POST', '/api/listings', await carAd(seller, { price: 0 }));
    expect(res.body.data).toMatchObject({ status: 'REJECTED', rejectReason: 'Please set a price: free ads are only allowed in Pets and Books & Media.' });
    const book = await json(seller, 'POST', '/api/listings', await carAd(seller, { price: 0, categoryId: 'Books & Media', subcategoryId: 'Books', features: {} }));
    expect(book.body.data.status).toBe('APPROVED');
  });

  it('ignores server-owned fields (mass assignment)', async () => {
    const seller = await createUserWithToken();
    const res = await json(seller, 'POST', '/api/listings', {
      ...(await carAd(seller)),
      userId: 'usr_someone_else',
      user: { id: 'usr_someone_else' },
      status: 'SOLD',
      isFeatured: true,
      views: 99999,
      createdAt: '2001-01-01T00:00:00Z',
      id: 'chosen-id',
      slug: 'chosen-slug',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'APPROVED', isFeatured: false, views: 0, user: { id: seller.id } });
    expect(res.body.data.id).not.toBe('chosen-id');
    expect(new Date(res.body.data.createdAt).getFullYear()).toBeGreaterThan(2020);
  });

  it('guests get a 401', async () => {
    const res = await json(null, 'POST', '/api/listings', { title: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('editing and deleting', () => {
  const setup = async () => {
    const owner = await createUserWithToken();
    const created = await json(owner, 'POST', '/api/listings', await carAd(owner));
    return { owner, ad: created.body.data };
  };

  it('the owner edits price, photos and features; the slug follows the title and the old one still works', async () => {
    const { owner, ad } = await setup();
    const third = await photo(owner);
    const res = await json(owner, 'PUT', `/api/listings/${ad.id}`, {
      title: 'Hyundai Creta SX 2020 diesel, price drop',
      price: 1_050_000,
      images: [third, ad.images[0]],
      features: { ...ad.features, kmDriven: 59000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price: 1_050_000, images: [third, ad.images[0]], features: { kmDriven: 59000 } });
    expect(res.body.data.slug).toContain('price-drop');
    expect((await call(`/api/listings/slug/${ad.slug}`)).body.data.id).toBe(ad.id);
    // the dropped photo is gone from R2
    const droppedKey = ad.images[1].split('/api/media/')[1];
    expect(await env.MEDIA.head(droppedKey)).toBeNull();
  });

  // a one-database case by its nature; the move with several databases has its own suite in tests/shards
  it.skipIf(sharded)('with one listings database an edit into a state of another group stays a plain edit: the same id, no move', async () => {
    const { owner, ad } = await setup();
    const res = await json(owner, 'PUT', `/api/listings/${ad.id}`, { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: ad.id, state: 'Tamil Nadu', city: 'Chennai' });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM listing_moves').first<{ n: number }>()).toEqual({ n: 0 });
  });

  it('another user gets 403 with the spec message, a guest 401, and nothing changes', async () => {
    const { ad } = await setup();
    const stranger = await createUserWithToken();
    const put = await json(stranger, 'PUT', `/api/listings/${ad.id}`, { price: 1 });
    expect(put.status).toBe(403);
    expect(put.body.error).toBe('You do not have permission to edit this listing');
    expect((await json(stranger, 'DELETE', `/api/listings/${ad.id}`)).status).toBe(403);
    expect((await json(stranger, 'POST', `/api/listings/${ad.id}/status`, { status: 'SOLD' })).status).toBe(403);
    expect((await json(null, 'PUT', `/api/listings/${ad.id}`, { price: 1 })).status).toBe(401);
    expect((await json(null, 'DELETE', `/api/listings/${ad.id}`)).status).toBe(401);
    const row = await listingDb(ad.id).prepare('SELECT price_minor, status FROM listings WHERE id = ?').bind(ad.id).first();
    expect(row).toEqual({ price_minor: 112_500_000, status: 'APPROVED' });
    expect((await json(stranger, 'PUT', '/api/listings/01jzzzzzzzzzzzzzzzzzzzzzzz', { price: 1 })).status).toBe(404);
  });

  it('the owner deletes: the ad goes to the archive (gone: 410), its cover kept there, other photos and favourites go', async () => {
    const { owner, ad } = await setup();
    expect(ad.images.length).toBeGreaterThan(1);
    const fan = await createUserWithToken();
    await json(fan, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true });
    const res = await json(owner, 'DELETE', `/api/listings/${ad.id}`);
    expect(res.status).toBe(200);
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(410);
    // decision 021: the archive keeps the cover, for the seller's Archived tab and a repost
    expect(await env.MEDIA.head(ad.images[0].split('/api/media/')[1])).not.toBeNull();
    for (const url of ad.images.slice(1)) expect(await env.MEDIA.head(url.split('/api/media/')[1])).toBeNull();
    const favs = await onAccountsDbs<{ n: number }>('SELECT count(*) AS n FROM favorites WHERE listing_id = ?', ad.id);
    expect(favs.reduce((n, r) => n + r.n, 0)).toBe(0);
    expect((await json(owner, 'DELETE', `/api/listings/${ad.id}`)).status).toBe(404);
  });
});

describe('status transitions', () => {
  it.each([
    ['APPROVED', 'SOLD', 200],
    ['APPROVED', 'INACTIVE', 200],
    ['INACTIVE', 'APPROVED', 200],
    ['INACTIVE', 'SOLD', 200],
    ['SOLD', 'APPROVED', 200],
    ['SOLD', 'INACTIVE', 409],
    ['REJECTED', 'APPROVED', 409],
    ['REJECTED', 'SOLD', 409],
  ])('%s → %s answers %i', async (from, to, status) => {
    const owner = await createUserWithToken();
    const ad = await createListing(owner, { status: from });
    const res = await json(owner, 'POST', `/api/listings/${ad.id}/status`, { status: to });
    expect(res.status).toBe(status);
    const row = await listingDb(ad.id).prepare('SELECT status FROM listings WHERE id = ?').bind(ad.id).first<{ status: string }>();
    expect(row?.status).toBe(status === 200 ? to : from);
    if (status === 409) expect(res.body.error).toContain(`cannot be changed to ${to}`);
  });

  it('refuses unknown statuses and REJECTED as a target', async () => {
    const owner = await createUserWithToken();
    const ad = await createListing(owner);
    for (const status of ['REJECTED', 'DELETED', 'approved ']) {
      const res = await json(owner, 'POST', `/api/listings/${ad.id}/status`, { status });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('status must be APPROVED (reactivate), SOLD or INACTIVE');
    }
  });

  it('a sold ad leaves search but keeps its page', async () => {
    const owner = await createUserWithToken();
    const ad = await createListing(owner, { title: 'Yamaha FZ unique words zebra' });
    await json(owner, 'POST', `/api/listings/${ad.id}/status`, { status: 'SOLD' });
    expect((await call('/api/listings?q=zebra')).body.data.pagination.total).toBe(0);
    expect((await call(`/api/listings/${ad.id}`)).body.data.status).toBe('SOLD');
  });
});

describe('My Ads', () => {
  it('lists own ads of every status with counts, search and paging', async () => {
    const owner = await createUserWithToken();
    const other = await createUser();
    await createListing(other);
    for (const [i, status] of ['APPROVED', 'APPROVED', 'APPROVED', 'SOLD', 'REJECTED', 'INACTIVE'].entries()) {
      await createListing(owner, { status, title: i === 0 ? 'Royal Enfield Classic 350' : `Own ad ${i}` });
    }
    const all = await call('/api/listings/user/my-listings?limit=4', { headers: owner.auth });
    expect(all.status).toBe(200);
    expect(all.body.data.counts).toEqual({ all: 6, approved: 3, rejected: 1, sold: 1, inactive: 1, expired: 0 });
    expect(all.body.data.listings).toHaveLength(4);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 4, total: 6, pages: 2 });
    const sold = await call('/api/listings/user/my-listings?status=sold', { headers: owner.auth });
    expect(sold.body.data.listings.map((l: { status: string }) => l.status)).toEqual(['SOLD']);
    const search = await call('/api/listings/user/my-listings?q=enfield', { headers: owner.auth });
    expect(search.body.data.listings.map((l: { title: string }) => l.title)).toEqual(['Royal Enfield Classic 350']);
    expect((await call('/api/listings/user/my-listings?q=%25', { headers: owner.auth })).body.data.listings).toEqual([]);
    expect((await call('/api/listings/user/my-listings')).status).toBe(401);
    expect((await call('/api/listings/user/my-listings?status=GONE', { headers: owner.auth })).status).toBe(400);
  });
});

describe('favourites', () => {
  it('toggles, sets idempotently, lists and notifies the seller once', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller, { title: 'Study table with chair' });
    const buyer = await createUserWithToken();
    const on = await json(buyer, 'POST', `/api/listings/${ad.id}/favorite`);
    expect(on.body.data).toEqual({ isFavorite: true, listingId: ad.id });
    const detail = await call(`/api/listings/${ad.id}`, { headers: buyer.auth });
    expect(detail.body.data.isFavorite).toBe(true);
    const off = await json(buyer, 'POST', `/api/listings/${ad.id}/favorite`);
    expect(off.body.data.isFavorite).toBe(false);
    for (let i = 0; i < 3; i++) expect((await json(buyer, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).body.data.isFavorite).toBe(true);
    const list = await call('/api/listings/user/favorites?limit=50', { headers: buyer.auth });
    expect(list.body.data.listings.map((l: { id: string }) => l.id)).toEqual([ad.id]);
    expect(list.body.data.pagination.total).toBe(1);
    expect(await notificationsOfType(seller.id, 'FAVORITE')).toHaveLength(1);
  });

  it('a sold or expired favourite stays in the list with its status (the buyer sees what became of it); a hidden one leaves', async () => {
    const seller = await createUserWithToken();
    const buyer = await createUserWithToken();
    const ads = [await createListing(seller, { title: 'Wooden bookshelf' }), await createListing(seller, { title: 'Office chair' }), await createListing(seller, { title: 'Dining table' })];
    for (const ad of ads) expect((await json(buyer, 'POST', `/api/listings/${ad.id}/favorite`, { isFavorite: true })).status).toBe(200);
    await listingDb(ads[0]!.id).prepare(`UPDATE listings SET status = 'EXPIRED' WHERE id = ?`).bind(ads[0]!.id).run();
    await listingDb(ads[1]!.id).prepare(`UPDATE listings SET status = 'SOLD' WHERE id = ?`).bind(ads[1]!.id).run();
    await listingDb(ads[2]!.id).prepare(`UPDATE listings SET status = 'INACTIVE' WHERE id = ?`).bind(ads[2]!.id).run();
    const list = await call('/api/listings/user/favorites?limit=50', { headers: buyer.auth });
    const byId = Object.fromEntries(list.body.data.listings.map((l: { id: string; status: string }) => [l.id, l.status]));
    expect(byId).toEqual({ [ads[0]!.id]: 'EXPIRED', [ads[1]!.id]: 'SOLD' });
    expect(list.body.data.pagination.total).toBe(2);
  });

  it('owners cannot favourite their own ad; hidden ads and guests are refused', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const own = await json(seller, 'POST', `/api/listings/${ad.id}/favorite`);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('You cannot favourite your own listing');
    const hidden = await createListing(seller, { status: 'INACTIVE' });
    const buyer = await createUserWithToken();
    expect((await json(buyer, 'POST', `/api/listings/${hidden.id}/favorite`)).status).toBe(404);
    expect((await json(null, 'POST', `/api/listings/${ad.id}/favorite`)).status).toBe(401);
  });

  it('50 parallel toggles end in a consistent state', async () => {
    const seller = await createUserWithToken();
    const ad = await createListing(seller);
    const buyer = await createUserWithToken();
    const results = await Promise.all(Array.from({ length: 50 }, () => json(buyer, 'POST', `/api/listings/${ad.id}/favorite`)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await accountsDb(buyer.id).prepare('SELECT count(*) AS n FROM favorites WHERE user_id = ? AND listing_id = ?').bind(buyer.id, ad.id).first<{ n: number }>();
    const listed = await call('/api/listings/user/favorites', { headers: buyer.auth });
    expect(rows!.n === 0 || rows!.n === 1).toBe(true);
    expect(listed.body.data.pagination.total).toBe(rows!.n);
    const detail = await call(`/api/listings/${ad.id}`, { headers: buyer.auth });
    expect(detail.body.data.isFavorite).toBe(rows!.n === 1);
  });
});

describe('option lists', () => {
  it.each([
    ['/api/cars/brands', 'Maruti Suzuki'],
    ['/api/cars/fuel-types', 'CNG & Hybrids'],
    ['/api/cars/transmission-types', 'Automatic'],
    ['/api/cars/owner-types', '1st'],
    ['/api/vehicles/motorcycles/brands', 'Royal Enfield'],
    ['/api/vehicles/scooters/brands', 'Ather'],
    ['/api/vehicles/bicycles/brands', 'Hercules'],
    ['/api/vehicles/spare-parts/brands', 'Bosch'],
    ['/api/vehicles/commercial-vehicles/brands', 'Ashok Leyland'],
  ])('%s lists %s', async (path, item) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.body.data).toContain(item);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('an unknown vehicle kind is a 400', async () => {
    const res = await call('/api/vehicles/rockets/brands');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Vehicle kind must be one of');
  });
});

describe('orphan uploads', () => {
  it('the scheduled cleanup removes photos that never joined an ad after a day, and keeps the rest', async () => {
    const { cleanupOrphanUploads } = await import('../../worker/services/photos/uploads');
    const seller = await createUserWithToken();
    const orphan = (await upload(seller, jpegBytes())).body.data.url.split('/api/media/')[1];
    const created = await json(seller, 'POST', '/api/listings', await carAd(seller));
    const kept = created.body.data.images[0].split('/api/media/')[1];
    expect(await cleanupOrphanUploads(env, Date.now() + 23 * 3600_000)).toBe(0);
    expect(await cleanupOrphanUploads(env, Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect(await env.MEDIA.head(orphan)).toBeNull();
    expect(await env.MEDIA.head(kept)).not.toBeNull();
  });
});
