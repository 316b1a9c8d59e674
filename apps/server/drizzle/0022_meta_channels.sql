CREATE TABLE "channel_links" (
	"account_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"parent_id" text,
	"handle" text DEFAULT '' NOT NULL,
	"picture" text,
	"token_sealed" text NOT NULL,
	"token_invalid_at" timestamp with time zone,
	"human_agent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_aliases" (
	"account_id" text NOT NULL,
	"alias" text NOT NULL,
	"contact_external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_aliases_account_id_alias_pk" PRIMARY KEY("account_id","alias")
);
--> statement-breakpoint
CREATE TABLE "meta_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"session_hash" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "reply_window_hours" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel_extra" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_category" text;--> statement-breakpoint
ALTER TABLE "channel_links" ADD CONSTRAINT "channel_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_links" ADD CONSTRAINT "channel_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_aliases" ADD CONSTRAINT "contact_aliases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_oauth_states" ADD CONSTRAINT "meta_oauth_states_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_links_external_key" ON "channel_links" USING btree ("kind","external_id");--> statement-breakpoint
CREATE INDEX "channel_links_owner_idx" ON "channel_links" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "meta_oauth_states_expires_idx" ON "meta_oauth_states" USING btree ("expires_at");