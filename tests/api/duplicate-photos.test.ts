/**
 * Duplicate-photo detection and reporters told the outcome (decision 012), through the real worker:
 * photos are hashed at upload, a copy of another seller's live photo holds the new ad for review,
 * the same seller re-posting gets a 409 pointing at the ad they have, and reporters hear the result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { createListing, createUserWithToken, listingDb, onListingDbs, userRowsDb } from '../factories';
import { PHASH_PHOTOS } from '../fixtures/phash-photos';
import { addBorder, crop, decodeJpeg, flipVertical, fromBase64, mirror, resize, scene, toJpeg, turn, type Rgba } from '../factories/photo-variants';
import { PRINT_BACKFILL_CURSOR, backfillPhotoPrints } from '../../worker/services/photos/duplicate-photos';
import { V1_PRINT_BYTES } from '../../worker/lib/photo-print';
import { toWebp } from '../factories/webp';
import { drawDemoPhoto } from '../../scripts/seed/demo-photo';

type User = Awaited<ReturnType<typeof createUserWithToken>>;

const json = (user: { auth: Record<string, string> } | null, method: string, path: string, body?: unknown) =>
  call(path, {
    method,
    headers: { 'content-type': 'application/json', ...(user?.auth ?? {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const upload = async (user: User, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('image', new File([bytes.slice()], 'photo.jpg', { type: 'image/jpeg' }));
  const res = await call('/api/upload/image', { method: 'POST', headers: user.auth, body: form });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; url: string };
};

const original = (name: keyof typeof PHASH_PHOTOS) => fromBase64(PHASH_PHOTOS[name]);
/** what a copycat uploads: the photo saved smaller, at another quality, a sliver cropped */
const copyOf = (name: keyof typeof PHASH_PHOTOS) => toJpeg(resize(crop(decodeJpeg(original(name)), { left: 0.01, top: 0.01 }), 300, 225), 55);

const ad = (images: string[], subcategoryId = 'Laptops', title = 'Dell Inspiron 15 laptop, 16 GB RAM') => ({
  title,
  description: 'Bought last year, works perfectly, with charger and bag. No scratches.',
  price: 38_000,
  categoryId: 'Electronics',
  subcategoryId,
  location: 'Bengaluru',
  images,
  features: {},
});

const post = async (user: User, photos: Uint8Array[], subcategoryId?: string, title?: string) => {
  const urls = [];
  for (const p of photos) urls.push((await upload(user, p)).url);
  return json(user, 'POST', '/api/listings', ad(urls, subcategoryId, title));
};

/** How many ads a seller has, in whichever listings databases they are (decision 033). */
const sellerAds = async (userId: string) => (await onListingDbs<{ n: number }>('SELECT count(*) AS n FROM listings WHERE user_id = ?', userId)).reduce((n, r) => n + r.n, 0);

const moderator = async () => {
  const m = await createUserWithToken({ firstName: 'Mod' });
  await userRowsDb(m.id).prepare(`UPDATE users SET role = 'MODERATOR' WHERE id = ?`).bind(m.id).run();
  return m;
};

describe('hash at upload', () => {
  it('stores the 64-bit hash and its four bands with the photo (worker upload)', async () => {
    const user = await createUserWithToken();
    const { id } = await upload(user, original('shotA'));
    const row = await env.DB.prepare('SELECT phash, phash_b0, phash_b1, phash_b2, phash_b3 FROM media WHERE id = ?').bind(id).first<Record<string, unknown>>();
    expect(row?.phash).toMatch(/^[0-9a-f]{16}$/);
    const hex = row!.phash as string;
    expect([row!.phash_b0, row!.phash_b1, row!.phash_b2, row!.phash_b3]).toEqual([0, 1, 2, 3].map((i) => Number.parseInt(hex.slice(i * 4, i * 4 + 4), 16)));
  });
});

