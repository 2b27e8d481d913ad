-- Duplicate photos that were mirrored, turned, cropped or framed (decision 012, "Mirrors, turns,
-- crops and borders"). Each hashed photo gets a print (a 32×32 greyscale thumbnail of its frame with
-- borders trimmed, 1,029 bytes) and the dHash of 15 crop windows of it, indexed by 16-bit band like
-- media.phash. Photos stored before this have neither until the hourly backfill reaches them; an
-- empty print marks one the backfill could not read, so it is not tried again.
CREATE TABLE `media_prints` (
	`media_id` text PRIMARY KEY NOT NULL REFERENCES `media`(`id`) ON DELETE CASCADE,
	`print` blob NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `media_print_windows` (
	`media_id` text NOT NULL REFERENCES `media`(`id`) ON DELETE CASCADE,
	`win` integer NOT NULL,
	`hash` text NOT NULL,
	`b0` integer NOT NULL,
	`b1` integer NOT NULL,
	`b2` integer NOT NULL,
	`b3` integer NOT NULL,
	PRIMARY KEY (`media_id`, `win`)
);
--> statement-breakpoint
CREATE INDEX `media_print_windows_b0` ON `media_print_windows` (`b0`);
--> statement-breakpoint
CREATE INDEX `media_print_windows_b1` ON `media_print_windows` (`b1`);
--> statement-breakpoint
CREATE INDEX `media_print_windows_b2` ON `media_print_windows` (`b2`);
--> statement-breakpoint
CREATE INDEX `media_print_windows_b3` ON `media_print_windows` (`b3`);
