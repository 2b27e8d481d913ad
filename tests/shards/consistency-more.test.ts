import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '../api/helpers';
import { createUserWithToken } from '../factories';
import { formatReport, runConsistencyChecks } from '../../worker/services/consistency';
import { createShardListing, listingsDbs } from './shard-factory';
import { shardAd } from './support';

/**
 * The consistency checker's checks that read the core and the listings databases together (decision
 * 018, decision 033), with four listings databases: a match's seller and an ad's promotion columns
 * (core rows against the ads in their own databases), the core's total of live ads per account, and
 * the ads' photo copies against the core's photo rows. Each check must find a planted disagreement,
 * name it exactly, repair it, and find nothing on the next run.
 */

const core = env.DB;
/** The file's tests share their databases: each starts from a repaired state, so what it finds is its own. */
const startClean = (only: string[]) => runConsistencyChecks(env, { only, repair: true });
const byName = (report: Awaited<ReturnType<typeof runConsistencyChecks>>, name: string) => report.checks.find((c) => c.name === name)!;

describe('the checks that span the core and the listings databases', () => {
  it("saved_query_matches.seller_id and listings.promotions read the ads in their own databases, and repair there", async () => {
    const only = ['saved_query_matches.seller_id', 'listings.promotions'];
    await startClean(only);
    const seller = await createUserWithToken({ firstName: 'Meera' });
    const delhi = await shardAd(seller, { city: 'Delhi' });
    const chennai = await shardAd(seller, { city: 'Chennai' });
    expect([delhi.index, chennai.index]).toEqual([1, 3]);
    const now = Date.now();
    const until = now + 86_400_000;
    const bumped = now - 3_600_000;
    // rows of this attempt only (a retry runs on the same databases)
    const [m1, m2] = [now % 1_000_000_000, (now % 1_000_000_000) + 1];
    await core.batch([
      core.prepare(`INSERT INTO saved_query_matches (matcher_id, listing_id, seller_id, live_at, matched_at) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?), (?, ?, 'usr_nobody', ?, ?)`).bind(
        m1, delhi.id, seller.id, now, now, m2, chennai.id, seller.id, now, now, m2, `${'0'.repeat(25)}x1`, now, now,
      ),
      core.prepare(`INSERT INTO listing_promotions (id, listing_id, user_id, credit_id, type, starts_at, ends_at, created_at) VALUES (?, ?, ?, 'cr_1', 'FEATURED', ?, ?, ?), (?, ?, ?, 'cr_1', 'BOOST', ?, NULL, ?)`).bind(
        `pr_${delhi.id}`, delhi.id, seller.id, now, until, now, `pr_${chennai.id}`, chennai.id, seller.id, bumped, bumped,
      ),
    ]);
    await listingsDbs[1]!.prepare('UPDATE listings SET featured_until = ?, is_featured = 1 WHERE id = ?').bind(until, delhi.id).run();
    await listingsDbs[3]!.prepare('UPDATE listings SET bumped_at = ? WHERE id = ?').bind(bumped, chennai.id).run();
    const clean = await runConsistencyChecks(env, { only, now });
    expect(clean.clean, formatReport(clean)).toBe(true);
    // the match of an ad no database holds counts for nobody: read, not reported
    expect(byName(clean, 'saved_query_matches.seller_id').rowsChecked).toBeGreaterThanOrEqual(3);

    // behind the API: a match names another seller; Delhi's badge and end, Chennai's bump time drift
    await core.prepare(`UPDATE saved_query_matches SET seller_id = 'usr_mallory' WHERE listing_id = ?`).bind(chennai.id).run();
    await listingsDbs[1]!.prepare('UPDATE listings SET featured_until = ?, is_featured = 0 WHERE id = ?').bind(until - 5, delhi.id).run();
    await listingsDbs[3]!.prepare('UPDATE listings SET bumped_at = NULL WHERE id = ?').bind(chennai.id).run();

    // one row per statement: the cursors carry the checks across batches
    const found = await runConsistencyChecks(env, { only, now, batchRows: 1 });
    expect(found.clean).toBe(false);
    expect(byName(found, 'saved_query_matches.seller_id').disagreements).toEqual([{ id: `${m2}|${chennai.id}`, field: 'seller_id', expected: seller.id, kept: 'usr_mallory' }]);
    expect(byName(found, 'listings.promotions').disagreements).toEqual([
      { id: chennai.id, field: 'bumped_at', expected: bumped, kept: null },
      { id: delhi.id, field: 'featured_until', expected: until, kept: until - 5, delta: -5 },
      { id: delhi.id, field: 'is_featured', expected: 1, kept: 0, delta: -1 },
    ].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(byName(found, 'listings.promotions').rows).toBe(2);

    const repaired = await runConsistencyChecks(env, { only, now, repair: true });
    expect(repaired.clean, formatReport(repaired)).toBe(true);
    expect(repaired.checks.map((c) => c.repaired)).toEqual([1, 2]);
    expect(await core.prepare('SELECT seller_id FROM saved_query_matches WHERE listing_id = ?').bind(chennai.id).first('seller_id')).toBe(seller.id);
    expect(await listingsDbs[1]!.prepare('SELECT featured_until, is_featured FROM listings WHERE id = ?').bind(delhi.id).first()).toEqual({ featured_until: until, is_featured: 1 });
    expect(await listingsDbs[3]!.prepare('SELECT bumped_at FROM listings WHERE id = ?').bind(chennai.id).first('bumped_at')).toBe(bumped);
    // the unknown ad's match was left as it was
    expect(await core.prepare(`SELECT seller_id FROM saved_query_matches WHERE matcher_id = ? AND listing_id LIKE '000%'`).bind(m2).first('seller_id')).toBe('usr_nobody');
    expect((await runConsistencyChecks(env, { only, now })).clean).toBe(true);
  });

  it("media.copies: each ad's photo copies equal the core's photo rows; repaired from the core", async () => {
    const only = ['media.copies'];
    await startClean(only);
    const seller = await createUserWithToken({ firstName: 'Farah' });
    const delhi = await createShardListing(seller, { city: 'Delhi', images: ['u/a/1.jpg', 'u/a/2.jpg', 'u/a/3.jpg'] });
    const chennai = await createShardListing(seller, { city: 'Chennai', images: ['u/a/4.jpg'] });
    // the core's photo rows of both ads, as posting attaches them (the copies were written from them)
    for (const ad of [delhi, chennai]) {
      const { results } = await ad.db.prepare('SELECT id, owner_id, listing_id, r2_key, content_type, bytes, width, height, position, state, created_at FROM media WHERE listing_id = ?').bind(ad.id).all();
      await core.batch(results.map((m) => core.prepare('INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, width, height, position, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').bind(...Object.values(m))));
    }
    const clean = await runConsistencyChecks(env, { only });
    expect(clean.clean, formatReport(clean)).toBe(true);
    expect(clean.checks[0]!.rowsChecked).toBeGreaterThanOrEqual(2);

    const photo = (key: string) => core.prepare('SELECT id FROM media WHERE r2_key = ?').bind(key).first<string>('id');
    const [p1, p2, p3] = [await photo('u/a/1.jpg'), await photo('u/a/2.jpg'), await photo('u/a/3.jpg')];
    // Delhi: the second photo's copy is lost, the third's order and size drift; Chennai: a copy the core does not give it
    await listingsDbs[1]!.batch([
      listingsDbs[1]!.prepare('DELETE FROM media WHERE id = ?').bind(p2),
      listingsDbs[1]!.prepare('UPDATE media SET position = 0, bytes = 999 WHERE id = ?').bind(p3),
    ]);
    await listingsDbs[3]!.prepare(`INSERT INTO media (id, owner_id, listing_id, r2_key, content_type, bytes, position, state, created_at) VALUES ('med_stray', ?, ?, 'u/x/9.jpg', 'image/jpeg', 5, 1, 'READY', 1)`).bind(seller.id, chennai.id).run();

    const found = await runConsistencyChecks(env, { only, batchRows: 1 });
    const check = found.checks[0]!;
    expect(check).toMatchObject({ rows: 3, remaining: 3 });
    expect(check.disagreements).toEqual(
      expect.arrayContaining([
        { id: p2, field: 'copy', expected: 'u/a/2.jpg', kept: null, note: `the core gives ad ${delhi.id} this photo; the ad does not show it`, database: 'LISTINGS_1' },
        { id: p3, field: 'bytes', expected: 100, kept: 999, delta: 899, note: `photo of ad ${delhi.id}`, database: 'LISTINGS_1' },
        { id: p3, field: 'position', expected: 2, kept: 0, delta: -2, note: `photo of ad ${delhi.id}`, database: 'LISTINGS_1' },
        { id: 'med_stray', field: 'core row', expected: null, kept: 'u/x/9.jpg', note: `a copy in ad ${chennai.id} whose photo the core does not give that ad`, database: 'LISTINGS_3' },
      ]),
    );
    expect(check.disagreements).toHaveLength(4);

    const repaired = await runConsistencyChecks(env, { only, repair: true });
    expect(repaired.checks[0]).toMatchObject({ rows: 3, repaired: 3, remaining: 0 });
    expect((await runConsistencyChecks(env, { only })).clean).toBe(true);
    const copies = await listingsDbs[1]!.prepare('SELECT id, position, bytes FROM media WHERE listing_id = ? ORDER BY position').bind(delhi.id).all();
    expect(copies.results).toEqual([p1, p2, p3].map((id, position) => ({ id, position, bytes: 100 })));
    expect(await listingsDbs[3]!.prepare(`SELECT count(*) AS n FROM media WHERE id = 'med_stray'`).first('n')).toBe(0);
    // the ad's read shows the core's photos again, in the core's order
    const page = await call(`/api/listings/${delhi.id}`);
    expect(page.status).toBe(200);
    expect((page.body.data.images as string[]).map((u) => u.slice(u.indexOf('u/a/')))).toEqual(['u/a/1.jpg', 'u/a/2.jpg', 'u/a/3.jpg']);
  });
});
