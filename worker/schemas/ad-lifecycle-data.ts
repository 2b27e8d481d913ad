/**
 * How long an ad stays live before it expires, and the rules around it (decision 019). Plain data,
 * no imports; the web app reads the same numbers. Change it here and in
 * worker/schemas/ad-lifecycle-data.test.ts.
 *
 * A figure about the world is marked *published* (with its source) or *estimate*; a figure about us
 * (batch sizes) is our choice, sized against the measured cost of one batch.
 */

export const DAY_MS = 86_400_000;

/**
 * Days an ad is live for after it is posted or renewed, when its subcategory or category has no
 * row below. *Published*: OLX India's free ads run 30 days (its help centre, "How long will my ad
 * stay live"); Quikr and most classifieds use the same month. Short enough that a buyer rarely
 * calls about something sold weeks ago; long enough that a seller renews about once per sale.
 */
export const DEFAULT_AD_LIFETIME_DAYS = 30;

export interface AdLifetime {
  days: number;
  /** why this group differs from the default: the review reads it here */
  why: string;
}

/**
 * Longer lifetimes where people expect them, by subcategory id first, then category id
 * (worker/schemas/taxonomy.ts). Everything else lives DEFAULT_AD_LIFETIME_DAYS. All *estimates*
 * of how long such an ad stays true, from how these markets work in India.
 */
export const AD_LIFETIMES: Record<string, AdLifetime> = {
  properties: {
    days: 60,
    why: 'Flats, houses and plots take months to sell (loans, documents, family visits); a 30-day expiry would have owners renewing twice per sale for nothing.',
  },
  'properties-rentals': {
    days: 30,
    why: 'A flat to let is usually taken within weeks; stale rentals are what tenants complain about most, so rentals keep the default month.',
  },
  'properties-land': {
    days: 90,
    why: 'Land sells slowest of all (title checks, conversion); owners list it for a season.',
  },
  jobs: {
    days: 45,
    why: 'A hiring round (applications, interviews, notice periods) runs four to six weeks; job boards keep postings up for that long.',
  },
  'vehicles-cars': {
    days: 45,
    why: 'A used car is a large purchase with inspections and loan paperwork; and a seller gets one free car ad a year (decision 007), so the ad should last the sale.',
  },
  'vehicles-commercial-vehicles': {
    days: 60,
    why: 'Trucks, tempos and buses have few buyers and sell over months.',
  },
  services: {
    days: 60,
    why: 'A service is a standing offer (a plumber, a tutor), not an item that is sold; renewing monthly would only add work.',
  },
};

/** The lifetime of an ad in this category and subcategory, in days. */
export const adLifetimeDays = (categoryId: string, subcategoryId?: string | null): number =>
  (subcategoryId ? AD_LIFETIMES[subcategoryId]?.days : undefined) ?? AD_LIFETIMES[categoryId]?.days ?? DEFAULT_AD_LIFETIME_DAYS;

/**
 * Sellers are told this many days before their ad expires (in-app notification and Web Push), once
 * per period: the reminder is keyed by the expiry it announces, so a renewal (a new expiry) makes the
 * next period's reminder due again. *Estimate*: three days is a weekend plus a day.
 */
export const EXPIRY_REMINDER_DAYS = 3;

/**
 * A live ad can be renewed only in its last this-many days ("far from expiry" is anything earlier:
 * 409 RENEWAL_TOO_EARLY), and an expired ad at any time. Wider than the reminder, so a seller who
 * opens My Ads a few days early can still renew; a renewal adds a full lifetime to the later of now
 * and the old expiry, so renewing early loses nothing and the new expiry is always outside the
 * window: one renewal per period follows from the rule.
 */
export const RENEW_WINDOW_DAYS = 7;

/**
 * A boost sends an ad to the top of newest-first once; it has no end date of its own. It counts as
 * paid visibility, keeping its ad alive, for this many days after it is applied. *Estimate*: in a
 * busy category a boosted ad has sunk off the first pages within a week. A FEATURED period keeps its
 * ad alive until `featured_until`.
 */
export const BOOST_KEEPS_ALIVE_DAYS = 7;

/**
 * The scheduled job's bounds (our choice). Each run expires at most `batches × batchSize` ads and
 * reminds at most `reminderBatches × reminderBatchSize` sellers, one statement / one D1 batch at a
 * time, and stops early after `budgetMs` so it never competes with requests for long. At the
 * issue's 80,000 new ads a day about 3,300 ads expire (and as many are reminded) an hour; runs every
 * 10 minutes reach 6 × 1,000 = 6,000 of each an hour, and whatever is left waits for the next run
 * (an ad is at most a run late). Tested in ad-lifecycle-data.test.ts.
 */
export const EXPIRY_JOB = {
  cron: '*/10 * * * *',
  batchSize: 200,
  batches: 5,
  reminderBatchSize: 50,
  reminderBatches: 20,
  budgetMs: 20_000,
} as const;

/**
 * The migration that added expiries (0028) gave ads already live then at least this many days, spread
 * by their row number over `BACKFILL_SPREAD_DAYS` more, instead of created_at + lifetime: sellers had
 * never been told their ads expire, and a demo or production database with months of ads must not
 * lose them all at once (nor remind every seller on the same morning). Recorded here; the migration's
 * SQL carries the same numbers.
 */
export const BACKFILL_MIN_DAYS = 14;
export const BACKFILL_SPREAD_DAYS = 14;