describe('posting with another seller’s photo', () => {
  it('holds the new ad (PENDING, DUPLICATE_PHOTOS): out of sight for others, and the queue shows both ads', async () => {
    const honest = await createUserWithToken({ firstName: 'Honest' });
    const first = await post(honest, [original('shotA')]);
    expect(first.status).toBe(201);
    expect(first.body.data.status).toBe('APPROVED');

    const copycat = await createUserWithToken({ firstName: 'Copycat' });
    const copied = await post(copycat, [original('laptop1'), copyOf('shotA')]);
    expect(copied.status).toBe(201);
    expect(copied.body.data).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
    const id = copied.body.data.id as string;
    expect((await call(`/api/listings/${id}`)).status).toBe(404);
    expect((await json(copycat, 'GET', `/api/listings/${id}`)).body.data.heldReason).toBe('DUPLICATE_PHOTOS');
    // the owner is told why
    const note = await json(copycat, 'GET', '/api/notifications');
    expect(note.body.data.notifications.some((n: { title: string; data?: { listingId?: string } }) => n.title === 'Your ad is waiting for a review' && n.data?.listingId === id)).toBe(true);

    const queue = await json(await moderator(), 'GET', '/api/admin/moderation?status=open');
    const item = queue.body.data.items.find((i: { listing: { id: string } }) => i.listing.id === id);
    expect(item.listing.heldReason).toBe('DUPLICATE_PHOTOS');
    expect(item.listing.images).toHaveLength(2);
    expect(item.matches).toHaveLength(1);
    expect(item.matches[0]).toMatchObject({ id: first.body.data.id });
    expect(item.matches[0].images[0]).toMatch(/\/api\/media\/u\//);
  });

  it('a different photo of the same kind of thing goes live; so does a copy of an ad older than 90 days', async () => {
    const a = await createUserWithToken();
    const b = await createUserWithToken();
    const old = await post(a, [original('shotB')]);
    expect(old.body.data.status).toBe('APPROVED');
    expect((await post(b, [original('shotC')])).body.data.status).toBe('APPROVED');
    await listingDb(old.body.data.id).prepare('UPDATE listings SET created_at = ? WHERE id = ?').bind(Date.now() - 91 * 24 * 3600_000, old.body.data.id).run();
    expect((await post(b, [copyOf('shotB')])).body.data.status).toBe('APPROVED');
  });

  it('a copy of a photo whose ad is no longer live does not hold', async () => {
    const a = await createUserWithToken();
    const b = await createUserWithToken();
    const sold = await post(a, [original('car1')], 'Laptops', 'Laptop shown by the road');
    await listingDb(sold.body.data.id).prepare(`UPDATE listings SET status = 'SOLD' WHERE id = ?`).bind(sold.body.data.id).run();
    expect((await post(b, [copyOf('car1')])).body.data.status).toBe('APPROVED');
  });

  it('an edit that adds another seller’s photo holds the ad; an edit that keeps its photos does not', async () => {
    const a = await createUserWithToken();
    const b = await createUserWithToken();
    expect((await post(a, [original('shotD')])).body.data.status).toBe('APPROVED');
    const mine = await post(b, [original('phone4')]);
    const id = mine.body.data.id as string;
    expect((await json(b, 'PUT', `/api/listings/${id}`, { price: 37_000 })).body.data.status).toBe('APPROVED');
    const added = (await upload(b, copyOf('shotD'))).url;
    const edited = await json(b, 'PUT', `/api/listings/${id}`, { images: [mine.body.data.images[0], added] });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });
});

describe('the same seller posting the same photo again', () => {
  it('in the same subcategory while the ad is up: 409 DUPLICATE_AD with a link to it, nothing stored', async () => {
    const seller = await createUserWithToken();
    const first = await post(seller, [original('phone1')]);
    expect(first.status).toBe(201);
    const before = await sellerAds(seller.id);
    const again = await post(seller, [copyOf('phone1')]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'DUPLICATE_AD', existingListingId: first.body.data.id });
    expect(again.body.error).toMatch(/already have an ad with this photo/);
    expect(again.body.existingListingUrl).toMatch(new RegExp(`/item/${first.body.data.slug}$`));
    expect(await sellerAds(seller.id)).toBe(before);
    // the photos of the refused post stay unattached (the orphan cleanup takes them)
    const attached = await env.DB.prepare('SELECT count(*) AS n FROM media WHERE owner_id = ? AND listing_id IS NOT NULL').bind(seller.id).first<{ n: number }>();
    expect(attached?.n).toBe(1);
  });

  it('in another subcategory, or once the first ad is sold: allowed, and never held for its own photo', async () => {
    const seller = await createUserWithToken();
    const first = await post(seller, [original('phone2')]);
    const elsewhere = await post(seller, [copyOf('phone2')], 'Tablets', 'Tablet with a stand');
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data.status).toBe('APPROVED');
    await listingDb(first.body.data.id).prepare(`UPDATE listings SET status = 'SOLD' WHERE id = ?`).bind(first.body.data.id).run();
    const relist = await post(seller, [copyOf('phone2')]);
    expect(relist.status).toBe(201);
    expect(relist.body.data.status).toBe('APPROVED');
  });
});

