-- Weighted reports (decision 008, "Weighted reports"): three throw-away accounts could hide any ad.
-- Each report now keeps what its reporter weighed when it was made (0 for accounts that proved
-- nothing), where they stood, and a keyed hash of their network (IPv4 address or IPv6 /64; never the
-- address itself), so several accounts on one network count once toward the automatic hold.
-- Reports made before this migration weigh 0: nobody checked who made them. They stay in the queue.
ALTER TABLE listing_reports ADD COLUMN weight integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE listing_reports ADD COLUMN standing text DEFAULT 'UNVERIFIED' NOT NULL;
--> statement-breakpoint
ALTER TABLE listing_reports ADD COLUMN network text;
--> statement-breakpoint
-- UPHELD (a moderator took the ad down) | DISMISSED (a moderator kept it); NULL while open
ALTER TABLE listing_reports ADD COLUMN outcome text;
--> statement-breakpoint
-- reports made before this time never count toward the automatic hold: a moderator keeping a reported ad
-- sets it to the end of a pause (reports in the pause go to the queue only); an owner's edit ends the pause
ALTER TABLE listings ADD COLUMN reports_count_from integer;
--> statement-breakpoint
-- a reporter's record: the decisions on their earlier reports, read on every report they make
CREATE INDEX listing_reports_reporter_outcome ON listing_reports (reporter_id, outcome);
--> statement-breakpoint
-- the outcome of reports closed before this migration, read from the audit log entry their decision wrote
UPDATE listing_reports SET outcome = 'UPHELD'
WHERE status = 'CLOSED' AND EXISTS (
  SELECT 1 FROM moderation_actions a
  WHERE a.target_type = 'LISTING' AND a.target_id = listing_reports.listing_id AND a.created_at = listing_reports.closed_at AND a.action = 'REJECT'
);
--> statement-breakpoint
UPDATE listing_reports SET outcome = 'DISMISSED'
WHERE status = 'CLOSED' AND outcome IS NULL AND EXISTS (
  SELECT 1 FROM moderation_actions a
  WHERE a.target_type = 'LISTING' AND a.target_id = listing_reports.listing_id AND a.created_at = listing_reports.closed_at AND a.action = 'APPROVE'
);
