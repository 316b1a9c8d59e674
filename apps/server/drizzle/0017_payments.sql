ALTER TABLE "transactions" ADD COLUMN "reference" text;--> statement-breakpoint
UPDATE "transactions" SET "reference" = 'SAPA-' || upper(substr(md5("id"), 1, 8)) WHERE "reference" IS NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "invoice_details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "proof_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "proof_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "proof_mimetype" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "proof_size" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "proof_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "snap_token" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "snap_redirect_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "midtrans_status" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminded_for_expiry" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminded_days_before" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reference_key" ON "transactions" USING btree ("reference");