describe('reporters are told the outcome', () => {
  const reportersOf = async (listingId: string, n: number) => {
    const users: User[] = [];
    for (let i = 0; i < n; i++) {
      const u = await createUserWithToken({ firstName: `Reporter${i}` });
      expect((await json(u, 'POST', `/api/listings/${listingId}/report`, { reason: 'FRAUD' })).status).toBe(201);
      users.push(u);
    }
    return users;
  };
  const notesOf = async (u: User) =>
    (await json(u, 'GET', '/api/notifications')).body.data.notifications as { title: string; body: string; type: string; data?: Record<string, unknown> }[];

  it('approve: each reporter hears it was reviewed and kept; never who decided', async () => {
    const seller = await createUserWithToken();
    const listing = await createListing(seller, { title: 'Honest bicycle for sale' });
    const reporters = await reportersOf(listing.id, 3);
    const mod = await moderator();
    expect((await json(mod, 'POST', `/api/admin/listings/${listing.id}/decision`, { action: 'APPROVE', reason: 'Looks genuine' })).status).toBe(200);
    for (const r of reporters) {
      const note = (await notesOf(r)).find((n) => n.data?.listingId === listing.id);
      expect(note).toMatchObject({ type: 'SYSTEM', title: 'We reviewed the ad you reported', data: { reportOutcome: 'KEPT' } });
      expect(note!.body).toContain('Honest bicycle for sale');
      expect(JSON.stringify(note)).not.toContain(mod.id);
      expect(JSON.stringify(note)).not.toContain('Mod');
    }
    // the seller hears nothing about reporters, and nobody is told twice
    expect((await notesOf(seller)).some((n) => n.title === 'We reviewed the ad you reported')).toBe(false);
  });

  it('reject: each reporter hears it was removed, with thanks; earlier reporters of a closed report are not told again', async () => {
    const seller = await createUserWithToken();
    const listing = await createListing(seller, { title: 'Too good to be true phone' });
    const [reporter] = await reportersOf(listing.id, 1);
    const mod = await moderator();
    expect((await json(mod, 'POST', `/api/admin/listings/${listing.id}/decision`, { action: 'REJECT', reason: 'Scam: asks for advance payment' })).status).toBe(200);
    const notes = (await notesOf(reporter!)).filter((n) => n.data?.listingId === listing.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'The ad you reported was removed', data: { reportOutcome: 'REMOVED' } });
    expect(notes[0]!.body).not.toContain('advance payment'); // the moderator's reason is for the seller
  });
});

describe('WebP copies (decoded by the WASM decoder bundled with the Worker)', () => {
  it('a WebP upload is hashed, and a WebP copy of another seller’s live JPEG photo holds the ad', async () => {
    // a photo no other test here posts
    const photo = scene(400, 300, 401);
    const honest = await createUserWithToken({ firstName: 'Honest' });
    const first = await post(honest, [toJpeg(photo, 90)]);
    expect(first.body.data.status).toBe('APPROVED');

    const copycat = await createUserWithToken({ firstName: 'Copycat' });
    const webp = await toWebp(resize(photo, 320, 240), { quality: 60 });
    const { id: mediaId, url } = await upload(copycat, webp);
    expect(url).toMatch(/\.webp$/);
    const row = await env.DB.prepare('SELECT content_type, phash FROM media WHERE id = ?').bind(mediaId).first<{ content_type: string; phash: string | null }>();
    expect(row).toMatchObject({ content_type: 'image/webp' });
    expect(row!.phash).toMatch(/^[0-9a-f]{16}$/);

    const copied = await json(copycat, 'POST', '/api/listings', ad([url]));
    expect(copied.status).toBe(201);
    expect(copied.body.data).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });
});

