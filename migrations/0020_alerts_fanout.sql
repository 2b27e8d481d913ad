-- #21: who has an app tab open right now. The user's inbox Durable Object adds the row when its
-- first socket connects and removes it when its last one closes, so the alerts consumer can fan a
-- new ad out to many buyers and wake only the inboxes that have someone to tell (an open tab, or a
-- browser subscribed to Web Push); everybody else finds the stored notification on their next visit.
-- A stale row (an inbox that died without closing) only costs one extra inbox call.
CREATE TABLE `inbox_presence` (
	`user_id` text PRIMARY KEY NOT NULL,
	`since` integer NOT NULL
);
--> statement-breakpoint
-- #21: each distinct compiled query once. 100,000 saved searches are mostly the same few thousand
-- queries ("cars in Pune" saved by hundreds of buyers), so the consumer evaluates the distinct
-- queries of the ad's category and place (hundreds) instead of every saved search (ten thousand),
-- then reads only the saved searches behind the queries that matched. AUTOINCREMENT: an id is never
-- reused, so a parsed matcher may be cached by id. Rows no saved search uses are removed hourly.
CREATE TABLE `saved_search_matchers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`place_id` integer NOT NULL,
	`matcher` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_search_matchers_key` ON `saved_search_matchers` (`scope`, `place_id`, `matcher`);
--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `matcher_id` integer;
--> statement-breakpoint
INSERT INTO `saved_search_matchers` (`scope`, `place_id`, `matcher`, `created_at`)
SELECT DISTINCT `scope`, `place_id`, `matcher`, 0 FROM `saved_searches`;
--> statement-breakpoint
UPDATE `saved_searches` SET `matcher_id` = (
	SELECT m.`id` FROM `saved_search_matchers` m
	WHERE m.`scope` = `saved_searches`.`scope` AND m.`place_id` = `saved_searches`.`place_id` AND m.`matcher` = `saved_searches`.`matcher`
);
--> statement-breakpoint
CREATE INDEX `saved_searches_matcher` ON `saved_searches` (`matcher_id`, `created_at`);
--> statement-breakpoint
-- #21: the matches table, lean. One new ad records a match for every saved search it fits (230 a
-- second ad at the bench's 100,000 searches), so each index is paid for on every event: the table
-- becomes WITHOUT ROWID on its own key (no hidden rowid tree beside it); the (search, matched_at)
-- index goes (newCount reads a search's matches through the key's prefix); the digest's index holds
-- only what a digest still has to send (daily matches not yet sent), not every instant match.
CREATE TABLE `saved_search_matches_lean` (
	`saved_search_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`matched_at` integer NOT NULL,
	-- daily alerts: when the digest carrying this match went out (null = not yet)
	`digested_at` integer,
	PRIMARY KEY (`saved_search_id`, `listing_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `saved_search_matches_lean` SELECT `saved_search_id`, `listing_id`, `user_id`, `matched_at`, `digested_at` FROM `saved_search_matches`;
--> statement-breakpoint
DROP TABLE `saved_search_matches`;
--> statement-breakpoint
ALTER TABLE `saved_search_matches_lean` RENAME TO `saved_search_matches`;
--> statement-breakpoint
CREATE INDEX `saved_search_matches_pending` ON `saved_search_matches` (`user_id`, `saved_search_id`, `matched_at`) WHERE `digested_at` IS NULL;
