-- The archive (decision 021): ads that ended (sold, deactivated, deleted) long enough ago move to R2
-- and leave D1. The archive job finds them by status and by when they last changed, oldest first.
CREATE INDEX `listings_status_updated` ON `listings` (`status`, `updated_at`);
--> statement-breakpoint
-- A conversation outlives its ad: the ad's title is kept on the chat when the ad is archived, so the
-- chat list still says what the conversation was about. Null while the ad is in D1.
ALTER TABLE `chats` ADD `listing_title` text;
