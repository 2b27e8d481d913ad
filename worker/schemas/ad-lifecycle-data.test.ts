import { describe, expect, it } from 'vitest';
import {
  AD_LIFETIMES,
  BOOST_KEEPS_ALIVE_DAYS,
  DEFAULT_AD_LIFETIME_DAYS,
  EXPIRY_JOB,
  EXPIRY_REMINDER_DAYS,
  RENEW_WINDOW_DAYS,
  adLifetimeDays,
} from './ad-lifecycle-data';
import { TAXONOMY, categoryById, subcategoryById } from './taxonomy';

describe('ad lifetimes (decision 019)', () => {
  it('every row names a real category or subcategory, lives longer than the default or says why not, and explains itself', () => {
    for (const [id, row] of Object.entries(AD_LIFETIMES)) {
      expect(categoryById.has(id) || subcategoryById.has(id), id).toBe(true);
      expect(row.days, id).toBeGreaterThanOrEqual(DEFAULT_AD_LIFETIME_DAYS);
      expect(row.days, id).toBeLessThanOrEqual(90);
      expect(row.why.length, id).toBeGreaterThan(40);
    }
  });

  it('a subcategory row wins over its category, and everything else gets the default month', () => {
    expect(adLifetimeDays('properties', 'properties-apartments')).toBe(60);
    expect(adLifetimeDays('properties', 'properties-rentals')).toBe(30);
    expect(adLifetimeDays('properties', 'properties-land')).toBe(90);
    expect(adLifetimeDays('vehicles', 'vehicles-cars')).toBe(45);
    expect(adLifetimeDays('vehicles', 'vehicles-motorcycles')).toBe(DEFAULT_AD_LIFETIME_DAYS);
    expect(adLifetimeDays('jobs', null)).toBe(45);
    expect(adLifetimeDays('fashion', 'fashion-shoes')).toBe(30);
    // every subcategory of the tree has a lifetime within the bounds
    for (const c of TAXONOMY) for (const s of c.subcategories) expect(adLifetimeDays(c.id, s.id)).toBeGreaterThanOrEqual(30);
  });

  it('the windows fit inside the shortest lifetime, so one renewal per period follows from the rule', () => {
    const shortest = Math.min(DEFAULT_AD_LIFETIME_DAYS, ...Object.values(AD_LIFETIMES).map((r) => r.days));
    expect(EXPIRY_REMINDER_DAYS).toBeLessThanOrEqual(RENEW_WINDOW_DAYS);
    // a renewal adds a full lifetime, which lands outside the window again
    expect(RENEW_WINDOW_DAYS).toBeLessThan(shortest);
    expect(BOOST_KEEPS_ALIVE_DAYS).toBeGreaterThan(0);
  });

  it('the job is bounded and keeps up with the issue’s 80,000 new ads a day', () => {
    const runsPerHour = 60 / Number(/^\*\/(\d+) /.exec(EXPIRY_JOB.cron)![1]);
    expect(runsPerHour * EXPIRY_JOB.batchSize * EXPIRY_JOB.batches).toBeGreaterThan(80_000 / 24);
    expect(runsPerHour * EXPIRY_JOB.reminderBatchSize * EXPIRY_JOB.reminderBatches).toBeGreaterThan(80_000 / 24);
    // D1 statements stay small: a batch is one UPDATE; the reminders' batch holds 50 marks and their inserts
    expect(EXPIRY_JOB.batchSize).toBeLessThanOrEqual(500);
    expect(EXPIRY_JOB.reminderBatchSize).toBeLessThanOrEqual(50);
  });
});
