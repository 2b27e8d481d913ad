/**
 * The archive (decision 021): which ended ads leave D1 for R2, after how long, and what of them is
 * kept. Reviewed data, free of server imports (the web client reads the state labels). Change a
 * value here and in worker/schemas/archive-data.test.ts.
 */

const DAY_MS = 86_400_000;

/**
 * Ad states that end an ad's life, and how long an ad stays in D1 after it last changed in that state
 * before the archive job moves it to R2. Numbers about us (estimates of how sellers behave, to be
 * measured from real use): within the window a seller can still put the ad back on sale with one tap
 * and all its photos (`POST /listings/{id}/status`); after it the seller reposts from the archive.
 *
 * A new state that ends ads (an expiry) joins with one line here.
 */
export const ARCHIVABLE_STATES = {
  /** sold: a buyer who backed out brings most sellers back within weeks (estimate) */
  SOLD: { retentionDays: 90 },
  /** deactivated by the seller (or by deleting the account) and left alone for half a year: abandoned (estimate) */
  INACTIVE: { retentionDays: 180 },
  /** expired and not renewed (decision 019; the expiry sets updated_at): renewing stays free and one tap within this (estimate) */
  EXPIRED: { retentionDays: 60 },
} as const satisfies Record<string, { retentionDays: number }>;

export type ArchivableState = keyof typeof ARCHIVABLE_STATES;

/** A deleted ad is archived at the moment it is deleted: keeping it in D1 serves nobody. */
export const DELETED_RETENTION_DAYS = 0;

export const retentionMs = (state: ArchivableState) => ARCHIVABLE_STATES[state].retentionDays * DAY_MS;

/**
 * Photos kept in R2 with an archived ad, in the ad's own order (the first is its cover). The cover
 * shows on the archive's card and starts a repost; the rest are removed when the ad is archived.
 * Why one: R2 stores a GB for $0.015 a month (published, Cloudflare R2 pricing 2026); an ad's photos
 * are ~1 MB together and its cover ~0.2 MB (estimate from the upload cap and typical phone photos),
 * and archived ads only accumulate — 80,000 new ads a day keep ~29 TB of photos a year if all are
 * kept, ~6 TB with covers only. A seller who reposts within the retention keeps every photo.
 */
export const ARCHIVE_KEPT_PHOTOS = 1;

/** Ads moved per batch (each one R2 write of its document, one of its index entry, one D1 batch). */
export const ARCHIVE_BATCH_SIZE = 25;

/** Batches per cron run: bounded, so one run never holds D1 long; the next run goes on where this one stopped. */
export const ARCHIVE_BATCHES_PER_RUN = 8;

/**
 * Conversations of ads archived before conversations left with their ads, removed per cron run (each
 * one room call, one R2 write, one D1 batch): the same bound as the ads a run moves.
 */
export const EARLIER_ARCHIVED_CHATS_PER_RUN = 200;

/**
 * With the listings over several databases (decision 033): archived ads whose core clean-up an
 * interrupted run left undone, finished per run (each one R2 read, one room call per conversation,
 * one core batch) — the same bound as a run's ads.
 */
export const ARCHIVE_CLEANUPS_PER_RUN = 200;

/**
 * How old a clean-up record must be before a run finishes it: a run in progress writes the record
 * just before the ad leaves its database and removes it a moment later, so only a record older than
 * any run can take (a cron invocation runs at most 15 minutes, published: Cloudflare Workers limits) is one an
 * interrupted run left.
 */
export const ARCHIVE_CLEANUP_AFTER_MS = 60 * 60_000;

/**
 * With several listings databases (decision 033): how old a hidden copy left by an interrupted move
 * to another group of states must be before the archive job sweeps it (a move's steps run within one
 * request, a few round trips apart; an hour is far beyond any request, as for the clean-up records),
 * and how many such copies one run handles in each listings database.
 */
export const MOVE_SWEEP_AFTER_MS = 60 * 60_000;
export const MOVES_SWEPT_PER_RUN = 200;

/** Archived ads per page of My Ads' Archived tab (one R2 list call a page). */
export const ARCHIVE_PAGE_SIZE = 20;
export const ARCHIVE_MAX_PAGE_SIZE = 50;

/** The label of an archived ad's final state in My Ads. */
export const ARCHIVED_STATE_LABELS: Record<string, string> = {
  SOLD: 'Sold',
  INACTIVE: 'Inactive',
  EXPIRED: 'Expired',
  DELETED: 'Deleted',
};
