import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../factories';
import { ROUND_TRIP_BUDGET } from '../../worker/db/round-trip-budget';
import { createShardListing } from './shard-factory';
import { roundTripCounting } from './round-trip-counting';

/**
 * Chat's ad block with the ads over four databases (decision 033): the conversations come from the
 * core, their ads (title, price, cover photo, status, link) from the ads' own databases side by side,
 * so the chat list and a conversation's view wait on no more than the read budget.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
const counted = roundTripCounting();
const post = (auth: Record<string, string>, path: string, body: unknown) =>
  counted(path, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

let seller: User;
let buyer: User;
// Pune (database 0) with two photos; Chennai (database 3) without any
let pune: Awaited<ReturnType<typeof createShardListing>>;
let chennai: Awaited<ReturnType<typeof createShardListing>>;
const chats: Record<string, string> = {};

type Block = { id: string; title: string; price: number; slug: string; image: string | null; status: string } | null;
const blockOf = (chat: { listing: Block }) => chat.listing && { ...chat.listing, image: chat.listing.image && new URL(chat.listing.image).pathname };

beforeAll(async () => {
  seller = await createUserWithToken({ firstName: 'Meera' });
  buyer = await createUserWithToken({ firstName: 'Arjun' });
  pune = await createShardListing(seller, { title: 'Honda City 2015 petrol', city: 'Pune', price: 450_000, images: ['listings/chat-pune-cover.jpg', 'listings/chat-pune-side.jpg'] });
  chennai = await createShardListing(seller, { title: 'Royal Enfield Bullet 350', city: 'Chennai', price: 120_000 });
  expect([pune.database, chennai.database]).toEqual([0, 3]);
  for (const ad of [pune, chennai]) {
    const res = await post(buyer.auth, '/api/messages/chats', { listingId: ad.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    chats[ad.id] = res.body.data.chat.id;
  }
});

describe("a conversation's ad over four databases", () => {
  it('starting one answers with its ad block, read with the ad from its own database', async () => {
    const again = await post(buyer.auth, '/api/messages/chats', { listingId: pune.id });
    expect(again.status).toBe(200);
    expect(blockOf(again.body.data.chat)).toEqual({
      id: pune.id, title: 'Honda City 2015 petrol', price: 450_000, currency: 'INR', slug: pune.slug, image: '/api/media/listings/chat-pune-cover.jpg', status: 'APPROVED',
    });
  });

  it('opening one, new or again, waits within the write budget: the ad beside the existing conversation, then the checks beside the insert', async () => {
    const ad = await createShardListing(seller, { title: 'Maruti Baleno 2019', city: 'Chennai' });
    const opened = await post(buyer.auth, '/api/messages/chats', { listingId: ad.id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.roundTrips, opened.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.write);
    const again = await post(buyer.auth, '/api/messages/chats', { listingId: ad.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.roundTrips, again.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.write);
    expect(again.body.data.chat).toEqual(opened.body.data.chat);
    expect(blockOf(opened.body.data.chat)).toMatchObject({ id: ad.id, title: 'Maruti Baleno 2019', slug: ad.slug, status: 'APPROVED' });
  });

  it('the chat list shows every ad from its own database, within the read budget', async () => {
    for (const user of [buyer, seller]) {
      const list = await counted('/api/messages/chats', { headers: user.auth });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.roundTrips, list.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.read);
      const byChat = Object.fromEntries(list.body.data.chats.map((c: { id: string; listing: Block }) => [c.id, blockOf(c)]));
      expect(byChat[chats[pune.id]!]).toMatchObject({ title: 'Honda City 2015 petrol', price: 450_000, slug: pune.slug, image: '/api/media/listings/chat-pune-cover.jpg', status: 'APPROVED' });
      expect(byChat[chats[chennai.id]!]).toMatchObject({ title: 'Royal Enfield Bullet 350', price: 120_000, slug: chennai.slug, image: null, status: 'APPROVED' });
    }
  });

  it("a conversation's view reads its ad from the ad's database, within the read budget", async () => {
    const view = await counted(`/api/messages/chats/${chats[chennai.id]}`, { headers: buyer.auth });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.roundTrips, view.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.read);
    expect(blockOf(view.body.data)).toMatchObject({ id: chennai.id, title: 'Royal Enfield Bullet 350', slug: chennai.slug, status: 'APPROVED' });
  });

  it("follows the ad's changes in its database: sold, then gone with the title the conversation kept", async () => {
    await chennai.db.prepare(`UPDATE listings SET status = 'SOLD' WHERE id = ?`).bind(chennai.id).run();
    const sold = await counted(`/api/messages/chats/${chats[chennai.id]}`, { headers: seller.auth });
    expect(blockOf(sold.body.data)).toMatchObject({ title: 'Royal Enfield Bullet 350', status: 'SOLD' });
    // archived: the ad left its database, the conversation keeps its title (decision 021)
    await env.DB.prepare('UPDATE chats SET listing_title = ? WHERE id = ?').bind('Royal Enfield Bullet 350', chats[chennai.id]).run();
    await chennai.db.prepare('DELETE FROM listings WHERE id = ?').bind(chennai.id).run();
    const list = await counted('/api/messages/chats', { headers: buyer.auth });
    const gone = list.body.data.chats.find((c: { id: string }) => c.id === chats[chennai.id]);
    expect(blockOf(gone)).toMatchObject({ title: 'Royal Enfield Bullet 350', slug: '', image: null, status: 'ARCHIVED' });
  });

  it('sending a message over REST reads no ad at all and stays within the write budget', async () => {
    const sent = await post(buyer.auth, '/api/messages/messages', { chatId: chats[pune.id], content: 'Is the price final?' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.roundTrips, sent.trace).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.write);
    expect(sent.trace).not.toMatch(/FROM listings/);
  });
});
