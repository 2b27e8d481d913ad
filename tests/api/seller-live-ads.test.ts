import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { createListing, createUserWithToken, listingDb, onListingDbs } from '../factories';

/**
 * Every card says how many live ads its seller has (`user.totalListings`). It is a column kept by
 * triggers on listings (migration 0022), not a count per page: these tests follow it through every
 * way an ad goes live or stops being live, and check it against a count of the ads themselves.
 */
const cardCount = async (adId: string) => {
  const res = await call(`/api/listings/${adId}`);
  expect(res.status).toBe(200);
  return res.body.data.user.totalListings as number;
};
const setStatus = (auth: Record<string, string>, id: string, status: string) =>
  call(`/api/listings/${id}/status`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ status }) });

/**
 * users.live_ads against the ads themselves, for every user: in each listings database, where the
 * card beside the ads carries the count its triggers keep (the core itself with one database).
 */
const mismatches = () =>
  onListingDbs(`SELECT u.id, u.live_ads, (SELECT count(*) FROM listings l WHERE l.user_id = u.id AND l.status = 'APPROVED') AS counted FROM users u WHERE u.live_ads != counted`);

describe("a seller's live ads on every card", () => {
  it('follows selling, deactivating, reactivating, deleting and hidden ads, and always equals a count', async () => {
    const seller = await createUserWithToken();
    const [a, b, c] = [await createListing(seller), await createListing(seller), await createListing(seller)];
    await createListing(seller, { status: 'REJECTED' });
    await createListing(seller, { status: 'INACTIVE' });
    expect(await cardCount(a.id)).toBe(3);

    expect((await setStatus(seller.auth, b.id, 'SOLD')).status).toBe(200);
    expect(await cardCount(a.id)).toBe(2);
    expect((await setStatus(seller.auth, c.id, 'INACTIVE')).status).toBe(200);
    expect(await cardCount(a.id)).toBe(1);
    expect((await setStatus(seller.auth, c.id, 'APPROVED')).status).toBe(200);
    expect(await cardCount(a.id)).toBe(2);
    expect((await call(`/api/listings/${c.id}`, { method: 'DELETE', headers: seller.auth })).status).toBe(200);
    expect(await cardCount(a.id)).toBe(1);
    // a refused change changes nothing
    expect((await setStatus(seller.auth, a.id, 'PENDING')).status).toBe(400);
    expect(await cardCount(a.id)).toBe(1);
    // the search page shows the same number
    const page = await call(`/api/listings?q=${encodeURIComponent(a.title)}&exact=true`);
    expect(page.body.data.listings.find((l: { id: string }) => l.id === a.id)?.user.totalListings).toBe(1);
    expect(await mismatches()).toEqual([]);
  });

  it('an ad moved to another seller, or removed with its seller, counts for the right one', async () => {
    const [first, second] = [await createUserWithToken(), await createUserWithToken()];
    const ad = await createListing(first);
    await createListing(second);
    await listingDb(ad.id).prepare('UPDATE listings SET user_id = ? WHERE id = ?').bind(second.id, ad.id).run();
    expect(await cardCount(ad.id)).toBe(2);
    const row = await listingDb(ad.id).prepare('SELECT live_ads FROM users WHERE id = ?').bind(first.id).first<{ live_ads: number }>();
    expect(row?.live_ads).toBe(0);
    await onListingDbs('DELETE FROM listings WHERE user_id = ?', second.id);
    expect((await listingDb(ad.id).prepare('SELECT live_ads FROM users WHERE id = ?').bind(second.id).first<{ live_ads: number }>())?.live_ads).toBe(0);
    expect(await mismatches()).toEqual([]);
  });
});
