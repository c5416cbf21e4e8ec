DROP INDEX "credit_notes_token_key";--> statement-breakpoint
DROP INDEX "invoices_token_key";--> statement-breakpoint
DROP INDEX "receipts_token_key";--> statement-breakpoint
ALTER TABLE "credit_notes" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "receipts" DROP COLUMN "token";