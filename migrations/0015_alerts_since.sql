-- Issue 21: "only the new ads" (GET /api/listings?since=…) reads the moments ads went live after a
-- time from the outbox of listing events: posted, approved by a moderator, reactivated.
CREATE INDEX `listing_events_created` ON `listing_events` (`created_at`, `kind`, `listing_id`);
