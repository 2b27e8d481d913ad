-- #21: matches are recorded per distinct saved query, not per saved search. An ad that fits a query
-- saved by 1,800 buyers wrote 1,800 rows (230 a new ad on average at the bench's 100,000 searches,
-- over half the rows of a fan-out); it now writes one (5 an ad). What each buyer needs is read from
-- these rows: newCount = the query's live matches that went live after the search was last opened,
-- the daily digest = its matches recorded since the search's last digest (`digested_until`).
-- Instant alerts never needed a match row: their notification is keyed by ad and buyer.
CREATE TABLE `saved_query_matches` (
	`matcher_id` integer NOT NULL,
	`listing_id` text NOT NULL,
	-- the ad's seller: their own saved searches do not count it
	`seller_id` text NOT NULL,
	-- when the ad went live for this query (the event's moment: posted, approved, reactivated, price lowered)
	`live_at` integer NOT NULL,
	-- when the consumer recorded it (a digest sends what was recorded since the last one)
	`matched_at` integer NOT NULL,
	PRIMARY KEY (`matcher_id`, `listing_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `saved_query_matches_live` ON `saved_query_matches` (`matcher_id`, `live_at`, `seller_id`);
--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `digested_until` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- the /products link of the search's own filters, so the database itself can write a fan-out's
-- notifications (their link adds since + savedSearch); searches saved before get theirs from the
-- hourly cron (SQL cannot URL-encode), and until then their alerts open the Saved searches page
ALTER TABLE `saved_searches` ADD `href` text;
--> statement-breakpoint
-- daily searches continue from their last digest; the others from when they were saved
UPDATE `saved_searches` SET `digested_until` = coalesce(
	(SELECT max(m.`digested_at`) FROM `saved_search_matches` m WHERE m.`saved_search_id` = `saved_searches`.`id` AND `saved_searches`.`alert` = 'daily'),
	`created_at`
);
--> statement-breakpoint
INSERT OR IGNORE INTO `saved_query_matches` (`matcher_id`, `listing_id`, `seller_id`, `live_at`, `matched_at`)
SELECT s.`matcher_id`, m.`listing_id`, l.`user_id`, min(m.`matched_at`), min(m.`matched_at`)
FROM `saved_search_matches` m
JOIN `saved_searches` s ON s.`id` = m.`saved_search_id`
JOIN `listings` l ON l.`id` = m.`listing_id`
WHERE s.`matcher_id` IS NOT NULL
GROUP BY s.`matcher_id`, m.`listing_id`;
--> statement-breakpoint
DROP TABLE `saved_search_matches`;
