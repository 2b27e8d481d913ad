/**
 * The seed over four listings databases (decision 033): every ad, its photo copies, its search index
 * and its seller's public card in the database of its state's group, its id tagged with the group;
 * accounts and the uploaded photo rows in the core, nothing listings-shaped there. And over four
 * accounts databases (decision 034), the design's layout with the switches on: demo account ids carry
 * their group, and every account's row and own rows (favourites, cart lines, blocks) are in the
 * database of its group, none in the core, its e-mail and phone in the identifier directory of their
 * hash's database, so the directory's checker finds nothing missing or stale; the retirement of core
 * copies is recorded as done; the reset's clean-up removes them from there.
 * Runs the real seed script once (both splits: a seed run is most of this file's time) on a fresh
 * local state (migrated in-process: the wrangler CLI per database is minutes on a busy machine),
 * then reads the nine databases back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBindings } from '../lib/local-bindings';
import { accountsBindings, listingsBindings } from '../lib/shards-config';
import { databaseOfGroup, groupOfListingId, groupOfState } from '../../worker/db/shards';
import { accountsDatabaseOfGroup, groupOfUserId } from '../../worker/db/accounts';
import { groupOfIdentifierHash, identifierHash } from '../../worker/db/identifiers';
import { scanMissingIdentifiers, scanStaleClaims } from '../../worker/services/accounts/directory-backfill';
import { USERS_RETIRE_STATE_KEY } from '../../worker/services/accounts/users-retire';
import { deleteDemoAccountRows } from './db';

const state = mkdtempSync(join(tmpdir(), 'sel-seed-shards-'));
const ADS = 40;
type Env = Record<string, D1Database>;
let env: Env;
let dispose: () => Promise<void>;

const open = async () => {
  const proxy = await localBindings<Env>(state, 4, 4);
  env = proxy.env;
  dispose = proxy.dispose;
};

beforeAll(async () => {
  await open();
  const migrations = await readD1Migrations(join(process.cwd(), 'migrations'));
  for (const binding of ['DB', ...listingsBindings(4), ...accountsBindings(4)]) {
    const db = env[binding]!;
    for (const m of migrations) await db.batch(m.queries.map((q) => db.prepare(q)));
  }
  await dispose();
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--listings', String(ADS), '--fixed-time', '--seed', 'shards', '--listing-databases', '4', '--accounts-databases', '4', '--persist-to', state], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stdout}\n${seeded.stderr}`);
  await open();
}, 240_000);

afterAll(async () => {
  await dispose?.();
  rmSync(state, { recursive: true, force: true });
});

const rows = async <T>(db: D1Database, sql: string) => (await db.prepare(sql).all<T>()).results;

describe('the seed over four listings databases', () => {
  it("puts every ad in its group's database with a tagged id, and nothing listings-shaped in the core", async () => {
    const listings = listingsBindings(4).map((b) => env[b]!);
    let total = 0;
    for (const [k, db] of listings.entries()) {
      const ads = await rows<{ id: string; state_id: number | null }>(db, 'SELECT id, state_id FROM listings');
      total += ads.length;
      for (const ad of ads) {
        expect(groupOfListingId(ad.id), ad.id).toBe(groupOfState(ad.state_id));
        expect(databaseOfGroup(4, groupOfState(ad.state_id)), ad.id).toBe(k);
      }
      // its search index holds its live ads and nothing else
      const live = await rows<{ n: number }>(db, `SELECT count(*) AS n FROM listings WHERE status = 'APPROVED'`);
      const indexed = await rows<{ n: number }>(db, 'SELECT count(*) AS n FROM listings_fts');
      expect(indexed[0]!.n).toBe(live[0]!.n);
      // every ad's photos are copied here; every seller of an ad here has a card here, public columns only
      expect(await rows(db, 'SELECT l.id FROM listings l WHERE NOT EXISTS (SELECT 1 FROM media m WHERE m.listing_id = l.id)')).toEqual([]);
      expect(await rows(db, 'SELECT l.id FROM listings l WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = l.user_id)')).toEqual([]);
      expect(await rows(db, 'SELECT id FROM users WHERE email IS NOT NULL OR phone IS NOT NULL OR password_hash IS NOT NULL')).toEqual([]);
      // the card's live-ad count is this database's (kept by the triggers here)
      expect(await rows(db, `SELECT u.id FROM users u WHERE u.live_ads <> (SELECT count(*) FROM listings l WHERE l.user_id = u.id AND l.status = 'APPROVED')`)).toEqual([]);
    }
    expect(total).toBe(ADS);
    // the four databases each got some of the spread
    const perDb = await Promise.all(listings.map(async (db) => (await rows<{ n: number }>(db, 'SELECT count(*) AS n FROM listings'))[0]!.n));
    expect(perDb.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);

    expect(await rows(env.DB!, 'SELECT id FROM listings')).toEqual([]);
    expect(await rows(env.DB!, 'SELECT rowid FROM listings_fts')).toEqual([]);
    // the photos as uploaded stay in the core: one core photo row per copy (the accounts are in their accounts databases, below)
    const corePhotos = (await rows<{ n: number }>(env.DB!, 'SELECT count(*) AS n FROM media WHERE listing_id IS NOT NULL'))[0]!.n;
    const copies = (await Promise.all(listings.map(async (db) => (await rows<{ n: number }>(db, 'SELECT count(*) AS n FROM media'))[0]!.n))).reduce((a, b) => a + b, 0);
    expect(corePhotos).toBe(copies);
  });
});

const accounts = () => accountsBindings(4).map((b) => env[b]!);
/** as the seeded state is served: four accounts databases, `users` and the chat list there */
const fourAccounts = () => ({ ...env, LISTING_DATABASES: '4', ACCOUNTS_DATABASES: '4', USERS_WITH_ACCOUNTS: '1', CHAT_LIST_WITH_ACCOUNTS: '1', CHATS_WITH_ACCOUNTS: '1' }) as never;
/** the demo accounts' rows, from every accounts database */
const demoUsers = async () =>
  (await Promise.all(accounts().map((db) => rows<{ id: string; email: string; phone: string }>(db, `SELECT id, email, phone FROM users WHERE id >= 'usr_demo' AND id < 'usr_demp'`)))).flat();