/**
 * Edited copies (decision 012, "Mirrors, turns, crops and borders"): another account posts a
 * mirrored, turned, cropped or bordered copy of a live ad's photo. The plain hash misses each of
 * these; the print catches them and the ad is held, and the moderation queue shows the original.
 */
describe('edited copies of another seller’s live photo are held', { timeout: 60_000 }, () => {
  const edits: [string, (img: Rgba) => Rgba][] = [
    ['mirrored', mirror],
    ['flipped upside down', flipVertical],
    ['turned 90°', (img) => turn(img, 1)],
    ['turned 180°', (img) => turn(img, 2)],
    ['cropped 10% off the left', (img) => crop(img, { left: 0.1 })],
    ['cropped 8% all round', (img) => crop(img, { left: 0.08, right: 0.08, top: 0.08, bottom: 0.08 })],
    ['framed with a 12% black border', (img) => addBorder(img, 0.12, [0, 0, 0])],
  ];
  // one live original for every edit: each copycat's held ad is not live, so it is never another's match, and the
  // original is hashed and posted once rather than once per edit (the uploads' hashing is most of this file's time)
  const photo = scene(640, 480, 501);
  let first: { id: string };
  let mod: User;
  beforeAll(async () => {
    const honest = await createUserWithToken({ firstName: 'Honest' });
    const posted = await post(honest, [toJpeg(photo, 85)]);
    expect(posted.body.data.status).toBe('APPROVED');
    first = posted.body.data;
    mod = await moderator();
  });
  for (const [what, edit] of edits) {
    it(`${what}: PENDING with DUPLICATE_PHOTOS, and the queue's matches show the original first`, async () => {
      const copycat = await createUserWithToken({ firstName: 'Copycat' });
      const copied = await post(copycat, [toJpeg(edit(photo), 75)]);
      expect(copied.status).toBe(201);
      expect(copied.body.data).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });

      const queue = await json(mod, 'GET', '/api/admin/moderation?status=open');
      const item = queue.body.data.items.find((it: { listing: { id: string } }) => it.listing.id === copied.body.data.id);
      expect(item.matches[0].id).toBe(first.id);
    });
  }

  it('an unrelated photo, turned and cropped, still goes live (no false holds)', async () => {
    const honest = await createUserWithToken();
    expect((await post(honest, [toJpeg(scene(640, 480, 601), 85)])).body.data.status).toBe('APPROVED');
    const other = await createUserWithToken();
    const res = await post(other, [toJpeg(crop(turn(scene(640, 480, 602), 1), { top: 0.05 }), 80)]);
    expect(res.body.data.status).toBe('APPROVED');
  });

  it('stores a print and its crop windows with every hashed upload; deleting the photo deletes them', async () => {
    const user = await createUserWithToken();
    const { id } = await upload(user, toJpeg(scene(400, 300, 603), 85));
    const print = await env.DB.prepare('SELECT length(print) AS n FROM media_prints WHERE media_id = ?').bind(id).first<{ n: number }>();
    // version 2: 2 bytes, then 1,028 per frame (one to three framings of the photo)
    expect([1030, 2058, 3086]).toContain(print?.n);
    const windows = await env.DB.prepare('SELECT count(*) AS n FROM media_print_windows WHERE media_id = ?').bind(id).first<{ n: number }>();
    expect(windows?.n).toBeGreaterThan(10);
    await env.DB.prepare('DELETE FROM media WHERE id = ?').bind(id).run();
    expect(await env.DB.prepare('SELECT 1 FROM media_print_windows WHERE media_id = ?').bind(id).first()).toBeNull();
    expect(await env.DB.prepare('SELECT 1 FROM media_prints WHERE media_id = ?').bind(id).first()).toBeNull();
  });
});

