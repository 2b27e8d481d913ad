-- Decision 020: per-day history leaves the hot database.
-- Views of days older than the seller's 30-day stats window, added up per ad.
CREATE TABLE `listing_view_totals` (
	`listing_id` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`through_day` integer NOT NULL
);
--> statement-breakpoint
-- The hourly roll-up and the removal of finished viewer rows find old days through these.
CREATE INDEX `listing_daily_stats_day` ON `listing_daily_stats` (`day`);
--> statement-breakpoint
CREATE INDEX `listing_views_day` ON `listing_views` (`day`);
--> statement-breakpoint
-- A bounded notification history: each insert keeps the user's newest 100 (RETENTION.notificationsPerUser
-- in worker/schemas/retention-data.ts; a test checks the two agree) and removes the rest. A trigger,
-- so every way a notification is written (one, a batch, a fan-out from a SELECT) obeys it.
CREATE TRIGGER `notifications_keep_newest` AFTER INSERT ON `notifications` BEGIN
	DELETE FROM notifications WHERE rowid IN (
		SELECT rowid FROM notifications WHERE user_id = NEW.user_id ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET 100
	);
END;
