import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { viewCounter } from '../../worker/services/listings/view-counter';
import { utcDay } from '../../worker/schemas/retention-data';
import { listingsDbs, shardAd } from './support';

/**
 * The consistency checker (decision 018) with the listings over four databases (decision 033): its
 * listings checks run in every listings database, each disagreement names its database, and each
 * seller card is checked against the seller's account in the core.
 */
const LISTINGS_CHECKS = ['users.live_ads', 'listings_fts', 'listing_daily_stats.views', 'seller_cards'];

describe('the consistency checker over four listings databases', () => {
  it('reports a corrupted seller card, live-ad count and day counter exactly, in their own databases, and repairs them', async () => {
    const seller = await createUserWithToken({ firstName: 'Asha', isVerified: false });
    const other = await createUserWithToken({ firstName: 'Ravi' });
    const delhi = await shardAd(seller, { city: 'Delhi' });
    const chennai = await shardAd(seller, { city: 'Chennai' });
    await shardAd(other, { city: 'Mumbai' });
    expect([delhi.index, chennai.index]).toEqual([1, 3]);
    const now = Date.now();
    const buyer = await createUserWithToken();
    expect((await call(`/api/listings/${delhi.id}/views`, { method: 'POST', headers: buyer.auth })).body.data.counted).toBe(true);
    await viewCounter(env, 'LISTINGS_1').flush();

    const clean = await runConsistencyChecks(env, { only: LISTINGS_CHECKS, now });
    expect(clean.clean, formatReport(clean)).toBe(true);
    // every card of every database was read: two of the seller, one of the other
    expect(clean.checks.find((c) => c.name === 'seller_cards')!.rowsChecked).toBeGreaterThanOrEqual(3);

    // the card in Chennai's database drifts from the account; Delhi's live-ad count and day counter are wrong
    await listingsDbs[3]!.prepare(`UPDATE users SET first_name = 'Mallory', is_verified = 1 WHERE id = ?`).bind(seller.id).run();
    await listingsDbs[1]!.batch([
      listingsDbs[1]!.prepare('UPDATE users SET live_ads = 7 WHERE id = ?').bind(seller.id),
      listingsDbs[1]!.prepare('UPDATE listing_daily_stats SET views = 5 WHERE listing_id = ?').bind(delhi.id),
    ]);
    const found = await runConsistencyChecks(env, { only: LISTINGS_CHECKS, now });
    const check = (name: string) => found.checks.find((c) => c.name === name)!;
    expect(found.clean).toBe(false);
    expect(check('seller_cards')).toMatchObject({ rows: 1, remaining: 1 });
    expect(check('seller_cards').disagreements).toEqual([
      { id: seller.id, field: 'first_name', expected: 'Asha', kept: 'Mallory', database: 'LISTINGS_3' },
      { id: seller.id, field: 'is_verified', expected: 0, kept: 1, delta: 1, database: 'LISTINGS_3' },
    ]);
    expect(check('users.live_ads').disagreements).toEqual([{ id: seller.id, field: 'live_ads', expected: 1, kept: 7, delta: 6, database: 'LISTINGS_1' }]);
    expect(check('listing_daily_stats.views').disagreements).toEqual([{ id: `${delhi.id}|${utcDay(now)}`, field: 'views', expected: 1, kept: 5, delta: 4, database: 'LISTINGS_1' }]);
    expect(check('listings_fts').rows).toBe(0);
    expect(formatReport(found)).toContain(`${seller.id} (LISTINGS_3): first_name kept "Mallory", expected "Asha"`);

    // a run that resumes in the fourth database sees only what is there
    const resumed = await runConsistencyChecks(env, { only: ['seller_cards'], now, startFrom: { seller_cards: '3|' } });
    expect(resumed.checks[0]!.disagreements.map((d) => d.database)).toEqual(['LISTINGS_3', 'LISTINGS_3']);

    const repaired = await runConsistencyChecks(env, { only: LISTINGS_CHECKS, now, repair: true });
    expect(repaired.clean, formatReport(repaired)).toBe(true);
    expect(repaired.checks.reduce((n, c) => n + c.repaired, 0)).toBe(3);
    expect(await listingsDbs[3]!.prepare('SELECT first_name, is_verified FROM users WHERE id = ?').bind(seller.id).first()).toEqual({ first_name: 'Asha', is_verified: 0 });
    expect(await listingsDbs[1]!.prepare('SELECT live_ads FROM users WHERE id = ?').bind(seller.id).first('live_ads')).toBe(1);
    expect((await runConsistencyChecks(env, { only: LISTINGS_CHECKS, now })).clean).toBe(true);
  });
});
