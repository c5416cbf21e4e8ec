CREATE TABLE "data_exports" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"storage_key" text,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('PENDING', 'READY'))
);
--> statement-breakpoint
CREATE TABLE "oidc_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"user_agent" text NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_tokens" DROP CONSTRAINT "user_tokens_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "practice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_full_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_devices" ADD CONSTRAINT "oidc_devices_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_devices_grant_key" ON "oidc_devices" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_devices_account_idx" ON "oidc_devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_actor_at_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_tokens_expires_idx" ON "user_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "practices_unclaimed_created_idx" ON "practices" USING btree ("created_at") WHERE "practices"."owner_id" is null;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_kind_check" CHECK ("user_tokens"."kind" in ('verify', 'reset', 'unlock'));