-- A chat's change_xid (0009) moved with every write of the chat, and it is indexed: so every write -
-- a receipt's status (sent, delivered, read) of the chat's last message, the messages_version of 0014
-- - added the row to each of the chats' ten indexes again (both GIN ones too) instead of staying on
-- its page (HOT). The in-process search index (modules/chat/search-index.ts) only needs a chat
-- stamped when something it holds changes: the columns below (its `rowColumns`), or the chat's words,
-- which grow only when a message is stored (the stamp of sapa_messages_version below; an edit, a
-- revoke or a move marks the words stale in chat_search, which stamps that row). Keep the list in
-- step with rowColumns.
DROP TRIGGER chats_change_xid ON chats;
--> statement-breakpoint
CREATE TRIGGER chats_change_xid_insert BEFORE INSERT ON chats
  FOR EACH ROW EXECUTE FUNCTION sapa_change_xid();
--> statement-breakpoint
CREATE TRIGGER chats_change_xid_update BEFORE UPDATE ON chats FOR EACH ROW
  WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id
        OR OLD.contact_name IS DISTINCT FROM NEW.contact_name
        OR OLD.contact_phone IS DISTINCT FROM NEW.contact_phone
        OR OLD.last_message_at IS DISTINCT FROM NEW.last_message_at
        OR OLD.account_id IS DISTINCT FROM NEW.account_id
        OR OLD.agent_id IS DISTINCT FROM NEW.agent_id
        OR OLD.label_ids IS DISTINCT FROM NEW.label_ids
        OR OLD.unread_count IS DISTINCT FROM NEW.unread_count
        OR OLD.last_message_is_from_me IS DISTINCT FROM NEW.last_message_is_from_me
        OR OLD.conversation_state IS DISTINCT FROM NEW.conversation_state)
  EXECUTE FUNCTION sapa_change_xid();
--> statement-breakpoint
-- Messages inserted or deleted: their chats' words may have grown (or the words the index holds may
-- now say too much), so the chats are stamped as well as versioned.
CREATE OR REPLACE FUNCTION sapa_messages_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM chats WHERE id IN (SELECT chat_id FROM changed_messages) ORDER BY id FOR UPDATE;
  UPDATE chats SET messages_version = messages_version + 1, change_xid = pg_current_xact_id()
  WHERE id IN (SELECT chat_id FROM changed_messages);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Room on each page for those updates to stay there (as messages', 0025).
ALTER TABLE "chats" SET (fillfactor = 85);
