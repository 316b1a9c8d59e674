CREATE TABLE "contact_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_import_refusals" (
	"import_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"group_id" text,
	"state" text DEFAULT 'ready' NOT NULL,
	"file_key" text,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"headers" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"mapping" jsonb,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "group_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_refusals" ADD CONSTRAINT "contact_import_refusals_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_contacts" ADD CONSTRAINT "group_contacts_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_owner_name_key" ON "contact_groups" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_refusals_pk" ON "contact_import_refusals" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "contact_imports_owner_idx" ON "contact_imports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_contacts_group_phone_key" ON "group_contacts" USING btree ("group_id","phone_number");--> statement-breakpoint
CREATE INDEX "group_contacts_group_name_idx" ON "group_contacts" USING btree ("group_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "group_contacts_owner_name_idx" ON "group_contacts" USING btree ("owner_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "group_contacts_search_trgm_idx" ON "group_contacts" USING gin ((lower("name") || ' ' || "phone_number") gin_trgm_ops);