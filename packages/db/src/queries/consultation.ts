import type { ConsultationStatus } from "@argine/core/consultation/consultation-api";
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  consultationExceptionHours,
  consultationExceptions,
  consultations,
  consultationWeeklyHours,
} from "../schema/consultation.ts";
import { practices } from "../schema/practices.ts";

// The free consultation (ADR 031): the team's hours, and the bookings. A booking's state changes are
// conditional updates (`… where status = 'booked'`), so two callers cannot both win; a start is taken by
// the partial unique index consultations_booked_slot_key, never by a check before the write.

export type ConsultationRow = typeof consultations.$inferSelect;

/** A booking with its attached practice's number, as the views show it. */
export type ConsultationWithPractice = ConsultationRow & { practiceTicketCode: string | null };

/** A range of minutes after Rome midnight. */
export interface MinuteRange {
  fromMinute: number;
  toMinute: number;
}

export interface StoredAvailability {
  weekly: (MinuteRange & { weekday: number })[];
  exceptions: { day: string; ranges: MinuteRange[] }[];
}

/** The team's hours: a few dozen rows, read whole. */
export async function readAvailability(db: Db): Promise<StoredAvailability> {
  const weekly = await db
    .select({
      weekday: consultationWeeklyHours.weekday,
      fromMinute: consultationWeeklyHours.fromMinute,
      toMinute: consultationWeeklyHours.toMinute,
    })
    .from(consultationWeeklyHours)
    .orderBy(asc(consultationWeeklyHours.weekday), asc(consultationWeeklyHours.fromMinute));
  const days = await db
    .select({ day: consultationExceptions.day })
    .from(consultationExceptions)
    .orderBy(asc(consultationExceptions.day));
  const hours = await db
    .select({
      day: consultationExceptionHours.day,
      fromMinute: consultationExceptionHours.fromMinute,
      toMinute: consultationExceptionHours.toMinute,
    })
    .from(consultationExceptionHours)
    .orderBy(asc(consultationExceptionHours.day), asc(consultationExceptionHours.fromMinute));
  return {
    weekly,
    exceptions: days.map(({ day }) => ({
      day,
      ranges: hours
        .filter((range) => range.day === day)
        .map(({ fromMinute, toMinute }) => ({ fromMinute, toMinute })),
    })),
  };
}

/** Replaces the week's hours and the exceptions (run it in the change's transaction). */
export async function replaceAvailability(db: Db, availability: StoredAvailability): Promise<void> {
  await db.delete(consultationWeeklyHours);
  // The exceptions' hours go with their days (on delete cascade).
  await db.delete(consultationExceptions);
  if (availability.weekly.length > 0) await db.insert(consultationWeeklyHours).values(availability.weekly);
  if (availability.exceptions.length > 0) {
    await db.insert(consultationExceptions).values(availability.exceptions.map(({ day }) => ({ day })));
    const hours = availability.exceptions.flatMap(({ day, ranges }) =>
      ranges.map((range) => ({ day, ...range })),
    );
    if (hours.length > 0) await db.insert(consultationExceptionHours).values(hours);
  }
}

/** The starts of the booked consultations in [from, to): consultations_booked_slot_key (partial, booked). */
export async function bookedStartsBetween(db: Db, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: consultations.startsAt })
    .from(consultations)
    .where(
      and(
        eq(consultations.status, "booked"),
        gte(consultations.startsAt, from),
        lt(consultations.startsAt, to),
      ),
    );
  return rows.map((row) => row.startsAt);
}

export interface NewConsultation {
  startsAt: Date;
  endsAt: Date;
  kind: ConsultationRow["kind"];
  name: string;
  email: string;
  phone: string;
  practiceId: string | null;
  userId: string | null;
  remindedAt: Date | null;
  at: Date;
}

/**
 * A booking, or undefined when its start is already booked: the insert meets consultations_booked_slot_key
 * and does nothing (on PostgreSQL a concurrent insert of the same start waits for the first to commit, then
 * does nothing), so exactly one booking of a start ever exists.
 */
