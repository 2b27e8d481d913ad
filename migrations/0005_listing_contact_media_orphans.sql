ALTER TABLE `listings` ADD `contact_name` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `contact_phone` text;--> statement-breakpoint
CREATE INDEX `media_orphans` ON `media` (`listing_id`,`created_at`);