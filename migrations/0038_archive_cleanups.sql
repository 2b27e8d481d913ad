-- With the listings over several databases (decision 033) an archived ad leaves its own listings
-- database first (the ad, its photo copies, its search entry, its counters) and the core's rows of it
-- (conversations, photos, favourites, matches) in a second batch: the two share no transaction. A row
-- here, written in the core before the ad leaves and removed in the core's batch, names an ad whose
-- core rows may still be there; the archive job finishes those a bounded number a run. Empty with one
-- database (one batch removes everything) and whenever no run was interrupted.
CREATE TABLE `archive_cleanups` (
	`listing_id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `archive_cleanups_created` ON `archive_cleanups` (`created_at`);
