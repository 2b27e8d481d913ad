-- #22 (chat at 400 messages a second): a stored message advances its conversation in the same
-- statement. The chat room wrote two statements per message (the INSERT, then an UPDATE of the
-- chat's last_seq, preview and the sender's read mark, guarded by changes()); each statement is
-- work for the one thread that runs rooms and the database locally. The room's INSERT still takes
-- c.last_seq + 1 from the chat inside SQL, so the sequence stays gap-free and the next message of
-- the same batch sees this one.
CREATE TRIGGER `messages_advance_chat` AFTER INSERT ON `messages` BEGIN
  UPDATE `chats` SET
    `last_seq` = NEW.seq,
    `last_message` = substr(NEW.content, 1, 200),
    `last_message_at` = NEW.created_at,
    `updated_at` = NEW.created_at,
    -- the sender has read everything up to their own message
    `buyer_last_read_seq` = CASE WHEN NEW.sender_id = `buyer_id` THEN NEW.seq ELSE `buyer_last_read_seq` END,
    `seller_last_read_seq` = CASE WHEN NEW.sender_id = `seller_id` THEN NEW.seq ELSE `seller_last_read_seq` END
  WHERE `id` = NEW.chat_id AND `last_seq` < NEW.seq;
END;
