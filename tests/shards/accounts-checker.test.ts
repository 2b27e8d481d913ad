import { env } from 'cloudflare:workers';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingDbForId } from '../../worker/db/shards';
import { formatReport, runConsistencyChecks, type ConsistencyReport } from '../../worker/services/consistency';
import { applyMigrations } from '../setup/databases';
import { resetToMigratedState } from '../setup/reset-databases';
import { createUser } from '../factories';
import { shardAd } from './support';

/**
 * The consistency checker's per-user rows (decision 018, decision 034): a favourite or a cart line
 * in an accounts database whose account is gone (deleted, or no row at all) or whose ad is gone (in
 * no listings database and not moved from that id) is reported with its database, and repair removes
 * exactly those rows there; a favourite naming a moved ad's old id is not an orphan. With the accounts
 * in the core the same check reads `DB`.
 */
const accountsDbs = [env.ACCOUNTS_0!, env.ACCOUNTS_1!, env.ACCOUNTS_2!, env.ACCOUNTS_3!];
const fourAccounts = { ...env, ACCOUNTS_DATABASES: '4' };
const ONLY = ['favorites.orphans', 'cart_items.orphans'];

/** The group character that lands in each accounts database with four (worker/schemas/accounts-shards-data.ts). */
const GROUP_IN = ['3', 'c', 'k', 'w'] as const;
const idIn = (database: number) => `usr_${ulid().toLowerCase()}${GROUP_IN[database]}`;

const favourite = (db: D1Database, userId: string, listingId: string) =>
  db.prepare('INSERT INTO favorites (user_id, listing_id, created_at) VALUES (?, ?, ?)').bind(userId, listingId, Date.now()).run();
const cartLine = (db: D1Database, userId: string, packageId: string) =>
  db.prepare('INSERT INTO cart_items (user_id, package_id, quantity, added_at) VALUES (?, ?, 1, ?)').bind(userId, packageId, Date.now()).run();

const findings = (report: ConsistencyReport) =>
  Object.fromEntries(
    report.checks.filter((c) => c.rows > 0).map((c) => [c.name, c.disagreements.map(({ id, field, kept, database }) => ({ id, field, kept, database })).sort((a, b) => `${a.id}${a.field}`.localeCompare(`${b.id}${b.field}`))]),
  );

const rowsIn = async (db: D1Database) => ({
  favorites: (await db.prepare('SELECT user_id, listing_id FROM favorites ORDER BY user_id, listing_id').all()).results,
  cart: (await db.prepare('SELECT user_id, package_id FROM cart_items ORDER BY user_id, package_id').all()).results,
});

let live: { id: string }[];
let ads: { id: string }[];
let goneAd: string;
let movedFrom: string;
let deleted: { id: string };
let missingUser: string;

beforeAll(async () => {
  // only the accounts files use the accounts databases: this one migrates them and starts them from the migrated rows
  await Promise.all(accountsDbs.map((db) => applyMigrations(db)));
  await Promise.all(accountsDbs.map((db) => resetToMigratedState(db)));
  const seller = await createUser({ isVerified: true });
  ads = [await shardAd(seller, { city: 'Mumbai' }), await shardAd(seller, { city: 'Delhi' })];
  // an ad gone from its database without its favourites (an archive cut short before its clean-up)
  const gone = await shardAd(seller, { city: 'Chennai' });
  goneAd = gone.id;
  await listingDbForId(env, goneAd).prepare('DELETE FROM listings WHERE id = ?').bind(goneAd).run();
  // an ad moved to another group: its old id answers through listing_moves until the favourites are re-pointed
  const moved = await shardAd(seller, { city: 'Kolkata' });
  movedFrom = moved.id;
  await listingDbForId(env, movedFrom).batch([
    listingDbForId(env, movedFrom).prepare('DELETE FROM listings WHERE id = ?').bind(movedFrom),
    listingDbForId(env, movedFrom).prepare(`INSERT INTO listing_moves (old_id, new_id, status, moved_at) VALUES (?, ?, 'APPROVED', ?)`).bind(movedFrom, ads[1]!.id, Date.now()),
  ]);
  live = [await createUser({ id: idIn(0) }), await createUser({ id: idIn(1) })];
  deleted = await createUser({ id: idIn(2), status: 'DELETED' });
  missingUser = idIn(3);
  await Promise.all([
    favourite(accountsDbs[0]!, live[0]!.id, ads[0]!.id),
    favourite(accountsDbs[0]!, live[0]!.id, movedFrom),
    favourite(accountsDbs[1]!, live[1]!.id, ads[1]!.id),
    favourite(accountsDbs[1]!, live[1]!.id, goneAd),
    favourite(accountsDbs[2]!, deleted.id, ads[0]!.id),
    favourite(accountsDbs[3]!, missingUser, goneAd),
    cartLine(accountsDbs[1]!, live[1]!.id, 'boost-3-pets'),
    cartLine(accountsDbs[2]!, deleted.id, 'boost-3-pets'),
    cartLine(accountsDbs[3]!, missingUser, 'ad-slots-1-vehicles-cars'),
  ]);
});

