-- #21: who has an app tab open right now. The user's inbox Durable Object adds the row when its
-- first socket connects and removes it when its last one closes, so the alerts consumer can fan a
-- new ad out to many buyers and wake only the inboxes that have someone to tell (an open tab, or a
-- browser subscribed to Web Push); everybody else finds the stored notification on their next visit.
-- A stale row (an inbox that died without closing) only costs one extra inbox call.
CREATE TABLE `inbox_presence` (
	`user_id` text PRIMARY KEY NOT NULL,
	`since` integer NOT NULL
);
