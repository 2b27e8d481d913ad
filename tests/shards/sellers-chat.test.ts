import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { createShardListing } from './shard-factory';

/**
 * A seller's page and starting a conversation with the ads over four databases (decision 033): the
 * page lists the seller's live ads from every database, merged; a chat starts from the ad's own.
 */
type User = Awaited<ReturnType<typeof createUserWithToken>>;
let seller: User;
const ads: { id: string; title: string }[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  seller = await createUserWithToken({ firstName: 'Ravi' });
  const base = Date.now() - 10 * HOUR;
  // newest first: Chennai (3), Delhi (1), Pune (0), Ahmedabad (2); prices in another order
  for (const [i, [city, price]] of ([['Ahmedabad', 30_000], ['Pune', 10_000], ['Delhi', 40_000], ['Chennai', 20_000]] as const).entries()) {
    ads.push(await createShardListing(seller, { title: `Ravi's ad in ${city}`, city, price, createdAt: base + i * HOUR }));
  }
  await createShardListing(seller, { title: 'Sold one', city: 'Delhi', status: 'SOLD', createdAt: base + 5 * HOUR });
});

describe("a seller's page over four databases", () => {
  it('counts the live ads of every database', async () => {
    const res = await call(`/api/sellers/${seller.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.liveAds).toBe(4);
  });

  it('lists them merged, newest first and by price, across pages', async () => {
    const titles = async (query: string) => {
      const out: string[] = [];
      for (const page of [1, 2]) {
        const res = await call(`/api/sellers/${seller.id}/listings?limit=2&page=${page}${query}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.pagination).toMatchObject({ page, limit: 2, total: 4, pages: 2 });
        out.push(...res.body.data.listings.map((l: { title: string }) => l.title.replace("Ravi's ad in ", '')));
      }
      return out;
    };
    expect(await titles('')).toEqual(['Chennai', 'Delhi', 'Pune', 'Ahmedabad']);
    expect(await titles('&sort=price-low')).toEqual(['Pune', 'Chennai', 'Ahmedabad', 'Delhi']);
    expect(await titles('&sort=price-high')).toEqual(['Delhi', 'Ahmedabad', 'Chennai', 'Pune']);
  });
});

describe('starting a conversation over four databases', () => {
  it("reads the ad's seller from the ad's own database; opening it again returns the same chat", async () => {
    const buyer = await createUserWithToken();
    const start = () => call('/api/messages/chats', { method: 'POST', headers: { 'content-type': 'application/json', ...buyer.auth }, body: JSON.stringify({ listingId: ads[2]!.id }) });
    const first = await start();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const row = await env.DB.prepare('SELECT listing_id, buyer_id, seller_id FROM chats WHERE id = ?').bind(first.body.data.chat.id).first();
    expect(row).toEqual({ listing_id: ads[2]!.id, buyer_id: buyer.id, seller_id: seller.id });
    const again = await start();
    expect(again.status).toBe(200);
    expect(again.body.data.chat.id).toBe(first.body.data.chat.id);
    // the seller cannot open one on their own ad
    const own = await call('/api/messages/chats', { method: 'POST', headers: { 'content-type': 'application/json', ...seller.auth }, body: JSON.stringify({ listingId: ads[0]!.id }) });
    expect(own.body.code).toBe('OWN_LISTING');
  });
});
