CREATE TABLE "diary_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"received_at" timestamp with time zone,
	"sha256" text,
	"seal" "bytea",
	"sealed_at" timestamp with time zone,
	"seal_serial" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diary_dossiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"practice_id" uuid,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"pdf_key" text,
	"zip_key" text,
	"ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"practice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diary_shares" (
	"practice_id" uuid PRIMARY KEY NOT NULL,
	"shared_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diary_version_attachments" (
	"version_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "diary_version_attachments_version_id_attachment_id_pk" PRIMARY KEY("version_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "diary_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"sha256" text NOT NULL,
	"seal" "bytea",
	"sealed_at" timestamp with time zone,
	"seal_serial" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diary_attachments" ADD CONSTRAINT "diary_attachments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_dossiers" ADD CONSTRAINT "diary_dossiers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_dossiers" ADD CONSTRAINT "diary_dossiers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_shares" ADD CONSTRAINT "diary_shares_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_version_attachments" ADD CONSTRAINT "diary_version_attachments_version_id_diary_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."diary_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_version_attachments" ADD CONSTRAINT "diary_version_attachments_attachment_id_diary_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."diary_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_versions" ADD CONSTRAINT "diary_versions_entry_id_diary_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."diary_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_attachments_owner_idx" ON "diary_attachments" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "diary_attachments_unsealed_idx" ON "diary_attachments" USING btree ("created_at") WHERE "diary_attachments"."seal" is null and "diary_attachments"."sha256" is not null;--> statement-breakpoint
CREATE INDEX "diary_dossiers_owner_idx" ON "diary_dossiers" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "diary_entries_owner_idx" ON "diary_entries" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "diary_entries_practice_idx" ON "diary_entries" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "diary_version_attachments_attachment_idx" ON "diary_version_attachments" USING btree ("attachment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diary_versions_entry_version_key" ON "diary_versions" USING btree ("entry_id","version");--> statement-breakpoint
CREATE INDEX "diary_versions_unsealed_idx" ON "diary_versions" USING btree ("created_at") WHERE "diary_versions"."seal" is null;