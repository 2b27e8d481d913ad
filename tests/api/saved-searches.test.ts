import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { call } from './helpers';
import { accountsDb, createListing, createUserWithToken } from '../factories';

const json = (auth: Record<string, string>, method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...auth },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

describe('saved searches: CRUD', () => {
  it('saves a search with the listing filters, lists it with newCount, renames it, changes its alert, deletes it', async () => {
    const buyer = await createUserWithToken();
    const created = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: 'activa', location: 'Pune', maxPrice: 40000 }, alert: 'instant' }));
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(id).toMatch(/^ss_/);

    const list = await call('/api/saved-searches', { headers: buyer.auth });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id, alert: 'instant', newCount: 0, query: { q: 'activa', location: 'Pune', maxPrice: '40000' }, name: 'activa, in Pune, under ₹40,000' }),
    ]);
    // stored with its index keys: a place and no category
    const row = await accountsDb(buyer.id).prepare('SELECT scope, place_id, matcher FROM saved_searches WHERE id = ?').bind(id).first<{ scope: string; place_id: number; matcher: string }>();
    expect(row).toMatchObject({ scope: '', place_id: 1421 });
    expect(JSON.parse(row!.matcher)).toMatchObject({ maxPriceMinor: 4_000_000, groups: [{ alts: expect.arrayContaining(['activa']) }] });

    const renamed = await call(`/api/saved-searches/${id}`, json(buyer.auth, 'PUT', { name: 'Scooty for college', alert: 'daily' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: 'Scooty for college', alert: 'daily' });

    const seen = await call(`/api/saved-searches/${id}/seen`, json(buyer.auth, 'POST'));
    expect(seen.status).toBe(200);
    expect(seen.body.data.newCount).toBe(0);

    const deleted = await call(`/api/saved-searches/${id}`, json(buyer.auth, 'DELETE'));
    expect(deleted.body).toEqual({ success: true, data: { deleted: true, id } });
    expect((await call('/api/saved-searches', { headers: buyer.auth })).body.data).toEqual([]);
  });

  it('reads a place inside the words ("activa pune") as the place index key, and a category name as the scope', async () => {
    const buyer = await createUserWithToken();
    const a = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: 'activa pune' } }));
    expect(a.status).toBe(201);
    const b = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { category: 'Vehicles', subcategory: 'Cars', brand: 'Maruti' }, alert: 'off' }));
    expect(b.status).toBe(201);
    const rows = await accountsDb(buyer.id).prepare('SELECT id, scope, place_id, alert FROM saved_searches WHERE user_id = ? ORDER BY id').bind(buyer.id).all();
    expect(rows.results).toEqual([
      { id: a.body.data.id, scope: '', place_id: 1421, alert: 'instant' },
      { id: b.body.data.id, scope: 'vehicles-cars', place_id: 0, alert: 'off' },
    ]);
  });

  it('counts live ads its query matched since the search was last opened (not the buyer\'s own, not sold ones); seen starts again', async () => {
    const buyer = await createUserWithToken();
    const seller = await createUserWithToken();
    const word = `zq${Date.now().toString(36)}`.replace(/[0-9]/g, 'x');
    const { body } = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: word } }));
    const id = body.data.id as string;
    const { matcher_id: matcherId } = (await accountsDb(buyer.id).prepare('SELECT matcher_id FROM saved_searches WHERE id = ?').bind(id).first<{ matcher_id: number }>())!;
    const later = Date.now() + 1000;
    const live = [await createListing(seller), await createListing(seller)];
    const sold = await createListing(seller, { status: 'SOLD' });
    const own = await createListing(buyer);
    const before = await createListing(seller);
    const match = (l: { id: string; userId: string }, liveAt: number) =>
      accountsDb(buyer.id).prepare('INSERT INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) VALUES (?, ?, ?, ?, ?)').bind(matcherId, l.id, l.userId, liveAt, liveAt);
    await accountsDb(buyer.id).batch([...[...live, sold, own].map((l) => match(l, later)), match(before, Date.now() - 60_000)]);
    const list = await call('/api/saved-searches', { headers: buyer.auth });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data[0]?.newCount, JSON.stringify(list.body)).toBe(2);
    await accountsDb(buyer.id).prepare('UPDATE saved_searches SET last_seen_at = ? WHERE id = ?').bind(later, id).run();
    expect((await call('/api/saved-searches', { headers: buyer.auth })).body.data[0].newCount).toBe(0);
  });
});

