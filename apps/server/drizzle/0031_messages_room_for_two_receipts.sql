-- An outbound message is inserted, then updated twice within seconds (sent, then delivered), and its
-- neighbours on the page - inserted in the same second - are updated in the same batches. With a fifth
-- of each page free (0025) a batch's new versions did not fit beside the rows: in the public API bench
-- 55% of the messages' updates left their page and wrote the message into all five indexes again (the
-- trigram index's pending list too). With half of each page free every update stayed (100% HOT), the
-- heap came out smaller (34 MB instead of 41 MB for ~45,000 messages: the rows that moved had left
-- their old pages half empty) and the WAL a message cost fell from 9.9 to 7.8 KB.
ALTER TABLE "messages" SET (fillfactor = 50);--> statement-breakpoint
-- an idempotency key is stored with the request and updated with its answer moments later
ALTER TABLE "api_idempotency" SET (fillfactor = 50);
