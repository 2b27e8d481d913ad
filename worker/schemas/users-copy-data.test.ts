import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { users } from '../db/schema';
import { USERS_COPY } from './users-copy-data';

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
