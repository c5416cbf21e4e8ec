CREATE TABLE "deadline_reminders" (
	"practice_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deadline_reminders_practice_id_days_before_pk" PRIMARY KEY("practice_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "legalization_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legalization_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"state" text NOT NULL,
	"step" text,
	"url" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"files_ready_at" timestamp with time zone,
	"report_sha256" text,
	"files_expire_at" timestamp with time zone,
	"warned_30_at" timestamp with time zone,
	"warned_7_at" timestamp with time zone,
	"files_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_capture_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"outcome" text DEFAULT 'CLOSED' NOT NULL,
	"step" text,
	"stop_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"platform" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"sent_via" text,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"staff_note" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takedown_notices_position_check" CHECK ("takedown_notices"."position" between 1 and 3),
	CONSTRAINT "takedown_notices_status_check" CHECK ("takedown_notices"."status" in ('PENDING', 'SENT', 'REMOVED', 'REFUSED', 'NO_ANSWER'))
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "deadline_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legalization_files" ADD CONSTRAINT "legalization_files_session_id_legalization_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."legalization_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legalization_sessions" ADD CONSTRAINT "legalization_sessions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_notices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_notices_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legalization_files_session_name_key" ON "legalization_files" USING btree ("session_id","name");--> statement-breakpoint
CREATE INDEX "legalization_sessions_service_idx" ON "legalization_sessions" USING btree ("service_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "legalization_sessions_provider_key" ON "legalization_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "legalization_sessions_expiry_idx" ON "legalization_sessions" USING btree ("files_expire_at") WHERE "legalization_sessions"."files_expire_at" is not null and "legalization_sessions"."files_deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_notices_service_position_key" ON "takedown_notices" USING btree ("service_id","position");--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "takedown_urls";--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "legalization_step";--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "legalization_session";