-- The identifier directory (decision 034): who owns an e-mail address, a phone number or a Google
-- id, before the account is known. With several accounts databases each row lives in the database
-- of its hash's group (worker/db/identifiers.ts), so sign-in by e-mail or phone reads one row there
-- and then the account; the primary key makes a sign-up's claim a single conditional insert, so two
-- racing sign-ups for one address cannot both win. The value is stored only as its SHA-256 (hex).
-- With one accounts database it stays empty: the unique indexes on `users` decide, as before.
CREATE TABLE `identifiers` (
	`kind` text NOT NULL,
	`value_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `value_hash`)
) WITHOUT ROWID;
--> statement-breakpoint
-- the sweep of claims whose account never arrived reads the last minutes' claims
CREATE INDEX `identifiers_created` ON `identifiers` (`created_at`);
