-- #22: two things that read thousands of rows per search page at 1M ads.
--
-- 1. Every card shows how many live ads its seller has. That was counted per page
--    (`SELECT user_id, count(*) … GROUP BY user_id`): 9,000–19,000 index entries a page when the
--    page's sellers have hundreds of ads each. It is now a column kept by triggers, read with the
--    seller's row the page joins anyway. Every way an ad enters or leaves "live" is a change to
--    listings.status (or an insert or delete), so the triggers see all of them.
ALTER TABLE `users` ADD `live_ads` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `users` SET `live_ads` = (SELECT count(*) FROM `listings` WHERE `listings`.`user_id` = `users`.`id` AND `listings`.`status` = 'APPROVED');
--> statement-breakpoint
CREATE TRIGGER `users_live_ads_insert` AFTER INSERT ON `listings` WHEN NEW.status = 'APPROVED' BEGIN
  UPDATE `users` SET `live_ads` = `live_ads` + 1 WHERE `id` = NEW.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_live_ads_delete` AFTER DELETE ON `listings` WHEN OLD.status = 'APPROVED' BEGIN
  UPDATE `users` SET `live_ads` = `live_ads` - 1 WHERE `id` = OLD.user_id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_live_ads_update` AFTER UPDATE OF `status`, `user_id` ON `listings`
WHEN (OLD.status = 'APPROVED') != (NEW.status = 'APPROVED') OR OLD.user_id != NEW.user_id BEGIN
  UPDATE `users` SET `live_ads` = `live_ads` - 1 WHERE `id` = OLD.user_id AND OLD.status = 'APPROVED';
  UPDATE `users` SET `live_ads` = `live_ads` + 1 WHERE `id` = NEW.user_id AND NEW.status = 'APPROVED';
END;
--> statement-breakpoint
-- 2. A subcategory in a city, newest first ("headphones in Chennai", what query understanding makes
--    of "buds chennai"): the city's index walked every ad of the city to find the few headphones
--    (1,700 rows for the page, 20,000 for its featured candidates). Its own index reads the page.
CREATE INDEX `listings_city_sub` ON `listings` (`status`, `city_id`, `subcategory_id`, `sort_at`);
