import type { ConsultationKind, ConsultationStatus } from "@argine/core/consultation/consultation-terms";
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { practices } from "./practices.ts";

// The free consultation (ADR 031): the team's one calendar. Its hours are minutes after midnight on the
// Europe/Rome wall clock (a week's ranges, and days with hours of their own); each booking holds its start
// as an instant. One booked consultation per start: a partial unique index, not a check before the insert.
// A visitor's request (status 'requested') holds no start until its mail's link confirms it.

/** The week's opening hours: ISO weekday (1 Monday … 7 Sunday), from and to in minutes after Rome midnight. */
export const consultationWeeklyHours = pgTable(
  "consultation_weekly_hours",
  {
    id: id(),
    weekday: smallint("weekday").notNull(),
    fromMinute: integer("from_minute").notNull(),
    toMinute: integer("to_minute").notNull(),
  },
  (t) => [
    index("consultation_weekly_hours_weekday_idx").on(t.weekday, t.fromMinute),
    check("consultation_weekly_hours_weekday_check", sql`${t.weekday} between 1 and 7`),
    check(
      "consultation_weekly_hours_range_check",
      sql`0 <= ${t.fromMinute} and ${t.fromMinute} < ${t.toMinute} and ${t.toMinute} <= 1440`,
    ),
  ],
);

/** A Rome calendar day with hours of its own: closed when it has no ranges, else its ranges replace the week's. */
export const consultationExceptions = pgTable("consultation_exceptions", {
  day: date("day", { mode: "string" }).primaryKey(),
  createdAt: createdAt(),
});

export const consultationExceptionHours = pgTable(
  "consultation_exception_hours",
  {
    id: id(),
    day: date("day", { mode: "string" })
      .notNull()
      .references(() => consultationExceptions.day, { onDelete: "cascade" }),
    fromMinute: integer("from_minute").notNull(),
    toMinute: integer("to_minute").notNull(),
  },
  (t) => [
    index("consultation_exception_hours_day_idx").on(t.day, t.fromMinute),
    check(
      "consultation_exception_hours_range_check",
      sql`0 <= ${t.fromMinute} and ${t.fromMinute} < ${t.toMinute} and ${t.toMinute} <= 1440`,
    ),
  ],
);

export const consultations = pgTable(
  "consultations",
  {
    id: id(),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    kind: text("kind").$type<ConsultationKind>().notNull(),
    status: text("status").$type<ConsultationStatus>().notNull().default("booked"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Null for a video call booked without a number (the number is needed only for a phone call). */
    phone: text("phone"),
    /** The video call's address staff sent (mailed to the person, shown on her manage page and area). */
    videoUrl: text("video_url"),
    /** The practice a signed-in client attached (theirs, checked by the service). */
    practiceId: uuid("practice_id").references(() => practices.id, { onDelete: "set null" }),
    /** The signed-in client who booked; null for a visitor. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The invitation's SEQUENCE (RFC 5545): one higher on each move, so calendars replace the event. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    /**
     * The version the mail link's token is signed with: one higher when the booking is cancelled, so the
     * links handed out before no longer act.
     */
    manageVersion: integer("manage_version").notNull().default(0),
    /** When the day-before reminder was queued (or found unneeded, for a booking made within a day). */
    remindedAt: timestamptz("reminded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // THE double-booking guard: one booked consultation per start. A second booking (or a move) onto a
    // taken start is refused by the database, whichever request comes second, on one process or many.
    uniqueIndex("consultations_booked_slot_key").on(t.startsAt).where(sql`${t.status} = 'booked'`),
    // The agenda: every status in a period.
    index("consultations_starts_at_idx").on(t.startsAt),
    index("consultations_user_idx").on(t.userId),
    // The flood's bounds: an address's recent requests and upcoming consultations, and a number's.
    index("consultations_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    index("consultations_phone_idx").on(t.phone).where(sql`${t.phone} is not null`),
    check(
      "consultations_status_check",
      sql`${t.status} in ('requested', 'booked', 'cancelled', 'done', 'missed')`,
    ),
    check("consultations_kind_check", sql`${t.kind} in ('video', 'phone')`),
    check("consultations_period_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