describe('the seed over four accounts databases', () => {
  it("gives every demo account its group, and puts each account's row and own rows in its group's database, none in the core", async () => {
    const users = await demoUsers();
    expect(users.length).toBeGreaterThanOrEqual(25);
    for (const u of users) expect(u.id).toMatch(/^usr_demo_\d+_[0-9a-z]$/);
    // the accounts spread over all four databases
    expect(new Set(users.map((u) => accountsDatabaseOfGroup(4, groupOfUserId(u.id)))).size).toBe(4);
    // nothing of the accounts in the core (the listings are apart, so it holds no seller cards either), and nothing to retire
    expect(await rows(env.DB!, 'SELECT id FROM users')).toEqual([]);
    expect(await (env.CACHE as unknown as KVNamespace).get(USERS_RETIRE_STATE_KEY, 'json')).toMatchObject({ cursor: null, finishedAt: expect.any(Number) });

    const perTable = [
      ['users', 'id'],
      ['favorites', 'user_id'],
      ['cart_items', 'user_id'],
      ['user_blocks', 'blocker_id'],
    ] as const;
    for (const [table, owner] of perTable) {
      expect(await rows(env.DB!, `SELECT 1 FROM ${table}`), `${table} in the core`).toEqual([]);
      let total = 0;
      for (const [k, db] of accounts().entries()) {
        const found = await rows<{ owner: string }>(db, `SELECT ${owner} AS owner FROM ${table}`);
        total += found.length;
        for (const r of found) expect(accountsDatabaseOfGroup(4, groupOfUserId(r.owner)), `${table} of ${r.owner}`).toBe(k);
      }
      expect(total, table).toBeGreaterThan(0);
    }
    // favourites name live ads of other sellers
    const favourites = (await Promise.all(accounts().map((db) => rows<{ user_id: string; listing_id: string }>(db, 'SELECT user_id, listing_id FROM favorites')))).flat();
    const ads = new Map((await Promise.all(listingsBindings(4).map((b) => rows<{ id: string; user_id: string; status: string }>(env[b]!, 'SELECT id, user_id, status FROM listings')))).flat().map((a) => [a.id, a]));
    for (const f of favourites) {
      expect(ads.get(f.listing_id)?.status).toBe('APPROVED');
      expect(ads.get(f.listing_id)?.user_id).not.toBe(f.user_id);
    }
  });

  it("writes each account's e-mail and phone into the directory of their hash's database: nothing missing, nothing stale", async () => {
    const users = await demoUsers();
    expect(await rows(env.DB!, 'SELECT 1 FROM identifiers')).toEqual([]);
    for (const u of users.slice(0, 6)) {
      for (const id of [{ kind: 'email' as const, value: u.email }, { kind: 'phone' as const, value: u.phone }]) {
        const hash = await identifierHash(id);
        const home = accountsDatabaseOfGroup(4, groupOfIdentifierHash(hash));
        const owners = await Promise.all(accounts().map(async (db) => (await db.prepare('SELECT user_id FROM identifiers WHERE kind = ? AND value_hash = ?').bind(id.kind, hash).first<{ user_id: string }>())?.user_id ?? null));
        expect(owners).toEqual([0, 1, 2, 3].map((i) => (i === home ? u.id : null)));
      }
    }
    const missing = await scanMissingIdentifiers(fourAccounts(), null, 1000);
    expect(missing.accounts).toBe(users.length);
    expect(missing.missing).toEqual([]);
    expect(missing.conflicts).toEqual([]);
    expect(missing.present).toBe(users.length * 2);
    for (let i = 0; i < 4; i++) expect((await scanStaleClaims(fourAccounts(), `${i}|`, 1000, Date.now())).stale).toEqual([]);
  });

  it("the reset's clean-up removes the demo accounts' rows from every accounts database", async () => {
    const tables = ['users', 'favorites', 'cart_items', 'user_blocks', 'identifiers'];
    const count = async (db: D1Database, table: string) => (await rows<{ n: number }>(db, `SELECT count(*) AS n FROM ${table}`))[0]!.n;
    const before = await Promise.all(accounts().map(async (db) => Promise.all(tables.map((t) => count(db, t)))));
    expect(before.flat().reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await Promise.all(accounts().map((db) => deleteDemoAccountRows(db)));
    const after = await Promise.all(accounts().map(async (db) => Promise.all(tables.map((t) => count(db, t)))));
    expect(after).toEqual(accounts().map(() => tables.map(() => 0)));
  });
});
