DROP INDEX "uploaded_files_service_idx";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "assigned_lawyer_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "mandate_version" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "mandate_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "side" text DEFAULT 'CLIENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_assigned_lawyer_id_users_id_fk" FOREIGN KEY ("assigned_lawyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_waiting_idx" ON "services" USING btree ("created_at","id") WHERE "services"."status" in ('TO_START', 'IN_PROGRESS');--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_service_side_key" ON "uploaded_files" USING btree ("service_id","side");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_status_check" CHECK ("services"."status" in ('TO_START', 'IN_PROGRESS', 'DOCUMENTS_READY', 'COMPLETED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_side_check" CHECK ("uploaded_files"."side" in ('CLIENT', 'STAFF'));