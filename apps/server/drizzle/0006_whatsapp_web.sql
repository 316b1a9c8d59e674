CREATE TABLE "whatsapp_auth_keys" (
	"account_id" text NOT NULL,
	"category" text NOT NULL,
	"key_id" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"account_id" text NOT NULL,
	"jid" text NOT NULL,
	"lid" text,
	"phone_number" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"notify" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_groups" (
	"account_id" text NOT NULL,
	"jid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "linking" jsonb;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "wa_jid" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "api_token_hash" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "send_min_gap_ms" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "send_hourly_cap" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "next_send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "lease_holder" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_groups" ADD CONSTRAINT "whatsapp_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_auth_keys_pk" ON "whatsapp_auth_keys" USING btree ("account_id","category","key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_pk" ON "whatsapp_contacts" USING btree ("account_id","jid");--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_lid_idx" ON "whatsapp_contacts" USING btree ("account_id","lid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_groups_pk" ON "whatsapp_groups" USING btree ("account_id","jid");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_api_token_key" ON "accounts" USING btree ("api_token_hash");