CREATE TABLE "chat_search" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"words" text DEFAULT ' ' NOT NULL,
	"complete" boolean DEFAULT true NOT NULL,
	"stale" boolean DEFAULT false NOT NULL
);
