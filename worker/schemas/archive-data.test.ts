import { describe, expect, it } from 'vitest';
import {
  ARCHIVABLE_STATES,
  ARCHIVED_STATE_LABELS,
  ARCHIVE_BATCHES_PER_RUN,
  ARCHIVE_BATCH_SIZE,
  ARCHIVE_CLEANUPS_PER_RUN,
  ARCHIVE_CLEANUP_AFTER_MS,
  MOVE_SWEEP_AFTER_MS,
  MOVES_SWEPT_PER_RUN,
  ARCHIVE_KEPT_PHOTOS,
  ARCHIVE_MAX_PAGE_SIZE,
  ARCHIVE_PAGE_SIZE,
  DELETED_RETENTION_DAYS,
  retentionMs,
} from './archive-data';
import { LISTING_STATUSES } from './listings';

describe('the archive (reviewed data, decision 021)', () => {
  it('are the reviewed values', () => {
    expect(ARCHIVABLE_STATES).toEqual({ SOLD: { retentionDays: 90 }, INACTIVE: { retentionDays: 180 }, EXPIRED: { retentionDays: 60 } });
    expect(DELETED_RETENTION_DAYS).toBe(0);
    expect(ARCHIVE_KEPT_PHOTOS).toBe(1);
    expect([ARCHIVE_BATCH_SIZE, ARCHIVE_BATCHES_PER_RUN, ARCHIVE_PAGE_SIZE, ARCHIVE_MAX_PAGE_SIZE]).toEqual([25, 8, 20, 50]);
    expect(retentionMs('SOLD')).toBe(90 * 86_400_000);
  });

  it('archives only states that end an ad: never a live, held or rejected one', () => {
    for (const state of Object.keys(ARCHIVABLE_STATES)) {
      expect(LISTING_STATUSES as readonly string[]).toContain(state);
      expect(['APPROVED', 'PENDING', 'REJECTED']).not.toContain(state);
    }
  });

  it('keeps an ad in D1 long enough to be put back on sale, and a run bounded', () => {
    for (const { retentionDays } of Object.values(ARCHIVABLE_STATES)) expect(retentionDays).toBeGreaterThanOrEqual(30);
    // each ad costs a few R2 operations and one D1 batch: a run stays well under a cron's time
    expect(ARCHIVE_BATCH_SIZE * ARCHIVE_BATCHES_PER_RUN).toBeLessThanOrEqual(500);
    expect(ARCHIVE_KEPT_PHOTOS).toBeGreaterThanOrEqual(1); // a repost needs at least one photo
    // several databases: interrupted clean-ups finished per run, no more than a run's ads
    expect(ARCHIVE_CLEANUPS_PER_RUN).toBe(200);
    expect(ARCHIVE_CLEANUPS_PER_RUN).toBeLessThanOrEqual(ARCHIVE_BATCH_SIZE * ARCHIVE_BATCHES_PER_RUN);
    // a record is finished only when no run could still be writing it (a cron stops within 15 minutes)
    expect(ARCHIVE_CLEANUP_AFTER_MS).toBe(3_600_000);
    expect(ARCHIVE_CLEANUP_AFTER_MS).toBeGreaterThan(15 * 60_000);
    // several databases: a hidden copy of a move is swept only when no request could still be moving it
    expect(MOVE_SWEEP_AFTER_MS).toBe(3_600_000);
    expect(MOVE_SWEEP_AFTER_MS).toBeGreaterThan(15 * 60_000);
    expect(MOVES_SWEPT_PER_RUN).toBe(200);
    expect(MOVES_SWEPT_PER_RUN).toBeLessThanOrEqual(ARCHIVE_BATCH_SIZE * ARCHIVE_BATCHES_PER_RUN);
  });

  it('labels every final state My Ads can show', () => {
    for (const state of [...Object.keys(ARCHIVABLE_STATES), 'DELETED']) expect(ARCHIVED_STATE_LABELS[state]).toEqual(expect.any(String));
  });
});