const expected = () => ({
  'favorites.orphans': [
    { id: `${live[1]!.id}/${goneAd}`, field: 'listing_id', kept: goneAd, database: 'accounts-1' },
    { id: `${deleted.id}/${ads[0]!.id}`, field: 'user_id', kept: deleted.id, database: 'accounts-2' },
    { id: `${missingUser}/${goneAd}`, field: 'listing_id', kept: goneAd, database: 'accounts-3' },
    { id: `${missingUser}/${goneAd}`, field: 'user_id', kept: missingUser, database: 'accounts-3' },
  ].sort((a, b) => `${a.id}${a.field}`.localeCompare(`${b.id}${b.field}`)),
  'cart_items.orphans': [
    { id: `${deleted.id}/boost-3-pets`, field: 'user_id', kept: deleted.id, database: 'accounts-2' },
    { id: `${missingUser}/ad-slots-1-vehicles-cars`, field: 'user_id', kept: missingUser, database: 'accounts-3' },
  ].sort((a, b) => `${a.id}${a.field}`.localeCompare(`${b.id}${b.field}`)),
});

describe('orphaned per-user rows over four accounts databases', () => {
  it('are reported with their database, whatever the batch size (the cursor walks every accounts database)', async () => {
    const report = await runConsistencyChecks(fourAccounts, { only: ONLY });
    expect(findings(report), formatReport(report)).toEqual(expected());
    expect(report.clean).toBe(false);
    expect(report.checks.map((c) => [c.name, c.rowsChecked, c.rows])).toEqual([
      ['favorites.orphans', 6, 3],
      ['cart_items.orphans', 3, 2],
    ]);
    const small = await runConsistencyChecks(fourAccounts, { only: ONLY, batchRows: 1 });
    expect(findings(small)).toEqual(expected());
    expect(small.checks[0]!.batches).toBeGreaterThanOrEqual(6);
    // the core holds none of these rows: a checker reading `DB` alone would find nothing
    expect(findings(await runConsistencyChecks(env, { only: ONLY }))).toEqual({});
  });

  it('repair removes exactly the orphans in their databases; a second run finds nothing', async () => {
    const repaired = await runConsistencyChecks(fourAccounts, { only: ONLY, repair: true });
    expect(repaired.checks.map((c) => [c.name, c.repaired, c.remaining])).toEqual([
      ['favorites.orphans', 3, 0],
      ['cart_items.orphans', 2, 0],
    ]);
    expect(await Promise.all(accountsDbs.map(rowsIn))).toEqual([
      // the moved ad's old id still answers: kept for the move's last step to re-point
      { favorites: [{ user_id: live[0]!.id, listing_id: ads[0]!.id }, { user_id: live[0]!.id, listing_id: movedFrom }].sort((a, b) => a.listing_id.localeCompare(b.listing_id)), cart: [] },
      { favorites: [{ user_id: live[1]!.id, listing_id: ads[1]!.id }], cart: [{ user_id: live[1]!.id, package_id: 'boost-3-pets' }] },
      { favorites: [], cart: [] },
      { favorites: [], cart: [] },
    ]);
    const again = await runConsistencyChecks(fourAccounts, { only: ONLY, repair: true });
    expect(again.checks.map((c) => c.rows)).toEqual([0, 0]);
    expect(again.clean).toBe(true);
  });
});

describe('with the accounts in the core (one accounts database)', () => {
  it('the same check reads and repairs `DB`, naming no database', async () => {
    const buyer = await createUser();
    const gone = await createUser({ status: 'DELETED' });
    await Promise.all([favourite(env.DB, buyer.id, ads[0]!.id), favourite(env.DB, buyer.id, goneAd), cartLine(env.DB, gone.id, 'boost-3-pets')]);
    const report = await runConsistencyChecks(env, { only: ONLY });
    expect(findings(report)).toEqual({
      'favorites.orphans': [{ id: `${buyer.id}/${goneAd}`, field: 'listing_id', kept: goneAd, database: undefined }],
      'cart_items.orphans': [{ id: `${gone.id}/boost-3-pets`, field: 'user_id', kept: gone.id, database: undefined }],
    });
    await runConsistencyChecks(env, { only: ONLY, repair: true });
    expect(await rowsIn(env.DB)).toEqual({ favorites: [{ user_id: buyer.id, listing_id: ads[0]!.id }], cart: [] });
    expect((await runConsistencyChecks(env, { only: ONLY })).clean).toBe(true);
  });
});
