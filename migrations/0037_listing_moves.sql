-- An ad moved into another group of states gets a new id in that group's listings database
-- (decision 033: the id's last digit names the group). The old id must keep answering: its database
-- keeps one small row saying where the ad went. Reads look here only when an id is not found, so
-- the normal path costs nothing more. `status` is the status the ad has at its new id once the move
-- is finished: until then (a move interrupted between its steps) a read through this row shows the
-- ad with it, and the seller's next write finishes the move. Every database carries the same
-- migrations, so the table exists (empty) in the core and with one listings database too.
CREATE TABLE `listing_moves` (
	`old_id` text PRIMARY KEY NOT NULL,
	`new_id` text NOT NULL,
	`status` text NOT NULL,
	`moved_at` integer NOT NULL
);
--> statement-breakpoint
-- The seller's write on an ad whose move was interrupted after its old row went finds the move by
-- the new id (the id a read through the old one answered with).
CREATE INDEX `listing_moves_new` ON `listing_moves` (`new_id`);
