-- issue 21: saved searches and alerts
CREATE TABLE `saved_searches` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL,
  `name` text NOT NULL,
  -- the filters exactly as GET /api/listings takes them (JSON object of strings)
  `query` text NOT NULL,
  -- instant | daily | off
  `alert` text NOT NULL DEFAULT 'instant',
  -- the index the queue consumer looks candidates up by: a category or subcategory id ('' = any) and a place id (0 = anywhere)
  `scope` text NOT NULL DEFAULT '',
  `place_id` integer NOT NULL DEFAULT 0,
  -- the rest of the filter, compiled with the search's query understanding when saved (JSON)
  `matcher` text NOT NULL,
  `last_seen_at` integer NOT NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL
);
CREATE INDEX `saved_searches_user` ON `saved_searches` (`user_id`, `created_at`);
CREATE INDEX `saved_searches_scope_place` ON `saved_searches` (`scope`, `place_id`);

-- which ads matched which saved search (newCount, digests, and at most one alert per search and ad)
CREATE TABLE `saved_search_matches` (
  `saved_search_id` text NOT NULL,
  `listing_id` text NOT NULL,
  `user_id` text NOT NULL,
  `matched_at` integer NOT NULL,
  -- daily alerts: when the digest carrying this match went out (null = not yet)
  `digested_at` integer,
  PRIMARY KEY (`saved_search_id`, `listing_id`)
);
CREATE INDEX `saved_search_matches_seen` ON `saved_search_matches` (`saved_search_id`, `matched_at`);
CREATE INDEX `saved_search_matches_digest` ON `saved_search_matches` (`digested_at`, `user_id`);

-- the transactional outbox: written in the same D1 batch as the listing change, relayed to the queue
CREATE TABLE `listing_events` (
  `id` text PRIMARY KEY NOT NULL,
  `listing_id` text NOT NULL,
  -- posted | approved | reactivated | price_lowered
  `kind` text NOT NULL,
  -- price_lowered: the old price in paise
  `old_price_minor` integer,
  `created_at` integer NOT NULL,
  -- when the relay handed it to the queue (null = not yet)
  `sent_at` integer,
  -- when the consumer finished it
  `done_at` integer
);
CREATE INDEX `listing_events_unsent` ON `listing_events` (`sent_at`, `created_at`);
