import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import { practices } from "../schema.ts";

export type PracticeRow = typeof practices.$inferSelect;

export interface NewFeedbackPractice {
  ticketCode: string;
  evaluation: string;
  crimeType: string;
  platform: string | null;
  crimeUrl: string | null;
  expiryDate: Date | null;
  answers: Record<string, unknown>;
  feedback: Record<string, unknown>;
}

/** A practice created by the questionnaire: no owner yet, PENDING, the answers kept as its questions. */
export async function createFeedbackPractice(
  db: Db,
  practice: NewFeedbackPractice,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .insert(practices)
    .values({ ...practice, status: "PENDING", ownerId: null })
    .onConflictDoNothing({ target: practices.ticketCode })
    .returning();
  return row;
}

export async function findPractice(db: Db, id: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.id, id));
  return row;
}

/** Gives an unowned practice to the user; true when the user owns it afterwards (also if already theirs). */
export async function claimPractice(db: Db, id: string, userId: string): Promise<boolean> {
  const [row] = await db
    .update(practices)
    .set({ ownerId: userId, updatedAt: new Date() })
    .where(and(eq(practices.id, id), or(isNull(practices.ownerId), eq(practices.ownerId, userId))))
    .returning({ id: practices.id });
  return Boolean(row);
}
