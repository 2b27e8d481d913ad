import { describe, expect, it } from 'vitest';
import { RETENTION, archivedChatRemovalAt, heldChatRecheckAt } from './retention-data';

const DAY = 86_400_000;

describe('how long archived conversations stay in their rooms', () => {
  it('keeps them at least the 180 days India’s intermediary rules ask for, then removes them', () => {
    // IT (Intermediary Guidelines and Digital Media Ethics Code) Rules, 2021, rule 3(1)(g) and (h)
    expect(RETENTION.archivedChatDays).toBeGreaterThanOrEqual(180);
    expect(archivedChatRemovalAt(1_000)).toBe(1_000 + RETENTION.archivedChatDays * DAY);
  });

  it('looks again at a held conversation within days, far sooner than the retention itself', () => {
    expect(RETENTION.heldChatRecheckDays).toBeGreaterThanOrEqual(1);
    expect(RETENTION.heldChatRecheckDays).toBeLessThan(RETENTION.archivedChatDays / 10);
    expect(heldChatRecheckAt(5)).toBe(5 + RETENTION.heldChatRecheckDays * DAY);
  });

  it('arms a bounded number of earlier rooms a run (one R2 list call holds at most 1,000 keys)', () => {
    expect(RETENTION.roomsArmedPerRun).toBeGreaterThan(0);
    expect(RETENTION.roomsArmedPerRun).toBeLessThanOrEqual(1000);
  });
});
