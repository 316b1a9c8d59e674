CREATE TABLE "broadcast_days" (
	"broadcast_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"day" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"opted_out" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "broadcast_days_broadcast_id_day_pk" PRIMARY KEY("broadcast_id","day")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "can_view_reports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_days" ADD CONSTRAINT "broadcast_days_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_recipients_failed_idx" ON "broadcast_recipients" USING btree ("broadcast_id","reason") WHERE "broadcast_recipients"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "status_runs_owner_due_idx" ON "status_runs" USING btree ("owner_id","due_at");--> statement-breakpoint
-- Hand-written (issue 24): the days of the broadcasts that existed before broadcast_days, from their
-- recipients. A failed recipient failed at its send (or its broadcast's start) as far as we know;
-- delivered counts on the day it was sent when no better time is known (delivered_at is new).
UPDATE "broadcast_recipients" r SET "failed_at" = coalesce(r."sent_at", b."started_at", b."created_at")
FROM "broadcasts" b
WHERE b."id" = r."broadcast_id" AND r."state" = 'failed' AND r."failed_at" IS NULL;
--> statement-breakpoint
INSERT INTO "broadcast_days" ("broadcast_id", "owner_id", "day", "sent", "delivered", "read", "replied", "failed", "opted_out")
SELECT e."broadcast_id", e."owner_id", to_char(e."at" AT TIME ZONE 'UTC' + interval '7 hours', 'YYYY-MM-DD'),
  sum(e."sent")::int, sum(e."delivered")::int, sum(e."read")::int, sum(e."replied")::int, sum(e."failed")::int,
  sum(e."opted_out")::int
FROM (
  SELECT r."broadcast_id", r."owner_id", v.*
  FROM "broadcast_recipients" r
  CROSS JOIN LATERAL (VALUES
    (CASE WHEN r."state" IN ('sent', 'unread', 'read') THEN r."sent_at" END, 1, 0, 0, 0, 0, 0),
    (CASE WHEN r."state" IN ('unread', 'read') THEN coalesce(r."delivered_at", r."sent_at") END, 0, 1, 0, 0, 0, 0),
    (CASE WHEN r."state" = 'read' THEN coalesce(r."read_at", r."sent_at") END, 0, 0, 1, 0, 0, 0),
    (CASE WHEN r."state" = 'failed' THEN r."failed_at" END, 0, 0, 0, 0, 1, 0),
    (CASE WHEN r."reason" IS DISTINCT FROM 'Nomor ini sudah berhenti berlangganan' THEN r."replied_at" END, 0, 0, 0, 1, 0, 0),
    (CASE WHEN r."reason" = 'Nomor ini sudah berhenti berlangganan' THEN r."replied_at" END, 0, 0, 0, 0, 0, 1)
  ) AS v("at", "sent", "delivered", "read", "replied", "failed", "opted_out")
  WHERE v."at" IS NOT NULL
) e
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- What the recipients cannot tell (numbers opted out when the broadcast was made, rows changed by
-- hand) goes on the day the broadcast was made, so that every broadcast's days add up to its counters.
INSERT INTO "broadcast_days" ("broadcast_id", "owner_id", "day", "sent", "delivered", "read", "replied", "failed", "opted_out")
SELECT b."id", b."owner_id", to_char(b."created_at" AT TIME ZONE 'UTC' + interval '7 hours', 'YYYY-MM-DD'),
  b."sent" - coalesce(d."sent", 0), b."delivered" - coalesce(d."delivered", 0), b."read" - coalesce(d."read", 0),
  b."replied" - coalesce(d."replied", 0), b."failed" - coalesce(d."failed", 0), b."opted_out" - coalesce(d."opted_out", 0)
FROM "broadcasts" b
LEFT JOIN (
  SELECT "broadcast_id", sum("sent")::int AS "sent", sum("delivered")::int AS "delivered", sum("read")::int AS "read",
    sum("replied")::int AS "replied", sum("failed")::int AS "failed", sum("opted_out")::int AS "opted_out"
  FROM "broadcast_days" GROUP BY 1
) d ON d."broadcast_id" = b."id"
WHERE b."sent" <> coalesce(d."sent", 0) OR b."delivered" <> coalesce(d."delivered", 0) OR b."read" <> coalesce(d."read", 0)
  OR b."replied" <> coalesce(d."replied", 0) OR b."failed" <> coalesce(d."failed", 0) OR b."opted_out" <> coalesce(d."opted_out", 0)
ON CONFLICT ("broadcast_id", "day") DO UPDATE SET
  "sent" = "broadcast_days"."sent" + excluded."sent",
  "delivered" = "broadcast_days"."delivered" + excluded."delivered",
  "read" = "broadcast_days"."read" + excluded."read",
  "replied" = "broadcast_days"."replied" + excluded."replied",
  "failed" = "broadcast_days"."failed" + excluded."failed",
  "opted_out" = "broadcast_days"."opted_out" + excluded."opted_out";