describe('saved searches: rules and bad input', () => {
  const bad = async (body: unknown, status = 400) => {
    const buyer = await createUserWithToken();
    const res = await call('/api/saved-searches', json(buyer.auth, 'POST', body));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) });
    return res.body as { error: string; code: string };
  };

  it('refuses a query with an unknown filter, by name', async () => {
    const err = await bad({ query: { q: 'activa', colour: 'red' } });
    expect(err.error).toContain('Unknown search filter: colour');
  });
  it('checks the values with the listings search rules', async () => {
    expect((await bad({ query: { minPrice: 50000, maxPrice: 100 } })).error).toBe('minPrice cannot be greater than maxPrice');
    expect((await bad({ query: { lat: 18.5 } })).error).toBe('lat and lng go together: send both or neither');
    expect((await bad({ query: { condition: 'BROKEN' } })).error).toBe('condition must be NEW, USED or REFURBISHED');
    expect((await bad({ query: { location: 'Atlantis' } })).code).toBe('UNKNOWN_LOCATION');
    expect((await bad({ query: { category: 'Spaceships' } })).code).toBe('UNKNOWN_CATEGORY');
  });
  it('refuses an empty search, a bad alert, unknown fields, a missing query and non-objects', async () => {
    expect((await bad({ query: {} })).error).toContain('at least one filter');
    expect((await bad({ query: { sortBy: 'price' } })).error).toContain('at least one filter');
    expect((await bad({ query: { q: 'sofa' }, alert: 'hourly' })).error).toBe('alert must be instant, daily or off');
    expect((await bad({ query: { q: 'sofa' }, userId: 'someone' })).error).toContain('Unknown field: userId');
    await bad({ name: 'x' });
    await bad({ query: 'q=sofa' });
    await bad({ query: { q: { nested: true } } });
    await bad([1, 2]);
  });
  it('keeps at most 50 per account: the 51st is a 409 with a readable message', async () => {
    const buyer = await createUserWithToken();
    const now = Date.now();
    await accountsDb(buyer.id).batch(
      Array.from({ length: 50 }, (_, i) =>
        accountsDb(buyer.id).prepare(
          `INSERT INTO saved_searches (id, user_id, name, query, alert, scope, place_id, matcher, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, '{"q":"x"}', 'off', '', 0, '{"groups":[]}', ?, ?, ?)`,
        ).bind(`ss_fill_${buyer.id}_${i}`, buyer.id, `s${i}`, now, now, now),
      ),
    );
    const res = await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: 'sofa' } }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SAVED_SEARCH_LIMIT', error: expect.stringContaining('up to 50 saved searches') });
    // someone else is not affected
    const other = await createUserWithToken();
    expect((await call('/api/saved-searches', json(other.auth, 'POST', { query: { q: 'sofa' } }))).status).toBe(201);
  });
  it("someone else's id reads as missing; a guest is told to log in", async () => {
    const owner = await createUserWithToken();
    const other = await createUserWithToken();
    const id = (await call('/api/saved-searches', json(owner.auth, 'POST', { query: { q: 'sofa' } }))).body.data.id;
    for (const [method, path, body] of [
      ['PUT', `/api/saved-searches/${id}`, { alert: 'off' }],
      ['DELETE', `/api/saved-searches/${id}`, undefined],
      ['POST', `/api/saved-searches/${id}/seen`, undefined],
    ] as const) {
      const res = await call(path, json(other.auth, method, body));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('SAVED_SEARCH_NOT_FOUND');
      expect((await call(path, json({}, method, body))).status).toBe(401);
    }
    expect((await call('/api/saved-searches', { headers: owner.auth })).body.data[0]).toMatchObject({ id, alert: 'instant' });
  });
  it('an update must change something and only name or alert', async () => {
    const owner = await createUserWithToken();
    const id = (await call('/api/saved-searches', json(owner.auth, 'POST', { query: { q: 'sofa' } }))).body.data.id;
    expect((await call(`/api/saved-searches/${id}`, json(owner.auth, 'PUT', {}))).status).toBe(400);
    const res = await call(`/api/saved-searches/${id}`, json(owner.auth, 'PUT', { query: { q: 'bed' } }));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('only name and alert can change');
  });
});

describe('saved searches and the account', () => {
  it('deleting the account deletes its saved searches; their query and its matches go at the hourly cleanup', async () => {
    const buyer = await createUserWithToken();
    const word = `zq${Date.now().toString(36)}`.replace(/[0-9]/g, 'x');
    const id = (await call('/api/saved-searches', json(buyer.auth, 'POST', { query: { q: word } }))).body.data.id;
    const { matcher_id: matcherId } = (await accountsDb(buyer.id).prepare('SELECT matcher_id FROM saved_searches WHERE id = ?').bind(id).first<{ matcher_id: number }>())!;
    await accountsDb(buyer.id).prepare('INSERT INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) VALUES (?, ?, ?, ?, ?)').bind(matcherId, 'l1', 'u1', Date.now(), Date.now()).run();
    const res = await call('/api/auth/account', json(buyer.auth, 'DELETE', { confirm: 'DELETE' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await accountsDb(buyer.id).prepare('SELECT count(*) AS n FROM saved_searches WHERE user_id = ?').bind(buyer.id).first<{ n: number }>())?.n).toBe(0);
    const { removeUnusedMatchers } = await import('../../worker/services/alerts/saved-searches');
    expect(await removeUnusedMatchers(env)).toBeGreaterThanOrEqual(1);
    expect((await accountsDb(buyer.id).prepare('SELECT count(*) AS n FROM saved_search_matchers WHERE id = ?').bind(matcherId).first<{ n: number }>())?.n).toBe(0);
    expect((await accountsDb(buyer.id).prepare('SELECT count(*) AS n FROM saved_query_matches WHERE matcher_id = ?').bind(matcherId).first<{ n: number }>())?.n).toBe(0);
  });
});