export async function insertConsultation(
  db: Db,
  booking: NewConsultation,
): Promise<ConsultationRow | undefined> {
  const { at, ...values } = booking;
  const [row] = await db
    .insert(consultations)
    .values({ ...values, status: "booked", createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

const withPractice = {
  consultation: consultations,
  practiceTicketCode: practices.ticketCode,
};

const joined = (row: { consultation: ConsultationRow; practiceTicketCode: string | null }) => ({
  ...row.consultation,
  practiceTicketCode: row.practiceTicketCode,
});

/** One booking by its primary key, with its practice's number. */
export async function findConsultation(db: Db, id: string): Promise<ConsultationWithPractice | undefined> {
  const [row] = await db
    .select(withPractice)
    .from(consultations)
    .leftJoin(practices, eq(practices.id, consultations.practiceId))
    .where(eq(consultations.id, id));
  return row && joined(row);
}

/** Every booking starting in [from, to), cancelled ones too, by start: consultations_starts_at_idx. */
export async function consultationsBetween(
  db: Db,
  from: Date,
  to: Date,
): Promise<ConsultationWithPractice[]> {
  const rows = await db
    .select(withPractice)
    .from(consultations)
    .leftJoin(practices, eq(practices.id, consultations.practiceId))
    .where(and(gte(consultations.startsAt, from), lt(consultations.startsAt, to)))
    .orderBy(asc(consultations.startsAt), asc(consultations.createdAt));
  return rows.map(joined);
}

/** The guard of a change from the mail's link: still booked, the link's version, and before the cutoff. */
const stillChangeable = (params: { id: string; version: number; changeableAfter: Date }) =>
  and(
    eq(consultations.id, params.id),
    eq(consultations.status, "booked"),
    eq(consultations.manageVersion, params.version),
    gt(consultations.startsAt, params.changeableAfter),
  );

/**
 * Cancels a booking from its link: only while booked, signed with this version and starting after `until`
 * (the cutoff); the version goes one up, so the links handed out before no longer act. Undefined when any
 * of that no longer holds (a second cancel, a race with staff). The primary key.
 */
export async function cancelConsultation(
  db: Db,
  params: { id: string; version: number; changeableAfter: Date; at: Date },
): Promise<ConsultationRow | undefined> {
  const [row] = await db
    .update(consultations)
    .set({
      status: "cancelled",
      manageVersion: sql`${consultations.manageVersion} + 1`,
      // The cancellation's invitation (METHOD:CANCEL) is a newer version of the event.
      icsSequence: sql`${consultations.icsSequence} + 1`,
      updatedAt: params.at,
    })
    .where(stillChangeable(params))
    .returning();
  return row;
}

/** The constraint a second booking of one start meets. */
export const BOOKED_SLOT_CONSTRAINT = "consultations_booked_slot_key";

/** Whether an error (drizzle's, or the driver's it wraps) is a unique violation of that constraint. */
export function isBookedSlotViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === "23505" && (constraint === undefined || constraint === BOOKED_SLOT_CONSTRAINT)) return true;
    current = cause;
  }
  return false;
}

/**
 * Moves a booking to another start: only while booked, with this version and starting after the cutoff;
 * the invitation's sequence goes one up. "taken" when the new start is booked (the unique index refuses the
 * update: on PostgreSQL the transaction is then aborted, so the caller throws at once), undefined when the
 * booking no longer qualifies. The primary key, and consultations_booked_slot_key.
 */
export async function moveConsultation(
  db: Db,
  params: {
    id: string;
    version: number;
    changeableAfter: Date;
    startsAt: Date;
    endsAt: Date;
    remindedAt: Date | null;
    at: Date;
  },
): Promise<ConsultationRow | "taken" | undefined> {
  try {
    const [row] = await db
      .update(consultations)
      .set({
        startsAt: params.startsAt,
        endsAt: params.endsAt,
        icsSequence: sql`${consultations.icsSequence} + 1`,
        remindedAt: params.remindedAt,
        updatedAt: params.at,
      })
      .where(stillChangeable(params))
      .returning();
    return row;
  } catch (error) {
    if (isBookedSlotViolation(error)) return "taken";
    throw error;
  }
}

/**
 * Staff's outcome: from the statuses the lifecycle allows, once the consultation started. Undefined when it
 * does not qualify. The primary key.
 */
export async function setConsultationOutcome(
  db: Db,
  params: { id: string; status: ConsultationStatus; from: ConsultationStatus[]; startedBy: Date; at: Date },
): Promise<ConsultationRow | undefined> {
  if (params.from.length === 0) return undefined;
  const [row] = await db
    .update(consultations)
    .set({ status: params.status, updatedAt: params.at })
    .where(
      and(
        eq(consultations.id, params.id),
        inArray(consultations.status, params.from),
        lte(consultations.startsAt, params.startedBy),
      ),
    )
    .returning();
  return row;
}

/**
 * Claims the day-before reminders: the booked consultations starting in (from, until] not reminded yet,
 * marked reminded in the same statement, so a second pass (or a second process) claims none of them again.
 * consultations_booked_slot_key (partial on booked, by start) finds them.
 */
export async function claimConsultationReminders(
  db: Db,
  params: { from: Date; until: Date; at: Date },
): Promise<ConsultationRow[]> {
  return db
    .update(consultations)
    .set({ remindedAt: params.at })
    .where(
      and(
        eq(consultations.status, "booked"),
        isNull(consultations.remindedAt),
        gt(consultations.startsAt, params.from),
        lte(consultations.startsAt, params.until),
      ),
    )
    .returning();
}
