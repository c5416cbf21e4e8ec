import { slotEnd, slotStarts, type Weekday } from "@argine/core/consultation/slots";
import { addDays, romeCalendarDay } from "@argine/core/shared/calendar";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { consultations, consultationWeeklyHours, practices, users } from "./schema/index.ts";

// The free consultation's demo data (ADR 031): the team's hours, Monday to Friday 9:30–13:00 and 14:30–18:00
// on Rome's clock (weekly, so the next weeks always have slots, whenever the demo starts), and one booked
// consultation of the demo client a few days ahead, at 10:00 Rome, attached to one of her practices.

const DAY_MS = 24 * 3600 * 1000;
const MORNING = { fromMinute: 9 * 60 + 30, toMinute: 13 * 60 };
const AFTERNOON = { fromMinute: 14 * 60 + 30, toMinute: 18 * 60 };
// Processes started side by side seed the same database (npm run cluster): the check for the team's hours and
// their insert are one step under this lock, or both would find none and both insert (every range twice).
// Any fixed number, the same in every process, other than the other advisory locks' (client.ts, oidc.ts).
const SEED_HOURS_LOCK_KEY = 0x5365_6564; // "Seed"

/** Idempotent: the hours only while the team has none (staff's own are kept), the booking only once. */
export async function seedDemoConsultations(
  db: Db,
  { client, now }: { client: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_HOURS_LOCK_KEY})`);
    const [anyHours] = await tx
      .select({ id: consultationWeeklyHours.id })
      .from(consultationWeeklyHours)
      .limit(1);
    if (anyHours) return;
    await tx
      .insert(consultationWeeklyHours)
      .values(
        [1, 2, 3, 4, 5].flatMap((weekday) => [MORNING, AFTERNOON].map((range) => ({ weekday, ...range }))),
      );
  });

  const [booked] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(eq(consultations.userId, client))
    .limit(1);
  if (booked) return;
  const [user] = await db
    .select({ email: users.email, name: users.name, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, client));
  if (!user) return;
  const [practice] = await db
    .select({ id: practices.id })
    .from(practices)
    .where(and(eq(practices.ownerId, client), eq(practices.status, "OPEN")))
    .orderBy(asc(practices.ticketCode))
    .limit(1);

  // The first 10:00 of a weekday three days on or later (so no reminder is due at once).
  const weekdays = {
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday: weekday as Weekday, from: "10:00", to: "10:30" })),
    exceptions: [],
  };
  const from = romeCalendarDay(new Date(now.getTime() + 3 * DAY_MS));
  const [startsAt] = slotStarts(weekdays, from, addDays(from, 7));
  if (!startsAt) return;
  await db
    .insert(consultations)
    .values({
      startsAt,
      endsAt: slotEnd(startsAt),
      kind: "video",
      status: "booked",
      name: [user.name, user.lastname].filter(Boolean).join(" ") || "Cliente demo",
      email: user.email,
      phone: "3331234567",
      practiceId: practice?.id ?? null,
      userId: client,
      createdAt: now,
      updatedAt: now,
    })
    // The slot may have been booked in the demo meanwhile: then no demo booking.
    .onConflictDoNothing();
}
