-- A subcategory in a state ("Cars in Maharashtra", and where a search widens a city with no ads to
-- its state) had no index of its own: its page and featured candidates walked the state's newest-first
-- index and skipped every other kind of ad. At 1M ads the featured candidates of "Cars in Maharashtra,
-- ₹1–5 lakh" read 11,400 rows (41 ms of SQLite); with this index they read the state's cars only.
-- (The city has had the same index since 0022.)
CREATE INDEX `listings_state_sub` ON `listings` (`status`, `state_id`, `subcategory_id`, `sort_at`);
