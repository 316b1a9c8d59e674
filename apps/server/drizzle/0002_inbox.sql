CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"type" text NOT NULL,
	"provider" text NOT NULL,
	"label_name" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text NOT NULL,
	"external_id" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"contact_picture" text,
	"note" text DEFAULT '' NOT NULL,
	"label_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"agent_id" text,
	"last_message_at" timestamp with time zone,
	"last_message_text" text DEFAULT '' NOT NULL,
	"last_message_type" text DEFAULT 'text' NOT NULL,
	"last_message_is_from_me" boolean DEFAULT false NOT NULL,
	"last_message_status" text DEFAULT 'sent' NOT NULL,
	"last_message_id" text,
	"from_sender_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"account_id" text NOT NULL,
	"external_id" text,
	"temporary_id" text,
	"type" text DEFAULT 'text' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media" jsonb,
	"is_from_me" boolean NOT NULL,
	"status" text NOT NULL,
	"error_message" text,
	"agent_id" text,
	"sender_name" text,
	"quoted_message_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_deliveries" (
	"message_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_owner_idx" ON "accounts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_account_external_key" ON "chats" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "chats_owner_last_idx" ON "chats" USING btree ("owner_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chats_owner_unread_idx" ON "chats" USING btree ("owner_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "chats"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "chats_owner_unreplied_idx" ON "chats" USING btree ("owner_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "chats"."last_message_is_from_me" = false;--> statement-breakpoint
CREATE INDEX "chats_contact_trgm_idx" ON "chats" USING gin (("contact_name" || ' ' || "contact_phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_external_key" ON "messages" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_chat_temporary_key" ON "messages" USING btree ("chat_id","temporary_id");--> statement-breakpoint
CREATE INDEX "messages_chat_created_idx" ON "messages" USING btree ("chat_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_text_trgm_idx" ON "messages" USING gin ("text" gin_trgm_ops);