-- #18 (helper 18b): tax invoices, ad stats.
-- Place of supply of a seller-package order, fixed the first time its tax invoice is issued (a GST
-- state name from worker/lib/gst.ts), so a later move never changes an issued invoice.
ALTER TABLE `business_orders` ADD `place_of_supply` text;
--> statement-breakpoint
-- One row per ad per UTC day: views by people other than the seller (bots left out), each viewer
-- counted once a day (listing_views decides that). Favourites and chats per day are read from their
-- own tables, which already carry the time.
CREATE TABLE `listing_daily_stats` (
	`listing_id` text NOT NULL,
	`day` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`listing_id`, `day`)
);
