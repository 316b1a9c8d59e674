-- A message's row is written once and then updated as its receipts come (sent, delivered, read): with
-- pages filled to the brim by the inserts, every update moved the row to another page and added it to
-- every index again (the trigram index too). Room left on each page lets PostgreSQL keep an update that
-- changes no indexed column (delivered, read) on the same page, without touching the indexes (HOT).
-- Applies to pages written from now on; a VACUUM FULL or pg_repack would apply it to old ones.
ALTER TABLE "messages" SET (fillfactor = 80);
