-- Ads expire (decision 019). `expires_at` is when an ad stops being live: the scheduled job turns
-- APPROVED ads past it into EXPIRED (a status like SOLD, so every "live ads only" read — search, its
-- full-text index and counts, home, related ads, the sitemap, saved-search matching, the sellers'
-- live-ad counts kept by triggers — leaves them out without a change of its own). A renewal moves
-- `expires_at` on and counts in `renewals` / `renewed_at`; `expiry_reminded_for` is the expiry the
-- seller was last reminded of, so each period is reminded once.
ALTER TABLE `listings` ADD `expires_at` integer;
--> statement-breakpoint
ALTER TABLE `listings` ADD `renewed_at` integer;
--> statement-breakpoint
ALTER TABLE `listings` ADD `renewals` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `listings` ADD `expiry_reminded_for` integer;
--> statement-breakpoint
-- Ads that exist now were posted when ads did not expire, and nobody told their sellers. Each gets
-- the later of its normal 30 days from posting and 14 days from now spread by row number over 14
-- more (BACKFILL_MIN_DAYS / BACKFILL_SPREAD_DAYS in worker/schemas/ad-lifecycle-data.ts): no ad
-- disappears without a reminder, a database of months-old ads (the demo's, production's) does not
-- empty in one night, and the reminders arrive over two weeks rather than on one morning. A running
-- paid feature keeps its ad live until it ends.
UPDATE `listings` SET `expires_at` = max(
  `created_at` + 30 * 86400000,
  CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 14 * 86400000 + (`num` % 14) * 86400000,
  coalesce(`featured_until`, 0)
) WHERE `expires_at` IS NULL;
--> statement-breakpoint
-- the expiry job and the reminders walk live ads by expiry; the archive will walk expired ones the same way
CREATE INDEX `listings_status_expires` ON `listings` (`status`, `expires_at`);
