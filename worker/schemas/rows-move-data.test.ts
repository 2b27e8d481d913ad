import { describe, expect, it } from 'vitest';
import { ACCOUNT_TABLES } from '../db/accounts';
import { MOVED_USER_ROWS, ROWS_MOVE, SAVED_SEARCHES_MOVE } from './rows-move-data';

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
  it("moves saved searches by the reviewed figures, a run's matches under D1's 2 MB for a string", () => {
    expect(SAVED_SEARCHES_MOVE).toEqual({ searchesPerRun: 100, matchesPerRun: 10_000 });
    // a match as the mover sends it: its query's place, the ad and seller ids, two moments
    const match = JSON.stringify([12, `lst_${'0'.repeat(26)}3`, `usr_${'0'.repeat(26)}k`, 1_790_000_000_000, 1_790_000_000_000]);
    expect(SAVED_SEARCHES_MOVE.matchesPerRun * (match.length + 1)).toBeLessThan(2_000_000);
  });
});
