-- The messages_version triggers (0014, 0026) found their chats with `id IN (SELECT chat_id FROM
-- changed_messages)`. A transition table has no statistics, and each connection keeps the plan its
-- trigger made first: on a young or small database that plan is a hash join over a sequential scan of
-- every chat, dead versions included, and the connection kept scanning the whole table for every
-- stored message and receipt long after the table had grown (the public API bench: ~450 whole-table
-- scans of chats in 16 s). `id = ANY(ARRAY(...))` is a lookup by primary key whatever the estimates.
CREATE OR REPLACE FUNCTION sapa_messages_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[] := ARRAY(SELECT DISTINCT chat_id FROM changed_messages ORDER BY chat_id);
BEGIN
  PERFORM 1 FROM chats WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE chats SET messages_version = messages_version + 1, change_xid = pg_current_xact_id()
  WHERE id = ANY(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sapa_messages_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[] := ARRAY(SELECT chat_id FROM changed_messages UNION SELECT chat_id FROM old_messages ORDER BY 1);
BEGIN
  PERFORM 1 FROM chats WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE chats SET messages_version = messages_version + 1 WHERE id = ANY(ids);
  RETURN NULL;
END
$$;
