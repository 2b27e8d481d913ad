import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { SHARD_LAYOUTS, STATE_GROUPS } from '../schemas/listing-shards-data';
import { databaseOfGroup, groupOfListingId, groupOfState, isListingIdShape, listingDatabaseCount, listingDbForId, listingDbForState, tagListingId } from './shards';

const ULID = '01jdq3z8k4m5n6p7q8r9s0t1v2';
const fakeDb = (name: string) => ({ name }) as unknown as D1Database;
const four = { DB: fakeDb('core'), LISTING_DATABASES: '4', LISTINGS_0: fakeDb('l0'), LISTINGS_1: fakeDb('l1'), LISTINGS_2: fakeDb('l2'), LISTINGS_3: fakeDb('l3') };
const nameOf = (db: D1Database) => (db as unknown as { name: string }).name;

describe('state groups (decision 033)', () => {
  it('put every state of the locations table in exactly one group, under its own name', async () => {
    const { results } = await env.DB.prepare(`SELECT id, name FROM locations WHERE kind = 'state' ORDER BY id`).all<{ id: number; name: string }>();
    expect(results.length).toBe(36);
    const listed = STATE_GROUPS.flatMap((g) => g.states);
    expect(listed.map((s) => s.id).sort((a, b) => a - b)).toEqual(results.map((r) => r.id));
    for (const s of listed) expect(s.name).toBe(results.find((r) => r.id === s.id)?.name);
    expect(STATE_GROUPS.map((g) => g.group)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shares add up to the whole and no group exceeds 1.45× the mean (Maharashtra alone is 1.4×)', () => {
    const total = STATE_GROUPS.reduce((n, g) => n + g.share, 0);
    expect(total).toBeCloseTo(100, 0);
    for (const g of STATE_GROUPS) expect(g.share, String(g.group)).toBeLessThan(14.5);
  });

  it('every layout places every group once; four databases stay within 12 % of the mean', () => {
    for (const [n, layout] of Object.entries(SHARD_LAYOUTS)) {
      expect(layout.length).toBe(Number(n));
      expect(layout.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
    const shares = SHARD_LAYOUTS[4]!.map((groups) => groups.reduce((n, g) => n + STATE_GROUPS[g]!.share, 0));
    for (const s of shares) expect(s).toBeLessThan(25 * 1.12);
  });
});

describe('where an ad lives', () => {
  it('one database: plain ids, everything in DB', () => {
    const one = { DB: fakeDb('core') };
    expect(listingDatabaseCount(one)).toBe(1);
    expect(tagListingId(one, ULID.toUpperCase(), 21)).toBe(ULID);
    expect(nameOf(listingDbForId(one, `${ULID}3`))).toBe('core');
    expect(nameOf(listingDbForState(one, 21))).toBe('core');
  });

  it('four databases: the id carries the group, and the id alone finds the database', () => {
    const maharashtra = tagListingId(four, ULID, 21);
    expect(maharashtra).toBe(`${ULID}0`);
    expect(groupOfListingId(maharashtra)).toBe(0);
    expect(nameOf(listingDbForId(four, maharashtra))).toBe('l0');
    const delhi = tagListingId(four, ULID, 9);
    expect(groupOfState(9)).toBe(8);
    expect(nameOf(listingDbForId(four, delhi))).toBe(nameOf(listingDbForState(four, 9)));
    expect(nameOf(listingDbForId(four, delhi))).toBe('l1');
    expect(databaseOfGroup(4, groupOfState(31))).toBe(3); // Tamil Nadu
    // both shapes are listing ids; an untagged id (from before sharding) reads database 0
    expect(isListingIdShape(delhi) && isListingIdShape(ULID)).toBe(true);
    expect(groupOfListingId(ULID)).toBeNull();
    expect(nameOf(listingDbForId(four, ULID))).toBe('l0');
  });

  it('a count with no layout or a missing binding fails loudly', () => {
    expect(() => listingDatabaseCount({ DB: fakeDb('core'), LISTING_DATABASES: '3' })).toThrow(/no layout/);
    expect(() => listingDatabaseCount({ ...four, LISTINGS_3: undefined })).toThrow(/LISTINGS_3/);
  });
});
