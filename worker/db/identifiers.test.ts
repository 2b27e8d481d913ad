import { describe, expect, it } from 'vitest';
import { ACCOUNT_GROUPS } from '../schemas/accounts-shards-data';
import { IDENTIFIER_DIRECTORY } from '../schemas/identifier-directory-data';
import { directoryDb, groupOfIdentifierHash, identifierHash } from './identifiers';

const fakeDb = (name: string) => ({ name }) as unknown as D1Database;
const nameOf = (db: D1Database) => (db as unknown as { name: string }).name;
const four = { DB: fakeDb('core'), ACCOUNTS_DATABASES: '4', ACCOUNTS_0: fakeDb('a0'), ACCOUNTS_1: fakeDb('a1'), ACCOUNTS_2: fakeDb('a2'), ACCOUNTS_3: fakeDb('a3') };

describe('the identifier directory (decision 034)', () => {
  it('an identifier hashes the same however its e-mail is written, differently per kind', async () => {
    const a = await identifierHash({ kind: 'email', value: 'Asha.Rao@Example.in' });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await identifierHash({ kind: 'email', value: ' asha.rao@example.in ' })).toBe(a);
    // a phone number and an e-mail never share a key, nor do two kinds with one value
    expect(await identifierHash({ kind: 'phone', value: '9876543210' })).not.toBe(await identifierHash({ kind: 'google', value: '9876543210' }));
  });

  it('hashes spread over the 36 groups about evenly, and the layout names each one\'s database', async () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3600; i++) {
      const g = groupOfIdentifierHash(await identifierHash({ kind: 'email', value: `user${i}@example.in` }));
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...ACCOUNT_GROUPS].sort());
    // 100 expected per group; 3600 draws keep every group within ±45 % (about 4.5 standard deviations)
    for (const n of counts.values()) expect(Math.abs(n - 100)).toBeLessThan(45);
    expect(nameOf(directoryDb(four, '00000000'))).toBe('a0'); // group 0
    expect(nameOf(directoryDb(four, '00000023'))).toBe('a3'); // 35 → group z
    expect(nameOf(directoryDb({ DB: fakeDb('core') }, 'ffffffff'))).toBe('core');
  });

  it('a claim waits a minute before it is swept, and the sweep looks at a bounded window', () => {
    expect(IDENTIFIER_DIRECTORY.claimGraceMs).toBe(60_000);
    expect(IDENTIFIER_DIRECTORY.sweepWindowMs).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it("the backfill's run leaves the hourly cron room for its other jobs (a cron may run 15 minutes), in batches one statement can carry", () => {
    expect(IDENTIFIER_DIRECTORY.backfillBudgetMs).toBeLessThanOrEqual(15 * 60_000 / 2);
    expect(IDENTIFIER_DIRECTORY.backfillBudgetMs).toBeGreaterThan(0);
    // three identifiers an account as one JSON parameter per database, well under D1's 100 KB statement
    expect(IDENTIFIER_DIRECTORY.backfillBatchAccounts * 3 * 100).toBeLessThan(100_000);
  });
});
