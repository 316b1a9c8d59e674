ALTER TABLE "chats" ADD COLUMN "messages_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agents_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below. A chat's messages_version moves with every statement that writes its messages,
-- whatever the path (stores, receipts, revokes, notes, retries, deletions, moves), so the server may
-- keep a chat's first page of messages and serve it again while the version stands (message-list.ts).
-- Once a statement, not once a row: a broadcast or a receipt batch writes many messages at once. The
-- chat rows are locked in id order; every path that writes a message writes or locks its chat after
-- it anyway, so no new lock order appears.
CREATE FUNCTION sapa_messages_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM chats WHERE id IN (SELECT chat_id FROM changed_messages) ORDER BY id FOR UPDATE;
  UPDATE chats SET messages_version = messages_version + 1
  WHERE id IN (SELECT chat_id FROM changed_messages);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A move (merging a chat into another) changes both chats' lists.
CREATE FUNCTION sapa_messages_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM chats
  WHERE id IN (SELECT chat_id FROM changed_messages UNION SELECT chat_id FROM old_messages)
  ORDER BY id FOR UPDATE;
  UPDATE chats SET messages_version = messages_version + 1
  WHERE id IN (SELECT chat_id FROM changed_messages UNION SELECT chat_id FROM old_messages);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_version_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS changed_messages
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_messages_version();
--> statement-breakpoint
CREATE TRIGGER messages_version_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_messages NEW TABLE AS changed_messages
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_messages_version_update();
--> statement-breakpoint
CREATE TRIGGER messages_version_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS changed_messages
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_messages_version();
--> statement-breakpoint
-- The lists name their messages' agents: renaming or removing one moves the owner's agents_version.
CREATE FUNCTION sapa_agents_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE users SET agents_version = agents_version + 1
    WHERE id IN (SELECT o.owner_id FROM old_agents o JOIN changed_agents n ON n.id = o.id
                 WHERE n.name IS DISTINCT FROM o.name);
  ELSE
    UPDATE users SET agents_version = agents_version + 1
    WHERE id IN (SELECT owner_id FROM old_agents);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agents_version_update AFTER UPDATE ON agents
  REFERENCING OLD TABLE AS old_agents NEW TABLE AS changed_agents
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_agents_version();
--> statement-breakpoint
CREATE TRIGGER agents_version_delete AFTER DELETE ON agents
  REFERENCING OLD TABLE AS old_agents
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_agents_version();
