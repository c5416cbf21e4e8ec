import type { ConsultationStatus } from "@argine/core/consultation/consultation-terms";
import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
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
/** A booking with its practice's number and whether that practice's client is anonymous to staff (ADR 038). */
export type ConsultationWithPractice = ConsultationRow & {
  practiceTicketCode: string | null;
  practiceAnonymous: boolean;
};

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
  /** "booked" holds the start at once; "requested" waits for its mail's link. */
  status: "booked" | "requested";
  startsAt: Date;
  endsAt: Date;
  kind: ConsultationRow["kind"];
  name: string;
  email: string;
  phone: string | null;
  practiceId: string | null;
  userId: string | null;
  remindedAt: Date | null;
  at: Date;
}

/**
 * A booking, or undefined when its start is already booked: the insert meets consultations_booked_slot_key
 * and does nothing (on PostgreSQL a concurrent insert of the same start waits for the first to commit, then
 * does nothing), so exactly one booking of a start ever exists. A request is outside that index: it always
 * goes in, holding nothing.
 */
export async function insertConsultation(
  db: Db,
  booking: NewConsultation,
): Promise<ConsultationRow | undefined> {
  const { at, ...values } = booking;
  const [row] = await db
    .insert(consultations)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Namespace of the advisory locks below (the first key of pg_advisory_xact_lock's pair). */
const CONTACT_LOCK_NAMESPACE = 31_031;

/**
 * Serializes the bookings of one contact (an e-mail address, a phone number, an account) until the
 * transaction ends, so two bookings at once cannot both pass the caps counted next.
 */
export async function lockBookingContact(db: Db, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_NAMESPACE}, hashtext(${key}))`);
}

/** Whether a consultation for this address (any case) was made since then: consultations_email_idx. */
export async function emailUsedSince(db: Db, email: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(eq(sql`lower(${consultations.email})`, email.toLowerCase()), gte(consultations.createdAt, since)),
    )
    .limit(1);
  return !!row;
}

/**
 * How many consultations still to come (asked or held) an address, a number or an account has:
 * consultations_email_idx, consultations_phone_idx, consultations_user_idx.
 */
export async function upcomingCount(
  db: Db,
  who: { email: string } | { phone: string } | { userId: string },
  at: Date,
): Promise<number> {
  const whose =
    "email" in who
      ? eq(sql`lower(${consultations.email})`, who.email.toLowerCase())
      : "phone" in who
        ? eq(consultations.phone, who.phone)
        : eq(consultations.userId, who.userId);
  const [row] = await db
    .select({ n: count() })
    .from(consultations)
    .where(
      and(whose, inArray(consultations.status, ["requested", "booked"]), gt(consultations.startsAt, at)),
    );
  return row?.n ?? 0;
}

const withPractice = {
  consultation: consultations,
  practiceTicketCode: practices.ticketCode,
  practiceAnonymous: practices.anonymous,
};

/** Bookings with their practice's number: the select every read of a whole booking starts from. */
const selectWithPractice = (db: Db) =>
  db.select(withPractice).from(consultations).leftJoin(practices, eq(practices.id, consultations.practiceId));

const joined = (row: {
  consultation: ConsultationRow;
  practiceTicketCode: string | null;
  practiceAnonymous: boolean | null;
}): ConsultationWithPractice => ({
  ...row.consultation,
  practiceTicketCode: row.practiceTicketCode,
  practiceAnonymous: row.practiceAnonymous ?? false,
});

/** One booking by its primary key, with its practice's number. */
export async function findConsultation(db: Db, id: string): Promise<ConsultationWithPractice | undefined> {
  const [row] = await selectWithPractice(db).where(eq(consultations.id, id));
  return row && joined(row);
}

/** Every booking starting in [from, to), cancelled ones too, by start: consultations_starts_at_idx. */
export async function consultationsBetween(
  db: Db,
  from: Date,
  to: Date,
): Promise<ConsultationWithPractice[]> {
  const rows = await selectWithPractice(db)
    .where(and(gte(consultations.startsAt, from), lt(consultations.startsAt, to)))
    .orderBy(asc(consultations.startsAt), asc(consultations.createdAt));
  return rows.map(joined);
}

/**
 * A signed-in client's own consultations ending after `since`, by start, with their practices' numbers:
 * consultations_user_idx.
 */
export async function consultationsOfUser(
  db: Db,
  userId: string,
  since: Date,
): Promise<ConsultationWithPractice[]> {
  const rows = await selectWithPractice(db)
    .where(and(eq(consultations.userId, userId), gt(consultations.endsAt, since)))
    .orderBy(asc(consultations.startsAt));
  return rows.map(joined);
}

/** A change from the mail's link: the statuses it may start from (lifecycle.ts), the link's version. */
interface LinkChange {
  id: string;
  version: number;
  from: ConsultationStatus[];
  changeableAfter: Date;
}

/** The guard of a change from the mail's link: a status it may change from, the link's version, before the cutoff. */
const stillChangeable = (params: LinkChange) =>
  and(
    eq(consultations.id, params.id),
    inArray(consultations.status, params.from),
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
  params: LinkChange & { at: Date },
): Promise<ConsultationRow | undefined> {
  if (params.from.length === 0) return undefined;
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
 * Books a consultation from its link (stillChangeable) with `change` besides the status. "taken" when
 * someone booked that start first (the unique index refuses the update; on PostgreSQL the transaction is
 * then aborted, so the caller throws at once), undefined when it no longer qualifies. The primary key, and
 * consultations_booked_slot_key.
 */
async function bookWhileChangeable(
  db: Db,
  params: LinkChange,
  change: PgUpdateSetSource<typeof consultations>,
): Promise<ConsultationRow | "taken" | undefined> {
  if (params.from.length === 0) return undefined;
  try {
    const [row] = await db
      .update(consultations)
      .set({ ...change, status: "booked" })
      .where(stillChangeable(params))
      .returning();
    return row;
  } catch (error) {
    if (isBookedSlotViolation(error)) return "taken";
    throw error;
  }
}

/**
 * Confirms a request from its link: requested → booked while its start is still after `changeableAfter`.
 * "taken" when someone confirmed or booked that start first, undefined when the request no longer qualifies.
 */
export function confirmConsultation(
  db: Db,
  params: LinkChange & { remindedAt: Date | null; at: Date },
): Promise<ConsultationRow | "taken" | undefined> {
  return bookWhileChangeable(db, params, { remindedAt: params.remindedAt, updatedAt: params.at });
}

/**
 * Moves a booking (or a request, which the move confirms) to another start: only from the statuses given,
 * with this version and starting after the cutoff; it is booked afterwards, the invitation's sequence one
 * up. "taken" when the new start is booked, undefined when the booking no longer qualifies.
 */
export function moveConsultation(
  db: Db,
  params: LinkChange & { startsAt: Date; endsAt: Date; remindedAt: Date | null; at: Date },
): Promise<ConsultationRow | "taken" | undefined> {
  return bookWhileChangeable(db, params, {
    startsAt: params.startsAt,
    endsAt: params.endsAt,
    icsSequence: sql`${consultations.icsSequence} + 1`,
    remindedAt: params.remindedAt,
    updatedAt: params.at,
  });
}

/**
 * Staff's video link: only on a booked video call not over yet. Undefined otherwise. The primary key.
 */
export async function setConsultationVideoUrl(
  db: Db,
  params: { id: string; videoUrl: string; at: Date },
): Promise<ConsultationRow | undefined> {
  const [row] = await db
    .update(consultations)
    .set({ videoUrl: params.videoUrl, updatedAt: params.at })
    .where(
      and(
        eq(consultations.id, params.id),
        eq(consultations.status, "booked"),
        eq(consultations.kind, "video"),
        gt(consultations.endsAt, params.at),
      ),
    )
    .returning();
  return row;
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
