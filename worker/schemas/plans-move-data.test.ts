import { describe, expect, it } from 'vitest';
import { PLANS_MOVE } from './plans-move-data';

describe('moving the plans to their payers (reviewed data, decision 034)', () => {
  it('is the reviewed value', () => {
    expect(PLANS_MOVE).toEqual({ payersPerRun: 500 });
  });
});
