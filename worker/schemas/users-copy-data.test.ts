import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { users } from '../db/schema';
import { USERS_COPY, USERS_RETIRE } from './users-copy-data';

describe('copying users to their accounts databases (reviewed data, decision 034)', () => {
  it('is the reviewed value', () => {
    expect(USERS_COPY).toEqual({ batchRows: 200, budgetMs: 20_000, derivedColumns: ['live_ads', 'live_ads_elsewhere'] });
  });
  it('a batch fits in a run and a run in the one-minute trigger; the derived columns are columns of users', () => {
    expect(USERS_COPY.batchRows).toBeGreaterThan(0);
    expect(USERS_COPY.budgetMs).toBeLessThan(60_000);
    const names = Object.values(getTableColumns(users)).map((c) => c.name);
    for (const c of USERS_COPY.derivedColumns) expect(names).toContain(c);
    expect(USERS_COPY.derivedColumns).not.toContain('updated_at');
  });
});

describe("retiring the core's users rows (reviewed data, decision 034)", () => {
  it('is the reviewed value', () => {
    expect(USERS_RETIRE.batchRows).toBe(200);
    expect(USERS_RETIRE.budgetMs).toBe(20_000);
  });
  it('every column of users is either kept on the card or cleared, never both, and the cleared values are the columns\' defaults', () => {
    const columns = Object.values(getTableColumns(users));
    const names = columns.map((c) => c.name);
    const cleared = Object.keys(USERS_RETIRE.clearedColumns);
    expect([...USERS_RETIRE.cardColumns, ...cleared].sort()).toEqual([...names].sort());
    for (const c of columns.filter((c) => cleared.includes(c.name))) {
      const value = (USERS_RETIRE.clearedColumns as Record<string, unknown>)[c.name];
      // a NOT NULL column is cleared to its default (booleans as SQLite stores them), a nullable one to NULL
      if (c.notNull) expect(value, c.name).toEqual(typeof c.default === 'boolean' ? Number(c.default) : c.default);
      else expect(value, c.name).toBeNull();
    }
  });
});
