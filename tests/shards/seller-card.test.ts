import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { carAd } from '../factories/car-ad';
import { createUserWithToken } from '../factories';
import { banUser, unbanUser } from '../../worker/services/trust/admin';
import type { Env } from '../../worker/env';
import { signToken } from '../../worker/lib/jwt';

/**
 * The seller card copied beside a seller's ads in each listings database (decision 033) follows the
 * account: profile edits, a ban and its lifting, a deleted account. A seller here sells in two groups
 * of states (Delhi: database 1, Chennai: database 3); databases 0 and 2 never get their card.
 */
const listingsDbs = [env.LISTINGS_0!, env.LISTINGS_1!, env.LISTINGS_2!, env.LISTINGS_3!];
const PLACES = [
  { state: 'Delhi', city: 'Delhi', neighbourhood: 'Alaknanda' },
  { state: 'Tamil Nadu', city: 'Chennai', neighbourhood: 'Adyar' },
];
const json = (auth: Record<string, string>, method: string, path: string, body?: unknown) =>
  call(path, { method, headers: { ...auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

let seller: Awaited<ReturnType<typeof createUserWithToken>>;
const ads: string[] = [];
const cards = () => Promise.all(listingsDbs.map((db) => db.prepare('SELECT first_name, business_name, avatar FROM users WHERE id = ?').bind(seller.id).first()));
const statuses = () => Promise.all(ads.map((id, i) => listingsDbs[i === 0 ? 1 : 3]!.prepare('SELECT status FROM listings WHERE id = ?').bind(id).first<{ status: string }>().then((r) => r?.status)));

beforeAll(async () => {
  seller = await createUserWithToken({ isVerified: true, firstName: 'Anil' });
  await env.DB.prepare(`UPDATE free_ad_limits SET free_ads = 20`).run();
  for (const [i, place] of PLACES.entries()) {
    const res = await json(seller.auth, 'POST', '/api/listings', await carAd(seller, { ...place, title: `Skoda Slavia Style 2023 number ${i}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ads.push(res.body.data.id);
  }
});

describe('seller-card fan-out', () => {
  it('a profile edit shows on both ads and in search, in the two databases that hold the card only', async () => {
    const res = await json(seller.auth, 'PUT', '/api/auth/profile', { firstName: 'Anilkumar', businessName: 'Anil Motors' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await cards()).toEqual([null, { first_name: 'Anilkumar', business_name: 'Anil Motors', avatar: null }, null, { first_name: 'Anilkumar', business_name: 'Anil Motors', avatar: null }]);
    for (const id of ads) {
      const read = await call(`/api/listings/${id}`);
      expect(read.body.data.user).toMatchObject({ firstName: 'Anilkumar', businessName: 'Anil Motors' });
    }
    const found = await call('/api/listings?q=slavia&limit=10');
    expect(found.body.data.listings.map((l: { user: { firstName: string } }) => l.user.firstName)).toEqual(['Anilkumar', 'Anilkumar']);
  });

  it("a ban holds the seller's ads in every database; lifting it puts them back", async () => {
    const admin = await createUserWithToken();
    await env.DB.prepare(`UPDATE users SET role = 'ADMIN' WHERE id = ?`).bind(admin.id).run();
    await banUser(env as unknown as Env, admin.id, seller.id, 'spam');
    expect(await statuses()).toEqual(['PENDING', 'PENDING']);
    expect((await call('/api/listings?q=slavia&limit=10')).body.data.listings).toHaveLength(0);
    await unbanUser(env as unknown as Env, admin.id, seller.id, 'appeal accepted');
    expect(await statuses()).toEqual(['APPROVED', 'APPROVED']);
  });

  it('deleting the account takes the ads down in every database and anonymises the card there', async () => {
    // the ban ended the seller's sessions (token version moved on): sign in again
    const tv = (await env.DB.prepare('SELECT token_version AS tv FROM users WHERE id = ?').bind(seller.id).first<{ tv: number }>())!.tv;
    const sid = `ses_${seller.id.slice(-10)}_again`;
    await env.DB.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').bind(sid, seller.id, Date.now(), Date.now() + 86_400_000).run();
    const auth = { authorization: `Bearer ${await signToken(env as unknown as Env, { sub: seller.id, sid, tv })}` };
    const res = await json(auth, 'DELETE', '/api/auth/account', { confirm: 'DELETE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statuses()).toEqual(['INACTIVE', 'INACTIVE']);
    expect((await cards()).map((c) => (c as { first_name: string } | null)?.first_name ?? null)).toEqual([null, 'Deleted', null, 'Deleted']);
    expect((await call('/api/listings?q=slavia&limit=10')).body.data.listings).toHaveLength(0);
  });
});
