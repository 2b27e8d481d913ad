import { describe, expect, it } from 'vitest';
import { MODERATION_QUEUE_DEPTH, REPORT_HOLD_RULES as R, REPORTER_STANDINGS, reporterStanding, type ReporterFacts } from './trust-data';
import { moderationQuery } from './trust';

const DAY = 86_400_000;
const base: ReporterFacts = { phoneVerified: true, accountAgeMs: R.minAccountAgeDays * DAY, hasPaidOrder: false, upheld: 0, dismissed: 0 };

describe('reporter standing (decision 008, weighted reports)', () => {
  it('no verified phone weighs nothing, whatever else the account has', () => {
    expect(reporterStanding({ ...base, phoneVerified: false, hasPaidOrder: true, upheld: 10, accountAgeMs: 1000 * DAY })).toBe('UNVERIFIED');
  });

  it('a verified phone counts from the day the account is a week old; a paid order or an upheld report stand in for age', () => {
    expect(reporterStanding(base)).toBe('ESTABLISHED');
    expect(reporterStanding({ ...base, accountAgeMs: R.minAccountAgeDays * DAY - 1 })).toBe('NEW');
    expect(reporterStanding({ ...base, accountAgeMs: 0, hasPaidOrder: true })).toBe('ESTABLISHED');
    expect(reporterStanding({ ...base, accountAgeMs: 0, upheld: R.upheldInsteadOfAge })).toBe('ESTABLISHED');
  });

  it('mostly-dismissed reporters weigh nothing; one or two dismissals are honest mistakes', () => {
    expect(reporterStanding({ ...base, dismissed: R.distrustedMinDismissed - 1 })).toBe('ESTABLISHED');
    expect(reporterStanding({ ...base, dismissed: R.distrustedMinDismissed })).toBe('DISTRUSTED');
    expect(reporterStanding({ ...base, dismissed: R.distrustedMinDismissed, upheld: R.distrustedMinDismissed })).toBe('ESTABLISHED');
  });

  it('a record of upheld reports makes a trusted reporter, unless too many were dismissed', () => {
    expect(reporterStanding({ ...base, upheld: R.trustedMinUpheld })).toBe('TRUSTED');
    expect(reporterStanding({ ...base, upheld: R.trustedMinUpheld - 1 })).toBe('ESTABLISHED');
    expect(reporterStanding({ ...base, upheld: 3, dismissed: 1 })).toBe('TRUSTED');
    expect(reporterStanding({ ...base, upheld: 3, dismissed: 2 })).toBe('ESTABLISHED');
  });

  it('weights: nothing for the unproven, 1 for established, 2 for trusted; the hold always needs two networks', () => {
    expect(Object.fromEntries(Object.entries(REPORTER_STANDINGS).map(([k, v]) => [k, v.weight]))).toEqual({ UNVERIFIED: 0, NEW: 0, DISTRUSTED: 0, ESTABLISHED: 1, TRUSTED: 2 });
    const heaviest = Math.max(...Object.values(REPORTER_STANDINGS).map((s) => s.weight));
    expect(R.weightToHold).toBeGreaterThan(heaviest);
  });
});

describe('the moderation queue over several databases', () => {
  it('pages 100 pages of the largest page deep', () => {
    expect(MODERATION_QUEUE_DEPTH).toBe(5_000);
    const largest = moderationQuery.parse({ limit: '50' }).limit;
    expect(moderationQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(MODERATION_QUEUE_DEPTH / largest).toBe(100);
  });
});
