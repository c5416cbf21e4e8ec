CREATE TABLE "consultation_exception_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"from_minute" integer NOT NULL,
	"to_minute" integer NOT NULL,
	CONSTRAINT "consultation_exception_hours_range_check" CHECK (0 <= "consultation_exception_hours"."from_minute" and "consultation_exception_hours"."from_minute" < "consultation_exception_hours"."to_minute" and "consultation_exception_hours"."to_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "consultation_exceptions" (
	"day" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_weekly_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"weekday" smallint NOT NULL,
	"from_minute" integer NOT NULL,
	"to_minute" integer NOT NULL,
	CONSTRAINT "consultation_weekly_hours_weekday_check" CHECK ("consultation_weekly_hours"."weekday" between 1 and 7),
	CONSTRAINT "consultation_weekly_hours_range_check" CHECK (0 <= "consultation_weekly_hours"."from_minute" and "consultation_weekly_hours"."from_minute" < "consultation_weekly_hours"."to_minute" and "consultation_weekly_hours"."to_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"practice_id" uuid,
	"user_id" uuid,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"manage_version" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultations_status_check" CHECK ("consultations"."status" in ('booked', 'cancelled', 'done', 'missed')),
	CONSTRAINT "consultations_kind_check" CHECK ("consultations"."kind" in ('video', 'phone')),
	CONSTRAINT "consultations_period_check" CHECK ("consultations"."ends_at" > "consultations"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "consultation_exception_hours" ADD CONSTRAINT "consultation_exception_hours_day_consultation_exceptions_day_fk" FOREIGN KEY ("day") REFERENCES "public"."consultation_exceptions"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_exception_hours_day_idx" ON "consultation_exception_hours" USING btree ("day","from_minute");--> statement-breakpoint
CREATE INDEX "consultation_weekly_hours_weekday_idx" ON "consultation_weekly_hours" USING btree ("weekday","from_minute");--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_booked_slot_key" ON "consultations" USING btree ("starts_at") WHERE "consultations"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "consultations_starts_at_idx" ON "consultations" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "consultations_user_idx" ON "consultations" USING btree ("user_id");