ALTER TABLE "credit_notes" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_token_hash_key" ON "credit_notes" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_token_hash_key" ON "invoices" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_token_hash_key" ON "receipts" USING btree ("token_hash");