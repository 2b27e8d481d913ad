import { carAdBody } from '../factories/car-ad';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../factories/images';
import { scene, toJpeg } from '../factories/photo-variants';
import { createListing, createUserWithToken } from '../factories';
import { ReplicatedD1 } from '../support/simulated-d1';
import { Browser, type SimulatedAnswer } from '../support/simulated-worker';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { MAX_WINDOW_STATEMENTS } from '../../worker/services/photos/duplicate-photos';

/**
 * The database round trips each journey waits on (decision 022), counted by the simulated D1:
 * calls issued after an earlier one finished, in one request; a batch or calls in flight together
 * count once. `npm run bench:journeys` prices the same journeys at 0, 30 and 150 ms a round trip.
 */
const d1 = new ReplicatedD1(env.DB);
/**
 * Posting with a camera photo: it is looked up among other sellers' photos (the duplicate rule,
 * decision 012) in posting's first read, from the lookup keys kept with the photo at upload, so it
 * costs no round trip of its own: within the write budget (it was 4 while the lookup needed the
 * print read first; decision 022).
 */
const POSTING_WITH_PRINTED_PHOTO = 3;
type User = Awaited<ReturnType<typeof createUserWithToken>>;
let seller: User;
let buyer: User;
let ad: { id: string; slug: string };
let chatId: string;
const tab = new Browser(d1);

const json = (auth: Record<string, string>, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...auth, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true });
  buyer = await createUserWithToken({ isVerified: true });
  for (let i = 0; i < 6; i++) await createListing(seller, { title: `Honda Activa 6G scooter ${i}`, city: 'Pune', categoryId: 'Vehicles', subcategoryId: 'Scooters' });
  ad = await createListing(seller, { title: 'Maruti Swift VXI 2018 petrol', city: 'Pune' });
  const chat = await tab.call('/api/messages/chats', json(buyer.auth, 'POST', { listingId: ad.id }));
  expect(chat.status, JSON.stringify(chat.body)).toBe(201);
  chatId = chat.body.data.chat.id;
});

const within = (answer: SimulatedAnswer, budget: number, ok = 200) => {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(ok);
  if (process.env.ROUND_TRIP_TRACE) console.log(answer.trace.map((t) => `${t.depth} ${t.where} ${t.sql}`).join('\n'));
  expect.soft(answer.roundTrips, `${answer.roundTrips} round trips (${answer.calls} calls): ${answer.trace.map((t) => `\n  ${t.depth} ${t.sql.slice(0, 90)}`).join('')}`).toBeLessThanOrEqual(budget);
};

