/**
 * The free-ad limit (decision 007) cannot be dodged after posting: an ad edited into another limit
 * group, or put live again after its posting's period, is decided exactly like a new ad — a free
 * ad, else a paid slot, else 402 AD_LIMIT_REACHED with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { accountsDb, createUserWithToken, listingDb, onListingDbs } from '../factories';
import { jpegBytes } from '../factories/images';

type Seller = Awaited<ReturnType<typeof createUserWithToken>>;
const DAY = 86_400_000;

const json = (seller: Seller, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...seller.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const photo = async (seller: Seller) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'ad.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

const CAR = { categoryId: 'Vehicles', subcategoryId: 'Cars', features: { brand: 'Maruti Suzuki', model: 'Swift', year: 2018, fuel: 'Petrol', transmission: 'Manual', kmDriven: 42000, noOfOwners: '1st' } };
const BIKE = { categoryId: 'Vehicles', subcategoryId: 'Motorcycles', features: { brand: 'Bajaj', model: 'Pulsar 150', year: 2019, fuel: 'Petrol', transmission: 'Manual', kmDriven: 18000, noOfOwners: '1st' } };
const TABLE = { categoryId: 'Home & Garden', subcategoryId: 'Furniture', features: {} };

const post = async (seller: Seller, kind: typeof CAR | typeof BIKE | typeof TABLE, title: string) => {
  const res = await json(seller, 'POST', '/api/listings', {
    title,
    description: 'Well kept, single owner, papers ready, can be seen any evening this week.',
    price: 45000,
    state: 'Karnataka',
    city: 'Bengaluru',
    neighbourhood: 'Indiranagar',
    images: [await photo(seller)],
    ...kind,
  });
  return res;
};

const stored = (id: string) =>
  listingDb(id).prepare('SELECT category_id, subcategory_id, title, price_minor, status, updated_at FROM listings WHERE id = ?').bind(id).first<Record<string, unknown>>();
const postings = async (sellerId: string) =>
  (await accountsDb(sellerId).prepare('SELECT listing_id, limit_key, credit_id FROM ad_postings WHERE user_id = ? ORDER BY created_at').bind(sellerId).all()).results;

const grantCarSlot = async (userId: string) => {
  const id = `cr_${crypto.randomUUID()}`;
  // beside the seller's postings, in their accounts database (decision 034; `DB` with one)
  await accountsDb(userId).prepare(
    `INSERT INTO seller_credits (id, user_id, order_id, package_id, type, limit_key, category_id, subcategory_id, quantity, validity_days, expires_at, created_at)
     VALUES (?, ?, ?, 'ad-slots-1-vehicles-cars', 'AD_SLOTS', 'vehicles-cars', 'vehicles', 'vehicles-cars', 1, 30, ?, ?)`,
  )
    .bind(id, userId, `ord_${id}`, Date.now() + 30 * DAY, Date.now())
    .run();
  return id;
};

describe('free-ad limit on edits', () => {
  it('an ad edited into Cars with the free Cars ad used is 402 AD_LIMIT_REACHED, shaped as on posting, and nothing of the edit is applied', async () => {
    const seller = await createUserWithToken();
    expect((await post(seller, CAR, 'Maruti Swift VXI 2018 petrol')).status).toBe(201);
    const secondCar = await post(seller, CAR, 'Honda City ZX 2017 petrol');
    expect(secondCar.status).toBe(402);

    const table = await post(seller, TABLE, 'Sheesham dining table 6 seater');
    expect(table.status).toBe(201);
    const before = await stored(table.body.data.id);
    const moved = await json(seller, 'PUT', `/api/listings/${table.body.data.id}`, { ...CAR, title: 'Honda City ZX 2017 petrol', price: 610000 });
    expect(moved.status).toBe(402);
    expect(moved.body).toMatchObject({ success: false, code: 'AD_LIMIT_REACHED', error: secondCar.body.error });
    expect(moved.body.limit).toEqual(secondCar.body.limit);
    expect(moved.body.packages).toEqual(secondCar.body.packages);
    // the ad keeps its category and every other part of the edit is left out
    expect(await stored(table.body.data.id)).toEqual(before);
    expect((await postings(seller.id)).map((p) => p.limit_key)).toEqual(['vehicles-cars', 'home-and-garden']);
  });

  it('moving between subcategories of one category into a group of its own (Motorcycles → Cars) is counted too', async () => {
    const seller = await createUserWithToken();
    expect((await post(seller, CAR, 'Maruti Swift VXI 2018 petrol')).status).toBe(201);
    const bike = await post(seller, BIKE, 'Bajaj Pulsar 150 2019');
    expect(bike.status).toBe(201);
    const moved = await json(seller, 'PUT', `/api/listings/${bike.body.data.id}`, { subcategoryId: 'Cars', features: CAR.features });
    expect(moved.status).toBe(402);
    expect((await stored(bike.body.data.id))?.subcategory_id).toBe('vehicles-motorcycles');
  });

  it('a paid Cars slot is used by the move, as on posting; the old group keeps its count (as after a deletion), and moving back is free', async () => {
    const seller = await createUserWithToken();
    expect((await post(seller, CAR, 'Maruti Swift VXI 2018 petrol')).status).toBe(201);
    const credit = await grantCarSlot(seller.id);
    const table = await post(seller, TABLE, 'Sheesham dining table 6 seater');
    const moved = await json(seller, 'PUT', `/api/listings/${table.body.data.id}`, { ...CAR, title: 'Honda City ZX 2017 petrol' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.status).toBe('APPROVED');
    expect(await postings(seller.id)).toEqual([
      expect.objectContaining({ limit_key: 'vehicles-cars', credit_id: null }),
      expect.objectContaining({ listing_id: table.body.data.id, limit_key: 'home-and-garden', credit_id: null }),
      expect.objectContaining({ listing_id: table.body.data.id, limit_key: 'vehicles-cars', credit_id: credit }),
    ]);
    // the slot is spent: a third car is refused
    expect((await post(seller, CAR, 'Tata Nexon XZ 2020')).status).toBe(402);
    // back into Home & Garden within its period: already counted there, nothing new
    const back = await json(seller, 'PUT', `/api/listings/${table.body.data.id}`, { ...TABLE, title: 'Sheesham dining table 6 seater' });
    expect(back.status).toBe(200);
    expect(await postings(seller.id)).toHaveLength(3);
    // moving the first car out does not give the free Cars ad back
    const account = await json(seller, 'GET', '/api/business/account');
    expect(account.body.data.limits.find((l: { name: string }) => l.name === 'Cars')).toMatchObject({ used: 1, remaining: 0, paidSlots: 0 });
  });

  it('an edit within the same group never costs an ad', async () => {
    const seller = await createUserWithToken();
    const car = await post(seller, CAR, 'Maruti Swift VXI 2018 petrol');
    const edited = await json(seller, 'PUT', `/api/listings/${car.body.data.id}`, { ...CAR, title: 'Maruti Swift VXI 2018 petrol, new tyres', price: 500000 });
    expect(edited.status).toBe(200);
    expect(await postings(seller.id)).toHaveLength(1);
  });

  it('two ads edited into Cars at once with one free Cars ad: one moves, the other is 402 and unchanged', async () => {
    const seller = await createUserWithToken();
    const a = await post(seller, TABLE, 'Sheesham dining table 6 seater');
    const b = await post(seller, BIKE, 'Bajaj Pulsar 150 2019');
    const results = await Promise.all([
      json(seller, 'PUT', `/api/listings/${a.body.data.id}`, { ...CAR, title: 'Honda City ZX 2017 petrol' }),
      json(seller, 'PUT', `/api/listings/${b.body.data.id}`, { ...CAR, title: 'Hyundai i20 Asta 2019' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 402]);
    const cars = await onListingDbs(`SELECT id FROM listings WHERE user_id = ? AND subcategory_id = 'vehicles-cars'`, seller.id);
    expect(cars).toHaveLength(1);
    expect((await postings(seller.id)).filter((p) => p.limit_key === 'vehicles-cars')).toHaveLength(1);
  });

  it('two edits of one ad into Cars at once: one applies, the other is 409 STALE, one posting', async () => {
    const seller = await createUserWithToken();
    const a = await post(seller, TABLE, 'Sheesham dining table 6 seater');
    const results = await Promise.all([
      json(seller, 'PUT', `/api/listings/${a.body.data.id}`, { ...CAR, title: 'Honda City ZX 2017 petrol' }),
      json(seller, 'PUT', `/api/listings/${a.body.data.id}`, { ...CAR, title: 'Hyundai i20 Asta 2019' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('STALE');
    expect((await postings(seller.id)).filter((p) => p.limit_key === 'vehicles-cars')).toHaveLength(1);
  });
});

describe('free-ad limit on going live again', () => {
  it('reactivating a Cars ad whose posting is past its 365 days, with this year’s free Cars ad used, is 402 and it stays inactive', async () => {
    const seller = await createUserWithToken();
    const old = await post(seller, CAR, 'Maruti Swift VXI 2018 petrol');
    expect((await json(seller, 'POST', `/api/listings/${old.body.data.id}/status`, { status: 'INACTIVE' })).status).toBe(200);
    // a year on: the old posting no longer counts, so a new car posts free
    await accountsDb(seller.id).prepare('UPDATE ad_postings SET created_at = ? WHERE listing_id = ?').bind(Date.now() - 366 * DAY, old.body.data.id).run();
    expect((await post(seller, CAR, 'Honda City ZX 2017 petrol')).status).toBe(201);
    const again = await json(seller, 'POST', `/api/listings/${old.body.data.id}/status`, { status: 'APPROVED' });
    expect(again.status).toBe(402);
    expect(again.body).toMatchObject({ code: 'AD_LIMIT_REACHED', limit: expect.objectContaining({ name: 'Cars', remaining: 0 }), packages: expect.any(Array) });
    expect((await stored(old.body.data.id))?.status).toBe('INACTIVE');
    // with a paid slot it goes live and spends the slot
    const credit = await grantCarSlot(seller.id);
    expect((await json(seller, 'POST', `/api/listings/${old.body.data.id}/status`, { status: 'APPROVED' })).status).toBe(200);
    expect((await postings(seller.id)).filter((p) => p.credit_id === credit)).toHaveLength(1);
  });

  it('re-submitting a rejected Cars ad by editing it, after its posting’s 365 days, is 402 with the free Cars ad used; it stays rejected', async () => {
    const seller = await createUserWithToken();
    // a car with no price is held back by the automatic check, and still counts as posted
    const rejected = await json(seller, 'POST', '/api/listings', {
      title: 'Maruti Swift VXI 2018 petrol',
      description: 'Well kept, single owner, papers ready, can be seen any evening this week.',
      price: 0,
      state: 'Karnataka',
      city: 'Bengaluru',
      neighbourhood: 'Indiranagar',
      images: [await photo(seller)],
      ...CAR,
    });
    expect(rejected.body.data.status).toBe('REJECTED');
    await accountsDb(seller.id).prepare('UPDATE ad_postings SET created_at = ? WHERE listing_id = ?').bind(Date.now() - 366 * DAY, rejected.body.data.id).run();
    expect((await post(seller, CAR, 'Honda City ZX 2017 petrol')).status).toBe(201);
    const fixed = await json(seller, 'PUT', `/api/listings/${rejected.body.data.id}`, { price: 525000 });
    expect(fixed.status).toBe(402);
    expect(fixed.body.code).toBe('AD_LIMIT_REACHED');
    expect(await stored(rejected.body.data.id)).toMatchObject({ status: 'REJECTED', price_minor: 0 });
  });

  it('two reactivations of one ad at once, past its posting’s period with a free Cars ad left: one applies, the other is 409 STALE, one new posting', async () => {
    const seller = await createUserWithToken();
    const old = await post(seller, CAR, 'Maruti Swift VXI 2018 petrol');
    expect((await json(seller, 'POST', `/api/listings/${old.body.data.id}/status`, { status: 'INACTIVE' })).status).toBe(200);
    await accountsDb(seller.id).prepare('UPDATE ad_postings SET created_at = ? WHERE listing_id = ?').bind(Date.now() - 366 * DAY, old.body.data.id).run();
    const results = await Promise.all([0, 1].map(() => json(seller, 'POST', `/api/listings/${old.body.data.id}/status`, { status: 'APPROVED' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.code).toBe('STALE');
    expect(await postings(seller.id)).toHaveLength(2);
    expect((await stored(old.body.data.id))?.status).toBe('APPROVED');
  });

  it('reactivating or putting back on sale within the period costs nothing', async () => {
    const seller = await createUserWithToken();
    const car = await post(seller, CAR, 'Maruti Swift VXI 2018 petrol');
    for (const status of ['INACTIVE', 'APPROVED', 'SOLD', 'APPROVED']) {
      expect((await json(seller, 'POST', `/api/listings/${car.body.data.id}/status`, { status })).status).toBe(200);
    }
    expect(await postings(seller.id)).toHaveLength(1);
  });
});
