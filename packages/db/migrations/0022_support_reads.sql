ALTER TABLE "support_threads" ADD COLUMN "person_read_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "staff_read_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "answer_mailed_at" timestamp with time zone;