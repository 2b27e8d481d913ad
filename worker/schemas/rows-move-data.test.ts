import { describe, expect, it } from 'vitest';
import { ACCOUNT_TABLES } from '../db/accounts';
import { MOVED_USER_ROWS, ROWS_MOVE } from './rows-move-data';

describe('moving the per-user rows to their users (reviewed data, decision 034)', () => {
  it('is the reviewed value', () => {
    expect(ROWS_MOVE).toEqual({ rowsPerTablePerRun: 1000 });
  });
  it('moves only tables that live with their user, each once, keyed by columns that include nothing unknown', () => {
    const tables = MOVED_USER_ROWS.map((t) => t.table);
    expect(new Set(tables).size).toBe(tables.length);
    for (const t of tables) expect(ACCOUNT_TABLES).toContain(t);
    expect(tables).not.toContain('saved_searches');
    for (const t of MOVED_USER_ROWS) expect(t.key.length).toBeGreaterThan(0);
  });
});