/** A demo pool picture, drawn once per file (the edits below make new pixels, never change it). */
const drawn = new Map<string, Rgba>();
const demo = (sub: string, n: number): Rgba => {
  const key = `${sub}:${n}`;
  if (!drawn.has(key)) {
    const c = drawDemoPhoto(sub, n);
    drawn.set(key, { width: c.width, height: c.height, data: c.data });
  }
  return drawn.get(key)!;
};

/**
 * The demo photos stand for different sellers' photos of different items (decision 012, "Demo photos"):
 * two pool pictures of one subcategory — what two demo ads show — must not hold each other, while an
 * edited copy of one still must. The pairs are ones the earlier generator (one drawing per subcategory,
 * jittered: in effect crops of one picture) drew so alike that the second ad was held.
 */
describe('demo photos of one kind of thing by different sellers', { timeout: 60_000 }, () => {
  const pairs: [string, string, number, number][] = [
    ['Motorcycle', 'vehicles-motorcycles', 1, 2],
    ['Personal services', 'services-personal', 2, 3],
  ];
  it('each ad goes live; a mirrored copy of one is still held', async () => {
    for (const [label, sub, a, b] of pairs) {
      const one = await createUserWithToken({ firstName: 'One' });
      expect((await post(one, [toJpeg(demo(sub, a), 70)], undefined, `${label} demo ${a}`)).body.data.status).toBe('APPROVED');
      const two = await createUserWithToken({ firstName: 'Two' });
      const second = await post(two, [toJpeg(demo(sub, b), 70)], undefined, `${label} demo ${b}`);
      expect(second.status).toBe(201);
      expect(second.body.data, `${sub} ${b} after ${a}`).toMatchObject({ status: 'APPROVED' });
    }
    // the check still works on these photos: a mirrored copy of the first is held
    const [label, sub, a] = pairs[0]!;
    const copycat = await createUserWithToken({ firstName: 'Copycat' });
    const copied = await post(copycat, [toJpeg(mirror(demo(sub, a)), 75)], undefined, `${label} copy of ${a}`);
    expect(copied.body.data, `mirrored ${sub} ${a}`).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
  });
});

/**
 * Edits of demo-like photos that the single trimmed frame missed (decision 012, "Borders, all-round
 * crops"): these pictures have plain walls, tables and roads at their edges, so the border trim took a
 * different amount off the original and the bordered copy, and a 10 % crop all round was compared
 * against a blurred enlargement of the original's crop. Each copy here went live on the old code.
 */
describe('edited copies of demo-like photos with plain edges are held', { timeout: 60_000 }, () => {
  const scaled = (img: Rgba, width: number) => resize(img, width, Math.round((width * img.height) / img.width));
  const cases: [string, string, number, (img: Rgba) => Rgba][] = [
    ['cropped 10% all round', 'services-consulting', 1, (img) => crop(img, { left: 0.1, right: 0.1, top: 0.1, bottom: 0.1 })],
    ['framed with a 10% black border', 'electronics-laptops', 2, (img) => addBorder(img, 0.1, [0, 0, 0])],
    ['mirrored, framed in near-white and resized to 400 px', 'electronics-laptops', 1, (img) => scaled(addBorder(mirror(img), 0.08, [250, 250, 250]), 400)],
  ];
  for (const [what, sub, n, edit] of cases) {
    it(`${what} (${sub} ${n}): PENDING with DUPLICATE_PHOTOS`, async () => {
      const honest = await createUserWithToken({ firstName: 'Honest' });
      expect((await post(honest, [toJpeg(demo(sub, n), 70)], undefined, `Demo ${sub} ${n}`)).body.data.status).toBe('APPROVED');
      const copycat = await createUserWithToken({ firstName: 'Copycat' });
      const copied = await post(copycat, [toJpeg(edit(demo(sub, n)), 75)], undefined, `Copy of ${sub} ${n}`);
      expect(copied.status).toBe(201);
      expect(copied.body.data, `${what} ${sub} ${n}`).toMatchObject({ status: 'PENDING', heldReason: 'DUPLICATE_PHOTOS' });
    });
  }
});

