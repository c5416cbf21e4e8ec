CREATE TABLE "conversation_mails" (
	"practice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_mails_practice_id_user_id_pk" PRIMARY KEY("practice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_mails" ADD CONSTRAINT "conversation_mails_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_mails" ADD CONSTRAINT "conversation_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;