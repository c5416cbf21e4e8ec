ALTER TABLE "support_threads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "mail_link_hash" text;--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "mail_link_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "support_threads_mail_link_hash_key" ON "support_threads" USING btree ("mail_link_hash");