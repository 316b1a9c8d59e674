CREATE TABLE "subscription_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"admin_id" text NOT NULL,
	"previous_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_plan" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_adjustments" ADD CONSTRAINT "subscription_adjustments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_adjustments_owner_idx" ON "subscription_adjustments" USING btree ("owner_id","created_at" DESC NULLS LAST);