describe('photos stored before prints: the plain hash still finds them, and the backfill gives them prints', () => {
  // the backfill's cursor goes with the file, so a later file sharing the storage starts its backfill afresh
  afterAll(() => env.CACHE.delete(PRINT_BACKFILL_CURSOR));
  it('a legacy photo (no print) is found by its plain hash; after the backfill a mirrored copy is held too', async () => {
    const photo = scene(640, 480, 701);
    const honest = await createUserWithToken();
    const first = await post(honest, [toJpeg(photo, 85)]);
    const mediaId = (await env.DB.prepare('SELECT id FROM media WHERE listing_id = ?').bind(first.body.data.id).first<{ id: string }>())!.id;
    // as if stored before migration 0027
    await env.DB.prepare('DELETE FROM media_prints WHERE media_id = ?').bind(mediaId).run();
    await env.DB.prepare('DELETE FROM media_print_windows WHERE media_id = ?').bind(mediaId).run();

    const copycat = await createUserWithToken();
    expect((await post(copycat, [toJpeg(resize(photo, 320, 240), 60)])).body.data.status).toBe('PENDING');
    expect((await post(copycat, [toJpeg(mirror(photo), 80)], 'Tablets', 'Tablet with a stand')).body.data.status).toBe('APPROVED');

    await env.CACHE.delete(PRINT_BACKFILL_CURSOR);
    expect(await backfillPhotoPrints(env, 500)).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare('SELECT 1 FROM media_prints WHERE media_id = ?').bind(mediaId).first()).not.toBeNull();
    expect(await backfillPhotoPrints(env, 500)).toBe(0); // done for good
    expect((await post(copycat, [toJpeg(mirror(photo), 80)], 'Cameras', 'Camera bag')).body.data.status).toBe('PENDING');
  });

  it('a version-1 print (one trimmed frame) still finds copies, and the backfill re-prints it with every frame', async () => {
    const photo = scene(640, 480, 702);
    const honest = await createUserWithToken();
    const first = await post(honest, [toJpeg(addBorder(photo, 0.05, [240, 240, 240]), 85)]);
    const mediaId = (await env.DB.prepare('SELECT id FROM media WHERE listing_id = ?').bind(first.body.data.id).first<{ id: string }>())!.id;
    // as stored before frames: version byte 1, the trimmed frame's aspect and thumbnail; its windows only
    const v2 = new Uint8Array((await env.DB.prepare('SELECT print FROM media_prints WHERE media_id = ?').bind(mediaId).first<{ print: ArrayBuffer }>())!.print);
    const v1 = new Uint8Array(V1_PRINT_BYTES);
    v1[0] = 1;
    v1.set(v2.subarray(2, 2 + V1_PRINT_BYTES - 1), 1);
    await env.DB.prepare('UPDATE media_prints SET print = ? WHERE media_id = ?').bind(v1, mediaId).run();
    await env.DB.prepare('DELETE FROM media_print_windows WHERE media_id = ? AND win >= 16').bind(mediaId).run();

    const copycat = await createUserWithToken();
    expect((await post(copycat, [toJpeg(turn(photo, 1), 80)])).body.data.status).toBe('PENDING');

    await env.CACHE.delete(PRINT_BACKFILL_CURSOR);
    expect(await backfillPhotoPrints(env, 500)).toBeGreaterThanOrEqual(1);
    const after = await env.DB.prepare('SELECT length(print) AS n FROM media_prints WHERE media_id = ?').bind(mediaId).first<{ n: number }>();
    expect(after?.n).not.toBe(V1_PRINT_BYTES);
    expect([1030, 2058, 3086]).toContain(after?.n);
    expect((await post(copycat, [toJpeg(mirror(photo), 80)], 'Cameras', 'Camera bag')).body.data.status).toBe('PENDING');
  });
});
