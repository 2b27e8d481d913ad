-- A seller's live ads over several listings databases (decision 033 spreads the ads by groups of
-- states, decision 034 the accounts). Each listings database keeps, on its copy of the seller's card,
-- the count of the seller's live ads IT holds (migration 0022's triggers, which only ever see their
-- own database). An ad's card showed that count alone, so a seller with ads in Delhi and in Chennai
-- showed a different, too small, number on each. Now the card also keeps the seller's live ads in
-- the OTHER listings databases (`live_ads_elsewhere`), written by a job every minute for the sellers
-- whose count changed anywhere; the card shows the sum. With one listings database it stays 0.
ALTER TABLE `users` ADD `live_ads_elsewhere` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The sellers whose count changed in this database since the job last spread it; `version` moves on
-- with every change, so the job removes a mark only when no change came after what it read.
CREATE TABLE `live_ads_changed` (
  `user_id` text PRIMARY KEY NOT NULL,
  `version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_live_ads_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_live_ads_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `users_live_ads_update`;
--> statement-breakpoint
CREATE TRIGGER `users_live_ads_insert` AFTER INSERT ON `listings` WHEN NEW.status = 'APPROVED' BEGIN
  UPDATE `users` SET `live_ads` = `live_ads` + 1 WHERE `id` = NEW.user_id;
  INSERT INTO `live_ads_changed` (`user_id`) VALUES (NEW.user_id) ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_live_ads_delete` AFTER DELETE ON `listings` WHEN OLD.status = 'APPROVED' BEGIN
  UPDATE `users` SET `live_ads` = `live_ads` - 1 WHERE `id` = OLD.user_id;
  INSERT INTO `live_ads_changed` (`user_id`) VALUES (OLD.user_id) ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_live_ads_update` AFTER UPDATE OF `status`, `user_id` ON `listings`
WHEN (OLD.status = 'APPROVED') != (NEW.status = 'APPROVED') OR OLD.user_id != NEW.user_id BEGIN
  UPDATE `users` SET `live_ads` = `live_ads` - 1 WHERE `id` = OLD.user_id AND OLD.status = 'APPROVED';
  UPDATE `users` SET `live_ads` = `live_ads` + 1 WHERE `id` = NEW.user_id AND NEW.status = 'APPROVED';
  INSERT INTO `live_ads_changed` (`user_id`) SELECT OLD.user_id WHERE OLD.status = 'APPROVED' ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1;
  INSERT INTO `live_ads_changed` (`user_id`) SELECT NEW.user_id WHERE NEW.status = 'APPROVED' ON CONFLICT (`user_id`) DO UPDATE SET `version` = `version` + 1;
END;
