-- What the readers of conversations by seller, by ad and by member need on the members' own chat list
-- rows (decision 034, "Conversations"), so that with CHAT_LIST_WITH_ACCOUNTS on they read the member's
-- own accounts database instead of the core's `chats` (which will leave the core).
--
-- How long the seller took to answer the conversation's first message, in ms, on the SELLER's row only
-- (NULL on the buyer's, and until the seller answers a conversation the buyer opened): the value the
-- core's trigger of migration 0031 keeps on `chats`. The room writes it with the group commit that
-- carries the seller's first answer, the move copies it from the core's row; a row keeps the first
-- value it is given. Every database carries it, empty where it is not used.
ALTER TABLE `chat_members` ADD COLUMN `first_reply_ms` integer;
--> statement-breakpoint
-- an ad's conversations on its seller's rows (the ad's stats' chats), without a walk of all of them
CREATE INDEX `chat_members_ad` ON `chat_members` (`user_id`, `listing_id`);
--> statement-breakpoint
-- the seller page's reply time: the seller's newest answered conversations (a bounded sample)
CREATE INDEX `chat_members_replied` ON `chat_members` (`user_id`, `last_message_at`) WHERE `first_reply_ms` IS NOT NULL;
