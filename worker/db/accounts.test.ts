import { describe, expect, it } from 'vitest';
import { ACCOUNT_GROUPS, ACCOUNTS_LAYOUTS } from '../schemas/accounts-shards-data';
import { ACCOUNTS_BINDINGS, accountsDatabaseCount, accountsDatabaseOfGroup, accountsDatabases, accountsDbForUser, groupOfUserId, newUserId } from './accounts';
import { sellerIdFromSlug, sellerSlug } from '../schemas/seller-page-data';

const fakeDb = (name: string) => ({ name }) as unknown as D1Database;
const nameOf = (db: D1Database) => (db as unknown as { name: string }).name;
const four = { DB: fakeDb('core'), ACCOUNTS_DATABASES: '4', ACCOUNTS_0: fakeDb('a0'), ACCOUNTS_1: fakeDb('a1'), ACCOUNTS_2: fakeDb('a2'), ACCOUNTS_3: fakeDb('a3') };
const ULID = '01jdq3z8k4m5n6p7q8r9s0t1v2';

describe('accounts groups and layouts (decision 034)', () => {
  it('36 groups, each held by exactly one database in every layout', () => {
    expect(ACCOUNT_GROUPS).toHaveLength(36);
    for (const [n, layout] of Object.entries(ACCOUNTS_LAYOUTS)) {
      expect(layout.length, n).toBe(Number(n));
      expect([...layout.flat()].sort(), n).toEqual([...ACCOUNT_GROUPS].sort());
    }
    // equal groups: four databases hold 9 each; fifteen hold 2 or 3 (the largest 1.25× the mean)
    expect(ACCOUNTS_LAYOUTS[4]!.map((g) => g.length)).toEqual([9, 9, 9, 9]);
    for (const groups of ACCOUNTS_LAYOUTS[15]!) expect(groups.length / (36 / 15)).toBeLessThanOrEqual(1.25);
    // eighteen databases of two groups each; the capacity model's design: thirty-six of one each, every binding declared
    expect(ACCOUNTS_LAYOUTS[18]!.map((g) => g.length)).toEqual(Array(18).fill(2));
    expect(ACCOUNTS_LAYOUTS[36]!.map((g) => g.length)).toEqual(Array(36).fill(1));
    // growing from 18 to 36 moves one group of each pair: every database of 36 holds groups of one database of 18
    for (const [group] of ACCOUNTS_LAYOUTS[36]!) expect(ACCOUNTS_LAYOUTS[18]!.some((pair) => pair.includes(group!))).toBe(true);
    expect(ACCOUNTS_BINDINGS.length).toBeGreaterThanOrEqual(Math.max(...Object.keys(ACCOUNTS_LAYOUTS).map(Number)));
  });

  it('a new id is usr_, a lower-case ULID and a group character; untagged and older demo ids are group 0, the seed\'s demo ids name theirs', () => {
    const ids = Array.from({ length: 3600 }, newUserId);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^usr_[0-9a-hjkmnp-tv-z]{26}[0-9a-z]$/);
    expect(groupOfUserId(`usr_${ULID}k`)).toBe('k');
    expect(groupOfUserId(`usr_${ULID}`)).toBe('0');
    expect(groupOfUserId('usr_demo_0042')).toBe('0');
    // the demo seed's accounts carry their group after a second underscore (scripts/seed/users.ts)
    expect(groupOfUserId('usr_demo_07_k')).toBe('k');
    expect(groupOfUserId('usr_demo_0042_z')).toBe('z');
    expect(groupOfUserId('usr_demo_07_kk')).toBe('0');
    expect(groupOfUserId('usr_demo__k')).toBe('0');
    // drawn uniformly: every group is used, none far more than its 1/36 share (100 expected each)
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(groupOfUserId(id), (counts.get(groupOfUserId(id)) ?? 0) + 1);
    expect(counts.size).toBe(36);
    for (const n of counts.values()) expect(n).toBeLessThan(170);
  });

  it('the new form passes where user ids are read back: the seller page slug, and within every validator\'s 64', () => {
    const id = `usr_${ULID}z`;
    expect(sellerIdFromSlug(sellerSlug({ id, businessName: null, firstName: 'Asha', lastName: 'Rao' }))).toBe(id);
    expect(sellerIdFromSlug(sellerSlug({ id: 'usr_demo_07_k', businessName: 'Sharma Motors', firstName: 'Rakesh', lastName: 'Sharma' }))).toBe('usr_demo_07_k');
    expect(id.length).toBeLessThanOrEqual(64);
  });
});

describe("where a user's rows live", () => {
  it('one database (unset, "", "1"): DB for everyone', () => {
    for (const raw of [undefined, '', '1']) {
      const one = { DB: fakeDb('core'), ACCOUNTS_DATABASES: raw };
      expect(accountsDatabaseCount(one)).toBe(1);
      expect(nameOf(accountsDbForUser(one, `usr_${ULID}r`))).toBe('core');
      expect(accountsDatabases(one).map(nameOf)).toEqual(['core']);
    }
  });

  it('four: the database of the id\'s group; an untagged id is group 0\'s', () => {
    expect(accountsDatabaseCount(four)).toBe(4);
    expect(['0', '8', '9', 'h', 'i', 'q', 'r', 'z'].map((g) => nameOf(accountsDbForUser(four, `usr_${ULID}${g}`)))).toEqual(['a0', 'a0', 'a1', 'a1', 'a2', 'a2', 'a3', 'a3']);
    expect(nameOf(accountsDbForUser(four, `usr_${ULID}`))).toBe('a0');
    expect(accountsDatabases(four).map(nameOf)).toEqual(['a0', 'a1', 'a2', 'a3']);
    expect(accountsDatabaseOfGroup(15, 'z')).toBe(14);
  });

  it('a count without a layout, or a missing binding, fails loudly', () => {
    expect(() => accountsDatabaseCount({ ...four, ACCOUNTS_DATABASES: '3' })).toThrow(/no layout/);
    expect(() => accountsDatabaseCount({ ...four, ACCOUNTS_3: undefined })).toThrow(/ACCOUNTS_3/);
  });
});
