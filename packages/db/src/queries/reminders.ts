import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { practices } from "../schema/practices.ts";
import { deadlineReminders } from "../schema/reminders.ts";

// The complaint deadline's reminders: the client's opt-in and the reminders sent, once each.

/** An opted-in open practice, its owner and the reminders it already had. */
export interface ReminderCandidate {
  practiceId: string;
  ticketCode: string;
  feedback: unknown;
  email: string;
  name: string;
  sentDays: number[];
}

/**
 * The open practices whose owner asked for the reminders. Few practices opt in and the job runs once a day:
 * a scan of practices, no index of its own.
 */
export async function reminderCandidates(db: Db): Promise<ReminderCandidate[]> {
  return db
    .select({
      practiceId: practices.id,
      ticketCode: practices.ticketCode,
      feedback: practices.feedback,
      email: users.email,
      name: users.name,
      // The primary key deadline_reminders_practice_id_days_before_pk answers it.
      sentDays: sql<
        number[]
      >`coalesce((select array_agg(${deadlineReminders.daysBefore}) from ${deadlineReminders} where ${deadlineReminders.practiceId} = ${practices.id}), '{}')`,
    })
    .from(practices)
    .innerJoin(users, eq(users.id, practices.ownerId))
    .where(and(eq(practices.deadlineReminders, true), ne(practices.status, "CLOSED")));
}

/**
 * Records a reminder as sent, in the mail's transaction, if the practice still wants it (opted in, not
 * closed) and it was not sent before: true when this caller is the one to send it.
 */
export async function recordReminder(
  db: Db,
  practiceId: string,
  daysBefore: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(deadlineReminders)
    .select(
      db
        .select({
          practiceId: practices.id,
          daysBefore: sql<number>`${daysBefore}::integer`.as("days_before"),
          sentAt: sql<Date>`${at.toISOString()}::timestamptz`.as("sent_at"),
        })
        .from(practices)
        .where(
          and(
            eq(practices.id, practiceId),
            eq(practices.deadlineReminders, true),
            ne(practices.status, "CLOSED"),
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ practiceId: deadlineReminders.practiceId });
  return rows.length > 0;
}

/** The owner's opt-in while the practice is open; the practice as updated, or undefined (gone, closed). */
export async function setDeadlineReminders(db: Db, practiceId: string, enabled: boolean, at: Date) {
  const [row] = await db
    .update(practices)
    .set({ deadlineReminders: enabled, updatedAt: at })
    .where(and(eq(practices.id, practiceId), ne(practices.status, "CLOSED")))
    .returning();
  return row;
}
