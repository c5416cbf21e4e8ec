ALTER TABLE "consultations" DROP CONSTRAINT "consultations_status_check";--> statement-breakpoint
ALTER TABLE "consultations" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "video_url" text;--> statement-breakpoint
CREATE INDEX "consultations_email_idx" ON "consultations" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "consultations_phone_idx" ON "consultations" USING btree ("phone") WHERE "consultations"."phone" is not null;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_status_check" CHECK ("consultations"."status" in ('requested', 'booked', 'cancelled', 'done', 'missed'));