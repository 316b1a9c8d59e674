CREATE TABLE "chat_labels" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_labels" ADD CONSTRAINT "chat_labels_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_labels_owner_name_key" ON "chat_labels" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "chats_label_ids_idx" ON "chats" USING gin ("label_ids");