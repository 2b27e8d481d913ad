-- An ad that moves into another limit group (by an edit) or goes live again after its posting ran
-- out of its period is posted anew in that group (decision 007): one ad may now hold several
-- postings, one per group and time. The old rows keep counting where they were (as after a
-- deletion), so moving an ad out of a group never gives its free ad back.
CREATE TABLE `ad_postings_new` (
  `listing_id` TEXT NOT NULL,
  `user_id` TEXT NOT NULL,
  `limit_key` TEXT NOT NULL,
  `credit_id` TEXT,
  `created_at` INTEGER NOT NULL,
  PRIMARY KEY (`listing_id`, `limit_key`, `created_at`)
);
--> statement-breakpoint
INSERT INTO `ad_postings_new` (`listing_id`, `user_id`, `limit_key`, `credit_id`, `created_at`)
  SELECT `listing_id`, `user_id`, `limit_key`, `credit_id`, `created_at` FROM `ad_postings`;
--> statement-breakpoint
DROP TABLE `ad_postings`;
--> statement-breakpoint
ALTER TABLE `ad_postings_new` RENAME TO `ad_postings`;
--> statement-breakpoint
CREATE INDEX `ad_postings_user_group` ON `ad_postings` (`user_id`, `limit_key`, `created_at`);
--> statement-breakpoint
CREATE INDEX `ad_postings_credit` ON `ad_postings` (`credit_id`);
