/**
 * The seed over four listings databases (decision 033): every ad, its photo copies, its search index
 * and its seller's public card in the database of its state's group, its id tagged with the group;
 * accounts and the uploaded photo rows in the core, nothing listings-shaped there. Runs the real
 * seed script on a fresh local state (migrated in-process: the wrangler CLI per database is minutes
 * on a busy machine), then reads the five databases back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBindings } from '../lib/local-bindings';
import { listingsBindings } from '../lib/shards-config';
import { databaseOfGroup, groupOfListingId, groupOfState } from '../../worker/db/shards';

const state = mkdtempSync(join(tmpdir(), 'sel-seed-shards-'));
const ADS = 40;
type Env = Record<string, D1Database>;
let env: Env;
let dispose: () => Promise<void>;

const open = async () => {
  const proxy = await localBindings<Env>(state, 4);
  env = proxy.env;
  dispose = proxy.dispose;
};

beforeAll(async () => {
  await open();
  const migrations = await readD1Migrations(join(process.cwd(), 'migrations'));
  for (const binding of ['DB', ...listingsBindings(4)]) {
    const db = env[binding]!;
    for (const m of migrations) await db.batch(m.queries.map((q) => db.prepare(q)));
  }
  await dispose();
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--listings', String(ADS), '--fixed-time', '--seed', 'shards', '--listing-databases', '4', '--persist-to', state], {
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
    // the accounts and the photos as uploaded stay in the core: one core photo row per copy
    const accounts = await rows<{ n: number }>(env.DB!, `SELECT count(*) AS n FROM users WHERE id >= 'usr_demo' AND id < 'usr_demp' AND email IS NOT NULL`);
    expect(accounts[0]!.n).toBeGreaterThan(0);
    const corePhotos = (await rows<{ n: number }>(env.DB!, 'SELECT count(*) AS n FROM media WHERE listing_id IS NOT NULL'))[0]!.n;
    const copies = (await Promise.all(listings.map(async (db) => (await rows<{ n: number }>(db, 'SELECT count(*) AS n FROM media'))[0]!.n))).reduce((a, b) => a + b, 0);
    expect(corePhotos).toBe(copies);
  });
});
