ALTER TABLE "chat_search" ADD COLUMN "change_xid" "xid8";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "change_xid" "xid8";--> statement-breakpoint
CREATE INDEX "chat_search_owner_change_idx" ON "chat_search" USING btree ("owner_id","change_xid");--> statement-breakpoint
CREATE INDEX "chats_owner_change_idx" ON "chats" USING btree ("owner_id","change_xid");--> statement-breakpoint
-- Hand-written below. Every write of a chat records its transaction, and so does every change of
-- what its search words may be trusted for, so the in-process search index can read what changed
-- since its last read (rows whose change_xid is at least the oldest transaction still running then)
-- and miss no commit. Words added by a new message need no stamp of their own: every path that
-- stores a message writes its chat in the same transaction (ingest, sends, the demo seed); a new
-- path must too.
CREATE FUNCTION sapa_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chats_change_xid BEFORE INSERT OR UPDATE ON chats
  FOR EACH ROW EXECUTE FUNCTION sapa_change_xid();
--> statement-breakpoint
-- A chat's words going stale (an edit, a revoke, a move, a deletion), fresh again (housekeeping's
-- rebuild) or past the cap. Words added keep the flags, skip the trigger and stay a HOT update.
CREATE TRIGGER chat_search_change_xid_update BEFORE UPDATE ON chat_search FOR EACH ROW
  WHEN (OLD.stale IS DISTINCT FROM NEW.stale OR OLD.complete IS DISTINCT FROM NEW.complete)
  EXECUTE FUNCTION sapa_change_xid();
--> statement-breakpoint
CREATE TRIGGER chat_search_change_xid_insert BEFORE INSERT ON chat_search FOR EACH ROW
  WHEN (NEW.stale OR NOT NEW.complete)
  EXECUTE FUNCTION sapa_change_xid();
--> statement-breakpoint
-- The chats of `owner` written by transactions from `since` on, for the search index's catch-up and
-- for the statement that tests its candidates, which run on generic plans: a function, so their
-- planner counts its result as small, and a range rather than `>=`, for which a generic plan guesses
-- a third of the table and reads all of it.
CREATE FUNCTION sapa_changed_chats(owner text, since xid8) RETURNS text[] LANGUAGE plpgsql STABLE COST 1 AS $$
BEGIN
  RETURN array(
    SELECT id FROM chats
    WHERE owner_id = owner AND change_xid BETWEEN since AND '18446744073709551615'::xid8
    UNION ALL
    SELECT chat_id FROM chat_search
    WHERE owner_id = owner AND change_xid BETWEEN since AND '18446744073709551615'::xid8);
END
$$;
