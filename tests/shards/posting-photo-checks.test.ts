import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { call } from '../api/helpers';
import { carAdBody } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { jpegBytes } from '../factories/images';
import { crop, scene, toJpeg } from '../factories/photo-variants';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { MAX_VERIFIED_PER_PHOTO, storedLookupStatements } from '../../worker/services/photos/duplicate-photos';
import type { Env } from '../../worker/env';
import { render } from '../../worker/schemas/notification-texts';
import { listingsDbs, shardAd } from './support';
import { roundTripCounting } from './round-trip-counting';

/**
 * What posting waits on when its photo looks like others, with the listings over four databases
 * (decisions 012, 022, 033). The core finds stored photos sharing a hash band with the new one; the
 * prints are verified on the core's rows before the ads' databases are asked which of those ads
 * count, so a photo that merely resembles others (as `npm run bench:journeys`'s generated photos
 * all do) posts in the write budget, and a real copy of another seller's photo costs one round
 * trip more (that ad's database), its owner's notice none (the language came with the card).
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const DELHI = { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' };
const CHENNAI = { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' };

const counted = roundTripCounting();
/** the statement that asks an ad's database whether a photo's ad counts */
const ADS_ASKED = 'SELECT l.id AS listing_id, l.user_id';

const upload = async (user: User, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('image', new File([bytes.slice()], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: user.auth, body: form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; url: string };
};
/** Another core photo row with the same hash, print and crop windows as `mediaId`, in the ad `listingId` (an upload's work without the upload). */
const copyStoredPhoto = async (mediaId: string, listingId: string) => {
  const id = `med_${ulid().toLowerCase()}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, width, height, position, state, phash, phash_b0, phash_b1, phash_b2, phash_b3, created_at)
       SELECT ?, owner_id, ?, r2_key, content_type, bytes, width, height, 0, state, phash, phash_b0, phash_b1, phash_b2, phash_b3, created_at FROM media WHERE id = ?`,
    ).bind(id, listingId, mediaId),
    env.DB.prepare('INSERT INTO media_prints (media_id, print, created_at) SELECT ?, print, created_at FROM media_prints WHERE media_id = ?').bind(id, mediaId),
    env.DB.prepare('INSERT INTO media_print_windows (media_id, win, hash, b0, b1, b2, b3) SELECT ?, win, hash, b0, b1, b2, b3 FROM media_print_windows WHERE media_id = ?').bind(id, mediaId),
  ]);
};
const post = (user: User, body: unknown) =>
  counted('/api/listings', { method: 'POST', headers: { ...user.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  // a warm isolate: the category tree and the places are kept in memory after their first read
  expect((await call('/api/listings?category=Vehicles&location=Delhi')).status).toBe(200);
  await env.DB.prepare('UPDATE free_ad_limits SET free_ads = 20').run();
});

describe('posting a photo that resembles others, over four listings databases', () => {
  it("the bench's near-alike photos: stored photos share its hash bands, none is a copy — 3 round trips, no ad's database asked", async () => {
    // as scripts/bench/journeys.ts posts: a fresh seller every 8 ads, the same generated gradient a pixel wider each time
    let seller: User | undefined;
    let bandmates = 0;
    for (let posted = 1; posted <= 10; posted++) {
      if (posted % 8 === 1) seller = await createUserWithToken();
      const photo = await upload(seller!, jpegBytes(64 + posted, 48));
      // the stored photos of other ads that the core's lookup finds for it (the statements posting's first read runs)
      const key = (await env.DB.prepare('SELECT r2_key FROM media WHERE id = ?').bind(photo.id).first<string>('r2_key'))!;
      const found = await env.DB.batch(storedLookupStatements(env as unknown as Env, seller!.id, key, ''));
      bandmates += found.reduce((n, r) => n + r.results.length, 0);
      const res = await post(seller!, {
        title: `Sheesham dining table ${posted} six seater`,
        description: 'Solid sheesham wood, six chairs, bought in 2021, no scratches, pickup only.',
        price: 18000 + posted,
        categoryId: 'Home & Garden',
        subcategoryId: 'Furniture',
        location: 'Delhi',
        images: [photo.url],
        features: {},
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
      expect(res.body.data.status).toBe('APPROVED');
      expect(res.roundTrips, `post ${posted}\n${res.trace}`).toBe(ROUND_TRIP_BUDGET.write);
      expect(res.statements.some((s) => s.includes(ADS_ASKED)), res.trace).toBe(false);
    }
    // not vacuous: the lookup had candidates to weigh (before, each of them cost a round trip to their ads' databases)
    expect(bandmates).toBeGreaterThan(0);
  });

  it("a copy of another seller's photo: held, one round trip more (that ad's database), the notice in the seller's language without a read", async () => {
    const original = scene(640, 480, 7723);
    const owner = await createUserWithToken({ isVerified: true });
    const copycat = await createUserWithToken({ isVerified: true });
    await env.DB.prepare(`UPDATE users SET language = 'hi' WHERE id = ?`).bind(copycat.id).run();
    const mine = await upload(owner, toJpeg(original, 90));
    const first = await post(owner, carAdBody(mine.url, { ...DELHI, title: 'Maruti Baleno Alpha 2019 petrol' }));
    expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(201);
    expect(first.roundTrips, first.trace).toBe(ROUND_TRIP_BUDGET.write);

    const copy = await upload(copycat, toJpeg(crop(original, { left: 0.02 }), 75));
    const held = await post(copycat, carAdBody(copy.url, { ...CHENNAI, title: 'Maruti Baleno 2019 top model' }));
    expect(held.status, JSON.stringify(held.body).slice(0, 300)).toBe(201);
    expect(held.body.data.status).toBe('PENDING');
    expect(await listingsDbs[3]!.prepare('SELECT held_reason FROM listings WHERE id = ?').bind(held.body.data.id).first('held_reason')).toBe('DUPLICATE_PHOTOS');
    // the matched ad's database is asked, once: 4 (it was 5 — the notice read the seller's language after the ad's batch)
    expect(held.roundTrips, held.trace).toBe(ROUND_TRIP_BUDGET.write + 1);
    expect(held.statements.filter((s) => s.includes(ADS_ASKED))).toHaveLength(1);
    expect(held.statements.some((s) => s.includes('SELECT language FROM users')), held.trace).toBe(false);
    const notices = await call('/api/notifications', { headers: copycat.auth });
    expect(notices.body.data.notifications.map((n: { title: string }) => n.title)).toContain(render('hi', 'adHeldTitle'));

    // the owner posting the same photo again in the same subcategory: 409, nothing stored
    const again = await upload(owner, toJpeg(original, 90));
    const refused = await post(owner, carAdBody(again.url, { ...DELHI, title: 'Maruti Baleno Alpha 2019 again' }));
    expect(refused.status).toBe(409);
    expect(refused.body.code, JSON.stringify(refused.body)).toBe('DUPLICATE_AD');
  });

  it("more copies than the prints verified per photo, the nearest in ads that do not count: every candidate's ad is asked, as one database would filter first", async () => {
    const picture = scene(640, 480, 9181);
    const bytes = toJpeg(picture, 90);
    // exact copies in ads that no longer count (taken down), more than the prints verified per photo
    const gone = await createUserWithToken();
    const stored = await upload(gone, bytes);
    for (let i = 0; i < MAX_VERIFIED_PER_PHOTO; i++) {
      const ad = await shardAd(gone, { city: 'Delhi', status: 'INACTIVE', title: `Taken down ad ${i}` });
      await copyStoredPhoto(stored.id, ad.id);
    }
    // and one live ad of another seller holding a slightly cropped copy (a little farther than the exact ones)
    const other = await createUserWithToken();
    const live = await shardAd(other, { city: 'Pune' });
    const theirs = await upload(other, toJpeg(crop(picture, { left: 0.02 }), 80));
    await env.DB.prepare('UPDATE media SET listing_id = ?, position = 0 WHERE id = ?').bind(live.id, theirs.id).run();

    const poster = await createUserWithToken();
    const mine = await upload(poster, bytes);
    const res = await post(poster, carAdBody(mine.url, { ...DELHI, title: 'Hyundai i20 Asta 2018 petrol' }));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.data.status, res.trace).toBe('PENDING');
  });
});
