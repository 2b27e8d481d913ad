-- Trust and safety (issue 20): roles, reports that hold an ad, blocks between users, bans and an
-- append-only audit log of moderator actions. Trigger SQL stays LF-only and free of CASE...END.
ALTER TABLE users ADD COLUMN role text DEFAULT 'USER' NOT NULL;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN ban_reason text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN banned_at integer;
--> statement-breakpoint
ALTER TABLE listings ADD COLUMN held_reason text;
--> statement-breakpoint
ALTER TABLE listings ADD COLUMN held_at integer;
--> statement-breakpoint
ALTER TABLE media ADD COLUMN phash text;
--> statement-breakpoint
CREATE INDEX listings_held ON listings (status, held_at);
--> statement-breakpoint
CREATE TABLE listing_reports (
  id text PRIMARY KEY NOT NULL,
  listing_id text NOT NULL,
  reporter_id text NOT NULL,
  reason text NOT NULL,
  details text,
  status text DEFAULT 'OPEN' NOT NULL,
  created_at integer NOT NULL,
  closed_at integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX listing_reports_listing_reporter_unique ON listing_reports (listing_id, reporter_id);
--> statement-breakpoint
CREATE INDEX listing_reports_status_listing ON listing_reports (status, listing_id);
--> statement-breakpoint
CREATE INDEX listing_reports_reporter ON listing_reports (reporter_id, created_at);
--> statement-breakpoint
CREATE TABLE user_blocks (
  blocker_id text NOT NULL,
  blocked_id text NOT NULL,
  created_at integer NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
--> statement-breakpoint
CREATE INDEX user_blocks_blocked ON user_blocks (blocked_id, blocker_id);
--> statement-breakpoint
CREATE TABLE moderation_actions (
  id text PRIMARY KEY NOT NULL,
  actor_id text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  reason text NOT NULL,
  created_at integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX moderation_actions_created ON moderation_actions (created_at);
--> statement-breakpoint
CREATE INDEX moderation_actions_target ON moderation_actions (target_id, created_at);
--> statement-breakpoint
CREATE TRIGGER moderation_actions_no_update BEFORE UPDATE ON moderation_actions BEGIN
  SELECT RAISE(ABORT, 'the moderation audit log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER moderation_actions_no_delete BEFORE DELETE ON moderation_actions BEGIN
  SELECT RAISE(ABORT, 'the moderation audit log is append-only');
END;
