ALTER TABLE "legalization_sessions" ALTER COLUMN "provider_session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_capture_sessions" ADD COLUMN "url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_capture_sessions" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_capture_sessions" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A service left with two running sessions by a start before this index keeps its newest running.
UPDATE "legalization_sessions" AS "s" SET "ended_at" = now() WHERE "s"."ended_at" IS NULL AND EXISTS (SELECT 1 FROM "legalization_sessions" AS "n" WHERE "n"."service_id" = "s"."service_id" AND "n"."ended_at" IS NULL AND "n"."created_at" > "s"."created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "legalization_sessions_running_key" ON "legalization_sessions" USING btree ("service_id") WHERE "legalization_sessions"."ended_at" is null;