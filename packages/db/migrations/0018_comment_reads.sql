CREATE TABLE "comment_reads" (
	"practice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_up_to" timestamp (6) with time zone NOT NULL,
	CONSTRAINT "comment_reads_practice_id_user_id_pk" PRIMARY KEY("practice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reads" ADD CONSTRAINT "comment_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;