describe('database round trips per request, within the budget', () => {
  it('guest pages rendered anew: a category page in a city and an ad page', async () => {
    // a warm isolate: the category tree is kept in memory after its first read (services/listings/catalog.ts)
    await tab.call('/products?category=Vehicles');
    within(await tab.call('/products?category=Vehicles&location=Pune'), ROUND_TRIP_BUDGET.read);
    within(await tab.call(`/item/${ad.slug}`), ROUND_TRIP_BUDGET.read);
  });

  it('a guest first page waits on one round trip: featured pins come with their page, an ad with its related ads', async () => {
    // a featured ad pinned on page 1 of its subcategory, older than the page's own newest row
    const bikes = { city: 'Pune', categoryId: 'vehicles', subcategoryId: 'vehicles-motorcycles' };
    const featured = await createListing(seller, { ...bikes, title: 'Royal Enfield Classic 350 2021', isFeatured: true, createdAt: Date.now() - 3 * 86_400_000 });
    const newest = await createListing(seller, { ...bikes, title: 'Bajaj Pulsar 150 2019', createdAt: Date.now() });
    const pinnedPage = await tab.call('/api/listings?category=vehicles&subcategory=vehicles-motorcycles&page=1&limit=1');
    const cards = pinnedPage.body.data.listings.map((l: { id: string; pinned?: boolean }) => [l.id, l.pinned ?? false]);
    expect(cards).toEqual([
      [featured.id, true],
      [newest.id, false],
    ]);
    within(pinnedPage, 1);
    // the ad and its related ads: one batch, the page's only database call
    const adPage = await tab.call(`/item/${ad.slug}`);
    within(adPage, 1);
    expect(adPage.calls, adPage.trace.map((t) => t.sql.slice(0, 90)).join('\n')).toBe(1);
    expect(adPage.body).toContain(`/listings/${ad.id}/related?limit=4`);
  });

  it('signed-in reads: search, an ad, My Ads, the chat list', async () => {
    within(await tab.call('/api/listings?category=Vehicles&page=1&limit=20', { headers: buyer.auth }), ROUND_TRIP_BUDGET.read);
    within(await tab.call(`/api/listings/${ad.id}`, { headers: buyer.auth }), ROUND_TRIP_BUDGET.read);
    within(await tab.call('/api/listings/user/my-listings', { headers: seller.auth }), ROUND_TRIP_BUDGET.read);
    within(await tab.call('/api/messages/chats', { headers: buyer.auth }), ROUND_TRIP_BUDGET.read);
  });

  it('opening notifications: the list and the counts wait on no notification query in D1 (the inbox object holds them, decision 032)', async () => {
    const list = await tab.call('/api/notifications?page=1&limit=20', { headers: seller.auth });
    within(list, ROUND_TRIP_BUDGET.read);
    expect(list.trace.filter((t) => /notifications/i.test(t.sql))).toEqual([]);
    // the chats' unread messages from D1 and the inbox's unread notifications are asked side by side
    const counts = await tab.call('/api/notifications/unread-count', { headers: seller.auth });
    within(counts, ROUND_TRIP_BUDGET.read);
    expect(counts.trace.filter((t) => /notifications/i.test(t.sql))).toEqual([]);
  });

  it('opening a conversation, new or again: the ad beside the existing one, then the checks beside the insert (9 waits before)', async () => {
    const other = await createListing(seller, { title: 'Tata Nexon XZ 2020 diesel', city: 'Pune' });
    const opened = await tab.call('/api/messages/chats', json(buyer.auth, 'POST', { listingId: other.id }));
    within(opened, ROUND_TRIP_BUDGET.write, 201);
    const again = await tab.call('/api/messages/chats', json(buyer.auth, 'POST', { listingId: other.id }));
    within(again, ROUND_TRIP_BUDGET.write, 200);
    expect(again.body.data.chat).toEqual(opened.body.data.chat);
    // the same answer as the conversation's own page
    expect((await tab.call(`/api/messages/chats/${opened.body.data.chat.id}`, { headers: buyer.auth })).body.data).toEqual(opened.body.data.chat);
    expect(opened.body.data.chat).toMatchObject({ seller: { id: seller.id }, listing: { id: other.id, title: 'Tata Nexon XZ 2020 diesel' } });
  });

  it('writes: favourite an ad, send a chat message over REST, post an ad', async () => {
    within(await tab.call(`/api/listings/${ad.id}/favorite`, json(buyer.auth, 'POST', { isFavorite: true })), ROUND_TRIP_BUDGET.write);
    within(await tab.call('/api/messages/messages', json(buyer.auth, 'POST', { chatId, content: 'Still available?' })), ROUND_TRIP_BUDGET.write, 201);
    const form = new FormData();
    form.append('image', new File([jpegBytes()], 'car.jpg', { type: 'image/jpeg' }));
    const upload = await tab.call('/api/upload/image', { method: 'POST', headers: seller.auth, body: form });
    within(upload, ROUND_TRIP_BUDGET.write, 201);
    const posted = await tab.call(
      '/api/listings',
      json(
        seller.auth,
        'POST',
        carAdBody(upload.body.data.url, {
          title: 'Hyundai i20 Asta 2019 petrol',
          description: 'Second owner, 38,000 km, full service history, new tyres.',
          price: 610000,
          features: { brand: 'Hyundai', model: 'i20', year: 2019, fuel: 'Petrol', transmission: 'Manual', kmDriven: 38000, noOfOwners: '2nd' },
        }),
      ),
    );
    // posting waits on the account, then the photos (with their prints) beside the free-ad limit,
    // then one write batch that reads the ad back; the outbox dispatch runs after the answer
    within(posted, ROUND_TRIP_BUDGET.write, 201);

    const photo = new FormData();
    photo.append('image', new File([toJpeg(scene(640, 480, 2203), 85)], 'bike.jpg', { type: 'image/jpeg' }));
    // the buyer posts (the seller's one free Cars ad is used)
    const printed = await tab.call('/api/upload/image', { method: 'POST', headers: buyer.auth, body: photo });
    expect(printed.status).toBe(201);
    const withPrint = await tab.call(
      '/api/listings',
      json(buyer.auth, 'POST', carAdBody(printed.body.data.url, { title: 'Honda City ZX 2012 petrol', description: 'Single owner, 71,000 km, papers clear.', price: 290000 })),
    );
    expect(withPrint.status, JSON.stringify(withPrint.body).slice(0, 300)).toBe(201);
    // the lookup ran, in the photos' own read: the photo and its 1 + MAX_WINDOW_STATEMENTS lookup statements in one batch
    expect(
      withPrint.trace.some((t) => t.sql.startsWith(`[batch of ${2 + MAX_WINDOW_STATEMENTS}] SELECT m.id, m.r2_key, m.phash`)),
      withPrint.trace.map((t) => `${t.depth} ${t.sql.slice(0, 120)}`).join('\n'),
    ).toBe(true);
    expect(withPrint.roundTrips, withPrint.trace.map((t) => `${t.depth} ${t.sql.slice(0, 90)}`).join('\n')).toBeLessThanOrEqual(POSTING_WITH_PRINTED_PHOTO);
  });
});
