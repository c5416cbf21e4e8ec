import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { practiceEmails, practices, services, users } from "../schema.ts";

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
  /** The hashes of the claim secrets (issue 12): the submitting browser's token, and the key shown once. */
  claimTokenHash: string;
  claimTokenExpiresAt: Date;
  claimKeyHash: string;
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

// A claim is one conditional UPDATE: it succeeds only on a practice still unowned whose secret matches, and
// voids both secrets as it sets the owner, so a secret works once and two claimants cannot both win.
const voidSecrets = { claimTokenHash: null, claimTokenExpiresAt: null, claimKeyHash: null } as const;

/** Gives the practice to the user if the browser's token matches and has not expired; undefined otherwise. */
export async function claimPracticeWithToken(
  db: Db,
  id: string,
  userId: string,
  claimTokenHash: string,
  now = new Date(),
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set({ ownerId: userId, ...voidSecrets, updatedAt: now })
    .where(
      and(
        eq(practices.id, id),
        isNull(practices.ownerId),
        eq(practices.claimTokenHash, claimTokenHash),
        gt(practices.claimTokenExpiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Gives the practice with this code to the user if the key matches; undefined otherwise (by the code's index). */
export async function claimPracticeWithKey(
  db: Db,
  ticketCode: string,
  userId: string,
  claimKeyHash: string,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set({ ownerId: userId, ...voidSecrets, updatedAt: new Date() })
    .where(
      and(
        eq(practices.ticketCode, ticketCode),
        isNull(practices.ownerId),
        eq(practices.claimKeyHash, claimKeyHash),
      ),
    )
    .returning();
  return row;
}

export async function findPracticeByTicketCode(db: Db, ticketCode: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.ticketCode, ticketCode));
  return row;
}

export interface PracticeFilters {
  /** Only this owner's practices (clients); absent for staff, who see all. */
  ownerId?: string;
  /** Client name or practice number, case-insensitive, any part of it. */
  q?: string;
  /** Exactly this practice number (the per-case area finds its case by it). */
  ticketCode?: string;
  status?: string;
  evaluation?: string;
  crimeType?: string;
  anonymous?: boolean;
  limit: number;
  offset: number;
}

/** What a list shows of a practice: never its answers or feedback (kilobytes of JSON each). */
export type PracticeListRow = Pick<
  PracticeRow,
  | "id"
  | "ticketCode"
  | "status"
  | "evaluation"
  | "crimeType"
  | "platform"
  | "anonymous"
  | "createdAt"
  | "expiryDate"
> & { clientName: string | null; clientLastname: string | null };

/**
 * Totals are counted up to here: beyond it a lawyer refines the search rather than pages, and an exact count
 * of a million practices (or of a common surname) would cost more than the page itself.
 */
export const TOTAL_COUNT_CAP = 10_000;

/**
 * A page of practices, newest first, with the total for the filters (spec §7 "List practices returns total and
 * data"); `totalCapped` when there are more than TOTAL_COUNT_CAP and `total` is that cap.
 */
export async function listPractices(
  db: Db,
  f: PracticeFilters,
  cap: number = TOTAL_COUNT_CAP,
): Promise<{ total: number; totalCapped: boolean; data: PracticeListRow[] }> {
  const term = f.q?.trim() ? `%${f.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  // Each arm of the search on its own trigram index (migration 0002), their ids united: the practice number
  // on practices; the "name lastname" on users, then those users' practices by owner. OR-ing the two arms in
  // one WHERE made PostgreSQL read every practice. A client's own filter goes into both arms (few rows).
  // An anonymous practice is never found by its client's name.
  const owner = f.ownerId ? eq(practices.ownerId, f.ownerId) : undefined;
  const matching = term
    ? union(
        db
          .select({ id: practices.id })
          .from(practices)
          .where(and(owner, ilike(practices.ticketCode, term))),
        db
          .select({ id: practices.id })
          .from(practices)
          .innerJoin(users, eq(users.id, practices.ownerId))
          .where(
            and(
              owner,
              eq(practices.anonymous, false),
              ilike(sql`${users.name} || ' ' || ${users.lastname}`, term),
            ),
          ),
      )
    : undefined;
  const where = and(
    owner,
    f.ticketCode ? eq(practices.ticketCode, f.ticketCode) : undefined,
    f.status ? eq(practices.status, f.status) : undefined,
    f.evaluation ? eq(practices.evaluation, f.evaluation) : undefined,
    f.crimeType ? eq(practices.crimeType, f.crimeType) : undefined,
    f.anonymous === undefined ? undefined : eq(practices.anonymous, f.anonymous),
    matching ? inArray(practices.id, matching) : undefined,
  );
  const upToCap = db
    .select({ one: sql`1` })
    .from(practices)
    .where(where)
    .limit(cap + 1)
    .as("up_to_cap");
  // The total and the page do not depend on each other: on PostgreSQL they run at once on two connections.
  const [[totalRow], data] = await Promise.all([
    db.select({ n: count() }).from(upToCap),
    db
      .select({
        id: practices.id,
        ticketCode: practices.ticketCode,
        status: practices.status,
        evaluation: practices.evaluation,
        crimeType: practices.crimeType,
        platform: practices.platform,
        anonymous: practices.anonymous,
        createdAt: practices.createdAt,
        expiryDate: practices.expiryDate,
        clientName: users.name,
        clientLastname: users.lastname,
      })
      .from(practices)
      .leftJoin(users, eq(users.id, practices.ownerId))
      .where(where)
      // NULLS LAST as practices_created_idx is built (drizzle's `.desc()`): a bare `desc` means NULLS FIRST,
      // which that index cannot give, and every page became a scan and sort of all practices.
      .orderBy(sql`${practices.createdAt} desc nulls last`, sql`${practices.id} desc nulls last`)
      .limit(f.limit)
      .offset(f.offset),
  ]);
  const counted = totalRow?.n ?? 0;
  return { total: Math.min(counted, cap), totalCapped: counted > cap, data };
}

/** Moves a practice from `from` to `to` only if it is still in `from` (two concurrent changes cannot both win). */
export async function updatePracticeStatus(db: Db, id: string, from: string, to: string): Promise<boolean> {
  const [row] = await db
    .update(practices)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(practices.id, id), eq(practices.status, from)))
    .returning({ id: practices.id });
  return Boolean(row);
}

export type ServicesActive = Pick<
  PracticeRow,
  "serviceTakedownActive" | "serviceLegalizationActive" | "serviceInjuctionActive" | "serviceAdviceActive"
>;

export async function setServicesActive(db: Db, id: string, flags: ServicesActive): Promise<void> {
  await db
    .update(practices)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(practices.id, id));
}

/** The staff's reading of a practice: its evaluation and the advice price (null withdraws ADVICE). */
export async function updateAssessment(
  db: Db,
  id: string,
  change: { evaluation?: string; advicePriceCents?: number | null },
): Promise<void> {
  await db
    .update(practices)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(practices.id, id));
}

/** Deletes the owner's practice only if it is still PENDING; false when it no longer qualifies. */
export async function deletePendingPractice(db: Db, id: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .delete(practices)
    .where(and(eq(practices.id, id), eq(practices.ownerId, ownerId), eq(practices.status, "PENDING")))
    .returning({ id: practices.id });
  return Boolean(row);
}

export type ServiceRow = typeof services.$inferSelect;

export async function listPracticeServices(db: Db, practiceId: string): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(eq(services.practiceId, practiceId))
    .orderBy(asc(services.createdAt), asc(services.id));
}

export type PracticeEmailRow = typeof practiceEmails.$inferSelect;

export async function addPracticeEmail(
  db: Db,
  mail: { practiceId: string; senderId: string; subject: string; body: string },
): Promise<PracticeEmailRow> {
  const [row] = await db.insert(practiceEmails).values(mail).returning();
  if (!row) throw new Error("practice email not stored");
  return row;
}

/** Takes back a stored practice email whose sending failed (the record shows only what was sent). */
export async function deletePracticeEmail(db: Db, id: string): Promise<void> {
  await db.delete(practiceEmails).where(eq(practiceEmails.id, id));
}

/** The emails staff sent on a practice, newest first, with the senders' names. */
export async function listPracticeEmails(db: Db, practiceId: string) {
  return db
    .select({ email: practiceEmails, senderName: users.name, senderLastname: users.lastname })
    .from(practiceEmails)
    .leftJoin(users, eq(users.id, practiceEmails.senderId))
    .where(eq(practiceEmails.practiceId, practiceId))
    .orderBy(desc(practiceEmails.sentAt), desc(practiceEmails.id));
}
