import { carAdBody } from '../factories/car-ad';
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../factories/images';
import { createListing, createUserWithToken } from '../factories';
import { ReplicatedD1 } from '../support/simulated-d1';
import { Browser } from '../support/simulated-worker';
import { BOOKMARK_HEADER } from '../../worker/db/session';

/**
 * D1 read replicas (decision 022): the worker reads through the Sessions API, a replica here
 * lags behind the primary (frozen: it replays none of the writes), and a user's bookmark must still
 * show them every write of their own while a guest's unconstrained read may be stale.
 */
const d1 = new ReplicatedD1(env.DB, env.DB_REPLICA);
type User = Awaited<ReturnType<typeof createUserWithToken>>;
let seller: User;
let buyer: User;
let listed: { id: string };

const json = (auth: Record<string, string>, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...auth, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

beforeAll(async () => {
  await applyD1Migrations(env.DB_REPLICA!, env.TEST_MIGRATIONS ?? []);
  seller = await createUserWithToken({ isVerified: true });
  buyer = await createUserWithToken({ isVerified: true });
  listed = await createListing(seller, { title: 'Hero Splendor Plus 2021 single owner' });
  // rows written around the simulation (the factories) reach the replica once, here
  await d1.copyTables(['users', 'sessions', 'listings', 'media']);
  d1.lagWrites = Infinity;
});

const postAd = async (browser: Browser, user: User) => {
  const form = new FormData();
  form.append('image', new File([jpegBytes()], 'bike.jpg', { type: 'image/jpeg' }));
  const upload = await browser.call('/api/upload/image', { method: 'POST', headers: user.auth, body: form });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const posted = await browser.call(
    '/api/listings',
    json(user.auth, 'POST', carAdBody(upload.body.data.url)),
  );
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  return posted;
};

describe('read replicas through the Sessions API', () => {
  it('a seller sees the ad they just posted in My Ads, while a guest may read the lagging replica', async () => {
    const sellerTab = new Browser(d1);
    const posted = await postAd(sellerTab, seller);
    // the write's answer carries its bookmark, and the client keeps it
    expect(posted.headers.get(BOOKMARK_HEADER)).toBeTruthy();
    const mine = await sellerTab.call('/api/listings/user/my-listings', { headers: seller.auth });
    expect(mine.status).toBe(200);
    expect(mine.body.data.listings.map((l: { id: string }) => l.id)).toContain(posted.body.data.id);

    // a second device without the bookmark reads unconstrained: the replica has not caught up
    const otherDevice = new Browser(d1, undefined, false);
    const stale = await otherDevice.call('/api/listings/user/my-listings', { headers: seller.auth });
    expect(stale.replicaCalls).toBeGreaterThan(0);
    expect(stale.body.data.listings.map((l: { id: string }) => l.id)).not.toContain(posted.body.data.id);
    const guest = await new Browser(d1, undefined, false).call(`/api/listings/${posted.body.data.id}`);
    expect(guest.status).toBe(404);
  });

  it('a buyer who favourites an ad finds it among their favourites at once', async () => {
    const tab = new Browser(d1);
    const fav = await tab.call(`/api/listings/${listed.id}/favorite`, json(buyer.auth, 'POST', { isFavorite: true }));
    expect(fav.status, JSON.stringify(fav.body)).toBe(200);
    const favourites = await tab.call('/api/listings/user/favorites', { headers: buyer.auth });
    expect(favourites.body.data.listings.map((l: { id: string }) => l.id)).toContain(listed.id);
    const ad = await tab.call(`/api/listings/${listed.id}`, { headers: buyer.auth });
    expect(ad.body.data.isFavorite).toBe(true);
    // the replica alone still says no: what the bookmark saved the buyer from
    const elsewhere = await new Browser(d1, undefined, false).call(`/api/listings/${listed.id}`, { headers: buyer.auth });
    expect(elsewhere.body.data.isFavorite).toBe(false);
  });

  it('a buyer sees the message they just sent over REST in the conversation history', async () => {
    // the replica follows every write made through the worker's session at once; the chat room
    // copies its messages to D1 by itself, so the replica has not seen those
    d1.lagWrites = 0;
    const tab = new Browser(d1);
    const chat = await tab.call('/api/messages/chats', json(buyer.auth, 'POST', { listingId: listed.id }));
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    const chatId = chat.body.data.chat.id as string;
    const sent = await tab.call('/api/messages/messages', json(buyer.auth, 'POST', { chatId, content: 'Is the price negotiable?' }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const history = await tab.call(`/api/messages/chats/${chatId}/messages`, { headers: buyer.auth });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.messages.map((m: { content: string }) => m.content)).toContain('Is the price negotiable?');
    d1.lagWrites = Infinity;
  });

  it('ignores a bookmark header that is not one, and reads unconstrained', async () => {
    const res = await new Browser(d1, undefined, false).call(`/api/listings/${listed.id}`, { headers: { [BOOKMARK_HEADER]: "'; DROP TABLE users; --" } });
    expect(res.status).toBe(200);
    expect(res.replicaCalls).toBeGreaterThan(0);
  });
});
