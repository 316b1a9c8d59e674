CREATE TABLE "broadcast_opt_outs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"broadcast_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"position" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"account_id" text,
	"chat_id" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"account_ids" text[] NOT NULL,
	"group_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"message" jsonb NOT NULL,
	"fallbacks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"paused_reason" text,
	"total" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"opted_out" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_settings" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"stop_words" text[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"background_color" text,
	"media_url" text,
	"viewers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"background_color" text,
	"media" jsonb,
	"audience" text NOT NULL,
	"group_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"repeat" text DEFAULT 'none' NOT NULL,
	"time" text,
	"weekday" integer,
	"next_at" timestamp with time zone,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone,
	"state" text DEFAULT 'pending' NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"external_id" text
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "bulk_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sandbox_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_opt_outs" ADD CONSTRAINT "broadcast_opt_outs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_settings" ADD CONSTRAINT "publication_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_statuses" ADD CONSTRAINT "sandbox_statuses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_posts" ADD CONSTRAINT "status_posts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_runs" ADD CONSTRAINT "status_runs_post_id_status_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."status_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_opt_outs_key" ON "broadcast_opt_outs" USING btree ("owner_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_phone_key" ON "broadcast_recipients" USING btree ("broadcast_id","phone");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_state_idx" ON "broadcast_recipients" USING btree ("broadcast_id","state","position");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_position_idx" ON "broadcast_recipients" USING btree ("broadcast_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_message_key" ON "broadcast_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_reply_idx" ON "broadcast_recipients" USING btree ("owner_id","phone","sent_at");--> statement-breakpoint
CREATE INDEX "broadcasts_owner_created_idx" ON "broadcasts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "broadcasts_due_idx" ON "broadcasts" USING btree ("scheduled_at") WHERE "broadcasts"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "sandbox_statuses_account_idx" ON "sandbox_statuses" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "status_posts_owner_created_idx" ON "status_posts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "status_posts_due_idx" ON "status_posts" USING btree ("next_at") WHERE "status_posts"."state" in ('scheduled', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "status_runs_due_key" ON "status_runs" USING btree ("post_id","due_at");