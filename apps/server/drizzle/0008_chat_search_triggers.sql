-- chat_search (0007) is kept by triggers on messages, so every path that writes a message keeps it
-- (the ingest statement, sends, imports, the demo seed). See the comment on chatSearch in schema.ts.
-- The cap (20,000 characters) is SEARCH_WORDS_CAP in modules/chat/list.ts.

-- The reference to the chat is checked at commit: the ingest statement inserts a new chat's first
-- message (and so this row) before the chat.
ALTER TABLE "chat_search" ADD CONSTRAINT "chat_search_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
CREATE INDEX "chat_search_stale_idx" ON "chat_search" ("chat_id") WHERE "stale";
--> statement-breakpoint
-- The words of `body` (lower case, split on whitespace) that `known` (' word word ') lacks, as 'word word '.
-- (string_to_array after one regexp_replace: a third cheaper than regexp_split_to_table on PGlite.)
CREATE FUNCTION sapa_new_words(body text, known text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(w, ' ') || ' ', '')
  FROM (SELECT DISTINCT w FROM unnest(string_to_array(regexp_replace(lower(body), '\s+', ' ', 'g'), ' ')) AS w
        WHERE w <> '' AND position(' ' || w || ' ' IN known) = 0) AS fresh
$$;
--> statement-breakpoint
CREATE FUNCTION sapa_chat_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  known text;
  kept boolean;
  fresh text;
BEGIN
  IF NEW.is_deleted OR NEW.text = '' THEN
    RETURN NULL;
  END IF;
  SELECT words, complete INTO known, kept FROM chat_search WHERE chat_id = NEW.chat_id FOR UPDATE;
  IF NOT FOUND THEN
    fresh := sapa_new_words(NEW.text, ' ');
    IF fresh <> '' THEN
      -- a conflict is another first message of the chat stored at the same moment
      INSERT INTO chat_search AS s (chat_id, owner_id, words) VALUES (NEW.chat_id, NEW.owner_id, ' ' || fresh)
      ON CONFLICT (chat_id) DO UPDATE SET
        words = CASE WHEN length(s.words) + length(excluded.words) > 20000 THEN ' '
                     ELSE s.words || sapa_new_words(NEW.text, s.words) END,
        complete = length(s.words) + length(excluded.words) <= 20000
      WHERE s.complete;
    END IF;
    RETURN NULL;
  END IF;
  IF NOT kept THEN
    RETURN NULL;
  END IF;
  fresh := sapa_new_words(NEW.text, known);
  IF fresh = '' THEN
    RETURN NULL;
  END IF;
  IF length(known) + length(fresh) > 20000 THEN
    UPDATE chat_search SET words = ' ', complete = false WHERE chat_id = NEW.chat_id;
  ELSE
    UPDATE chat_search SET words = known || fresh WHERE chat_id = NEW.chat_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_chat_search_add AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION sapa_chat_search_add();
--> statement-breakpoint
-- An edit, a revoke or a move to another chat: the words may now say too much, so the search reads
-- those chats' messages until housekeeping rebuilds their rows.
CREATE FUNCTION sapa_chat_search_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_search SET stale = true WHERE chat_id = OLD.chat_id AND NOT stale;
  INSERT INTO chat_search AS s (chat_id, owner_id, stale) VALUES (NEW.chat_id, NEW.owner_id, true)
  ON CONFLICT (chat_id) DO UPDATE SET stale = true WHERE NOT s.stale;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_chat_search_edit AFTER UPDATE OF text, chat_id, is_deleted ON messages
  FOR EACH ROW
  WHEN (OLD.text IS DISTINCT FROM NEW.text OR OLD.chat_id IS DISTINCT FROM NEW.chat_id
        OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
  EXECUTE FUNCTION sapa_chat_search_stale();
--> statement-breakpoint
-- A deletion, once a statement: deleting a chat deletes its messages (and its row) in one statement,
-- which a trigger a row would have slowed by one update a message.
CREATE FUNCTION sapa_chat_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE chat_search SET stale = true
  WHERE chat_id IN (SELECT DISTINCT chat_id FROM deleted_messages) AND NOT stale;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_chat_search_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS deleted_messages
  FOR EACH STATEMENT EXECUTE FUNCTION sapa_chat_search_deleted();
--> statement-breakpoint
-- Recomputes one chat's row from its messages. The row is locked first and the messages read by the
-- next statement, so a message stored meanwhile is either read here or appended after this commits.
CREATE FUNCTION sapa_chat_search_rebuild(chat text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  all_words text;
BEGIN
  INSERT INTO chat_search (chat_id, owner_id, stale)
    SELECT id, owner_id, true FROM chats WHERE id = chat
  ON CONFLICT (chat_id) DO NOTHING;
  PERFORM 1 FROM chat_search WHERE chat_id = chat FOR UPDATE;
  SELECT ' ' || coalesce(string_agg(DISTINCT w, ' ') || ' ', '') INTO all_words
    FROM messages m, regexp_split_to_table(lower(m.text), '\s+') AS w
    WHERE m.chat_id = chat AND NOT m.is_deleted AND w <> '';
  UPDATE chat_search SET
    words = CASE WHEN length(all_words) > 20000 THEN ' ' ELSE all_words END,
    complete = length(all_words) <= 20000,
    stale = false
  WHERE chat_id = chat;
END
$$;
--> statement-breakpoint
-- Every chat's row at once, from scratch (this migration's backfill; the benchmark's seed).
CREATE FUNCTION sapa_chat_search_fill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM chat_search;
  INSERT INTO chat_search (chat_id, owner_id, words, complete)
    SELECT chat_id, words_of.owner_id, CASE WHEN length(words) > 20000 THEN ' ' ELSE words END, length(words) <= 20000
    FROM (SELECT m.chat_id, min(m.owner_id) AS owner_id, ' ' || string_agg(DISTINCT w, ' ') || ' ' AS words
          FROM messages m, regexp_split_to_table(lower(m.text), '\s+') AS w
          WHERE NOT m.is_deleted AND w <> ''
          GROUP BY m.chat_id) AS words_of;
$$;
--> statement-breakpoint
SELECT sapa_chat_search_fill();
