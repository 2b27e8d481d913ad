-- Ad views are counted by a Durable Object per listings database, which writes the counters here in
-- batches (decision 020, addendum). Each batch carries its number, recorded in the same transaction
-- as the counters; a batch sent again after its answer was lost hits this key and is refused as a
-- whole, so no view is counted twice. One row per counter: each batch removes the older numbers.
-- `listing_views` (a row per viewer per ad per day) is no longer written: the counter object keeps
-- the day's viewers. The table stays until a later migration (the hourly roll-up empties it of
-- finished days within two days; dropping it here would break a worker still running the old code
-- during the deploy).
CREATE TABLE `view_counter_flushes` (
	`counter` text NOT NULL,
	`seq` integer NOT NULL,
	`flushed_at` integer NOT NULL,
	PRIMARY KEY(`counter`, `seq`)
);
--> statement-breakpoint
-- A conversation now leaves D1 with its archived ad (decision 021, addendum; its room keeps the
-- messages). Conversations of ads archived before kept the ad's title in `listing_title`, which
-- nothing sets any more: the hourly job removes them in bounded runs, found through this partial
-- index (empty once they are gone).
CREATE INDEX `chats_archived_ad` ON `chats` (`id`) WHERE `listing_title` IS NOT NULL;
