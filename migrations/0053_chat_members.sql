-- The chat list per member (decision 034, "Conversations"). With several accounts databases each
-- member's own database holds one row per conversation they are in: what their chat list shows
-- (the last message, its time and sender, their unread mark, the other member's read mark for the
-- read ticks, their star), so the list is read from that one database. The core's `chats` row stays
-- the conversation's directory (its two members and its ad, one conversation per ad and buyer); the
-- chat room writes both copies on each group commit, side by side, and never moves `last_seq` back.
-- With one accounts database nothing writes or reads this table. Every database carries it, empty
-- where it is not used (as every table of decision 033 and 034).
CREATE TABLE `chat_members` (
  `user_id` text NOT NULL,
  `chat_id` text NOT NULL,
  `listing_id` text NOT NULL,
  `other_id` text NOT NULL,
  `role` text NOT NULL,
  `last_seq` integer DEFAULT 0 NOT NULL,
  `last_read_seq` integer DEFAULT 0 NOT NULL,
  `other_last_read_seq` integer DEFAULT 0 NOT NULL,
  `last_message` text,
  `last_message_at` integer,
  `last_sender_id` text,
  `activity_at` integer NOT NULL,
  `starred` integer DEFAULT 0 NOT NULL,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY (`user_id`, `chat_id`)
);
--> statement-breakpoint
-- The list's order: newest activity first, ties by conversation id (the same order as the core's list).
CREATE INDEX `chat_members_list` ON `chat_members` (`user_id`, `activity_at` DESC, `chat_id` DESC);
