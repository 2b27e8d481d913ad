import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createPhoneUserWithToken, createUserWithToken } from '../factories';
import { PHASH_PHOTOS } from '../fixtures/phash-photos';
import { crop, decodeJpeg, fromBase64, resize, toJpeg } from '../factories/photo-variants';
import { createShardListing, listingsDbs } from './shard-factory';

/**
 * Trust with the ads over four databases (decision 033): a stolen photo is caught whichever group
 * of states its original lives in; reports hold an ad in its own database.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const json = (user: User, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json', ...user.auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const upload = async (user: User, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('image', new File([bytes.slice()], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: user.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
};

const original = (name: keyof typeof PHASH_PHOTOS) => fromBase64(PHASH_PHOTOS[name]);
/** what a copycat uploads: the photo saved smaller, at another quality, a sliver cropped */
const copyOf = (name: keyof typeof PHASH_PHOTOS) => toJpeg(resize(crop(decodeJpeg(original(name)), { left: 0.01, top: 0.01 }), 300, 225), 55);

const post = async (user: User, photos: Uint8Array[], place: { state: string; city: string; neighbourhood: string }, title = 'Dell Inspiron 15 laptop, 16 GB RAM') => {
  const images = [];
  for (const p of photos) images.push(await upload(user, p));
  const res = await json(user, 'POST', '/api/listings', {
    title,
    description: 'Bought last year, works perfectly, with charger and bag. No scratches.',
    price: 38_000,
    categoryId: 'Electronics',
    subcategoryId: 'Laptops',
    ...place,
    images,
    features: {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; status: string };
};

let honest: User;
let original1: { id: string; status: string };

beforeAll(async () => {
  honest = await createUserWithToken({ firstName: 'Honest' });
  // Tamil Nadu: database 3
  original1 = await post(honest, [original('shotA')], { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' });
});

describe('duplicate photos over four databases', () => {
  it("holds an ad whose photo is another seller's live photo in another group of states", async () => {
    expect(original1.status).toBe('APPROVED');
    const copycat = await createUserWithToken({ firstName: 'Copycat' });
    // Karnataka: database 0
    const copied = await post(copycat, [original('laptop1'), copyOf('shotA')], { state: 'Karnataka', city: 'Bengaluru', neighbourhood: 'Indiranagar' });
    expect(copied.status).toBe('PENDING');
    const row = await listingsDbs[0]!.prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(copied.id).first();
    expect(row).toEqual({ status: 'PENDING', held_reason: 'DUPLICATE_PHOTOS' });
  });

  it('a photo of nobody else, or of an ad no longer live, holds nothing', async () => {
    const other = await createUserWithToken();
    expect((await post(other, [original('laptop1')], { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' })).status).toBe('APPROVED');
    await listingsDbs[3]!.prepare(`UPDATE listings SET status = 'SOLD' WHERE id = ?`).bind(original1.id).run();
    const late = await createUserWithToken();
    expect((await post(late, [copyOf('shotA')], { state: 'Gujarat', city: 'Ahmedabad', neighbourhood: 'Ambawadi' })).status).toBe('APPROVED');
    await listingsDbs[3]!.prepare(`UPDATE listings SET status = 'APPROVED' WHERE id = ?`).bind(original1.id).run();
  });

  it('the same seller posting the photo again in the same subcategory is told, wherever the first ad lives', async () => {
    const urls = [await upload(honest, original('shotA'))];
    const again = await json(honest, 'POST', '/api/listings', {
      title: 'Dell Inspiron 15 laptop again',
      description: 'Bought last year, works perfectly, with charger and bag. No scratches.',
      price: 37_000,
      categoryId: 'Electronics',
      subcategoryId: 'Laptops',
      state: 'Delhi',
      city: 'Delhi',
      neighbourhood: 'Alaknanda',
      images: urls,
      features: {},
    });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.code).toBe('DUPLICATE_AD');
  });
});

let ipSeq = 0;
const reportAs = (user: User, id: string, body: unknown) =>
  call(`/api/listings/${id}/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': `203.0.113.${++ipSeq}`, ...user.auth },
    body: JSON.stringify(body),
  });

describe('reports over four databases', () => {
  it("reports go to the core; the one that reaches the weight holds the ad in its own database", async () => {
    const seller = await createUserWithToken();
    const ad = await createShardListing(seller, { title: 'Samsung fridge 260 L', city: 'Ahmedabad' }); // database 2
    const [a, b, c] = [await createPhoneUserWithToken(), await createPhoneUserWithToken(), await createPhoneUserWithToken()];
    const first = await reportAs(a!, ad.id, { reason: 'FRAUD' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ created: true, held: false });
    const again = await reportAs(a!, ad.id, { reason: 'SPAM' });
    expect(again.body.data).toMatchObject({ reportId: first.body.data.reportId, created: false, held: false });
    expect((await reportAs(seller, ad.id, { reason: 'SPAM' })).body.code).toBe('OWN_LISTING');
    expect((await reportAs(b!, ad.id, { reason: 'FRAUD' })).body.data.held).toBe(false);
    const third = await reportAs(c!, ad.id, { reason: 'FRAUD' });
    expect(third.body.data).toMatchObject({ created: true, held: true });
    expect(await listingsDbs[2]!.prepare('SELECT status, held_reason FROM listings WHERE id = ?').bind(ad.id).first()).toEqual({ status: 'PENDING', held_reason: 'REPORTED' });
    expect((await env.DB.prepare('SELECT count(*) AS n FROM listing_reports WHERE listing_id = ?').bind(ad.id).first<{ n: number }>())!.n).toBe(3);
    // held: out of sight, and no more reports
    expect((await call(`/api/listings/${ad.id}`)).status).toBe(404);
    expect((await reportAs(await createPhoneUserWithToken(), ad.id, { reason: 'FRAUD' })).status).toBe(404);
    // an ad of the right shape in a database that does not have it
    expect((await reportAs(a!, `${ad.id.slice(0, 26)}5`, { reason: 'FRAUD' })).status).toBe(404);
  });
});
