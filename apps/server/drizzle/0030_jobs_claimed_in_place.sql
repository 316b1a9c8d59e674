-- A claim moved a job's state from 'queued' to 'running', and both partial indexes of jobs named
-- state in their predicates: so every claim wrote the job anew into all three indexes instead of
-- staying on its page (never a HOT update: 0 of ~19,000 claims in the public API bench). The indexes
-- now name failed_at, set only when a job fails for good, which a claim leaves alone.
ALTER TABLE "jobs" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "jobs" SET "failed_at" = "created_at" WHERE "state" = 'failed';--> statement-breakpoint
DROP INDEX "jobs_ready_idx";--> statement-breakpoint
DROP INDEX "jobs_dedupe_key";--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
-- room on each page for the claim's new version (a job lives seconds: inserted, claimed, deleted)
ALTER TABLE "jobs" SET (fillfactor = 70);
