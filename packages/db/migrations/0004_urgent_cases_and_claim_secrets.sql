ALTER TABLE "practices" ADD COLUMN "human_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "assigned_lawyer_id" uuid;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "claim_token_hash" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "claim_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "claim_key_hash" text;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_assigned_lawyer_id_users_id_fk" FOREIGN KEY ("assigned_lawyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practices_assigned_created_idx" ON "practices" USING btree ("assigned_lawyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Existing practices keep the engine's verdict on whether a person must look first.
UPDATE "practices" SET "human_review" = true WHERE ("feedback"->>'humanReview')::boolean IS TRUE;
