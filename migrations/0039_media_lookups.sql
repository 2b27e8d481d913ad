-- The duplicate-photo lookup's keys, kept with each hashed photo (decision 012, decision 022): the
-- band values its hash and its print's turns ask the indexes for, computed once at upload, so
-- posting runs the lookup in the read it already makes instead of reading the print first.
-- A photo without a row (uploaded before this table, or flat) is looked up as before.
CREATE TABLE `media_lookups` (
	`media_id` text PRIMARY KEY NOT NULL REFERENCES `media`(`id`) ON DELETE CASCADE,
	`probes` text NOT NULL,
	`created_at` integer NOT NULL
);
