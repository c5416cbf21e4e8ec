import type { FeedbackCategory } from "@argine/core/feedback/answers";
import type { Evaluation } from "@argine/core/feedback/evaluation";
import { initialServiceFlags } from "@argine/core/practices/available-services";
import type { PracticeStatus } from "@argine/core/practices/practice-status";
import { and, desc, eq, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { users } from "../schema/identity.ts";
import { practiceEmails, practices } from "../schema/practices.ts";

export type PracticeRow = typeof practices.$inferSelect;

export interface NewFeedbackPractice {
  ticketCode: string;
  evaluation: Evaluation;
  crimeType: FeedbackCategory;
  platform: string | null;
  crimeUrl: string | null;
  expiryDate: Date | null;
  answers: Record<string, unknown>;
  feedback: Record<string, unknown>;
  /** The hashes of the claim secrets (ADR 010): the submitting browser's token, and the key shown once. */
  claimTokenHash: string;
  claimTokenExpiresAt: Date;
  claimKeyHash: string;
  /** The engine asked for a person first: no self-service capture or takedown until staff have looked. */
  humanReview: boolean;
  /** Chosen at the questionnaire's end: lawyers do not see who the client is (ADR 038). */
  anonymous: boolean;
}

/** A practice created by the questionnaire: no owner yet, PENDING, the answers kept as its questions. */
export async function createFeedbackPractice(
  db: Db,
  practice: NewFeedbackPractice,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .insert(practices)
    .values({ ...practice, ...initialServiceFlags(practice.humanReview), status: "PENDING", ownerId: null })
    .onConflictDoNothing({ target: practices.ticketCode })
    .returning();
  return row;
}

export async function findPractice(db: Db, id: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.id, id));
  return row;
}

/**
 * Changes the practice only while `still` holds, in one conditional update: of two concurrent changes only
 * one wins. The changed row, or undefined when `still` no longer held.
 */
async function updatePracticeWhile(
  db: Db,
  id: string,
  still: SQL | undefined,
  change: Partial<typeof practices.$inferInsert>,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set(change)
    .where(and(eq(practices.id, id), still))
    .returning();
  return row;
}

// A claim is one conditional UPDATE: it succeeds only on a practice still unowned whose secret matches, and
// voids both secrets as it sets the owner, so a secret works once and two claimants cannot both win.
const voidSecrets = {
  claimTokenHash: null,
  claimTokenExpiresAt: null,
  claimKeyHash: null,
  claimPendingUserId: null,
} as const;

/** Unowned, and its browser token (not yet spent by a claim or a registration) matches and has not expired. */
const tokenStillClaims = (claimTokenHash: string, now: Date) =>
  and(
    isNull(practices.ownerId),
    eq(practices.claimTokenHash, claimTokenHash),
    gt(practices.claimTokenExpiresAt, now),
  );

/**
 * A write the browser's token allows (tokenStillClaims): one conditional update setting what `change` gives
 * for the user; the changed practice, or undefined when the token no longer claims it.
 */
function whileTokenClaims(change: (userId: string) => Partial<typeof practices.$inferInsert>) {
  return (
    db: Db,
    id: string,
    userId: string,
    claimTokenHash: string,
    now: Date,
  ): Promise<PracticeRow | undefined> =>
    updatePracticeWhile(db, id, tokenStillClaims(claimTokenHash, now), { ...change(userId), updatedAt: now });
}

/** Gives the practice to the user if the browser's token matches and has not expired; undefined otherwise. */
export const claimPracticeWithToken = whileTokenClaims((userId) => ({ ownerId: userId, ...voidSecrets }));

/**
 * Registration with the browser's token (ADR 010): the token is spent and the practice waits for the new
 * account's first sign-in (completePendingClaims), so a confirmation link opened in another tab or on another
 * device still finds it. The key stays valid until the practice has an owner.
 */
export const bindClaimToAccount = whileTokenClaims((userId) => ({
  claimPendingUserId: userId,
  claimTokenHash: null,
  claimTokenExpiresAt: null,
}));

/** At the account's sign-in, the practices bound at its registration become its own (practices_claim_pending_idx). */
export async function completePendingClaims(db: Db, userId: string, at: Date): Promise<PracticeRow[]> {
  return db
    .update(practices)
    .set({ ownerId: userId, ...voidSecrets, updatedAt: at })
    .where(and(eq(practices.claimPendingUserId, userId), isNull(practices.ownerId)))
    .returning();
}

/** A password reset drops what waits for the account: whoever reset it proved the mailbox, not the claim. */
export async function dropPendingClaims(db: Db, userId: string): Promise<void> {
  await db
    .update(practices)
    .set({ claimPendingUserId: null })
    .where(eq(practices.claimPendingUserId, userId));
}

/** Gives the practice with this code to the user if the key matches; undefined otherwise (by the code's index). */
export async function claimPracticeWithKey(
  db: Db,
  ticketCode: string,
  userId: string,
  claimKeyHash: string,
  at: Date,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set({ ownerId: userId, ...voidSecrets, updatedAt: at })
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

/** The practice, its row locked until the caller's transaction ends (a checkout: one at a time per practice). */
export async function lockPractice(db: Db, id: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.id, id)).for("update");
  return row;
}

export async function findPracticeByTicketCode(db: Db, ticketCode: string): Promise<PracticeRow | undefined> {
  const [row] = await db.select().from(practices).where(eq(practices.ticketCode, ticketCode));
  return row;
}

/**
 * "Prendi in carico": gives the case to this lawyer only if nobody has it (the conditional update settles two
 * lawyers taking it at once: one wins). False when somebody, maybe this lawyer, already has it.
 */
export async function takePractice(db: Db, id: string, lawyerId: string, at: Date): Promise<boolean> {
  return Boolean(
    await updatePracticeWhile(db, id, isNull(practices.assignedLawyerId), {
      assignedLawyerId: lawyerId,
      assignedAt: at,
      updatedAt: at,
    }),
  );
}

/**
 * Whether the client's "update" mail on this practice may go now, recorded if so: true unless one went less
 * than `windowSeconds` before `at`. One conditional update, so of two changes at once only one mails, and
 * in the caller's transaction, so a change that rolls back leaves no mark.
 */
export async function claimClientUpdateMail(
  db: Db,
  id: string,
  at: Date,
  windowSeconds: number,
): Promise<boolean> {
  const since = new Date(at.getTime() - windowSeconds * 1000);
  return Boolean(
    await updatePracticeWhile(
      db,
      id,
      or(isNull(practices.clientUpdateMailedAt), lte(practices.clientUpdateMailedAt, since)),
      { clientUpdateMailedAt: at },
    ),
  );
}

/** Lets go of the case only if `holderId` still has it (no release of a case another lawyer took since). */
export async function releasePractice(db: Db, id: string, holderId: string, at: Date): Promise<boolean> {
  return Boolean(
    await updatePracticeWhile(db, id, eq(practices.assignedLawyerId, holderId), {
      assignedLawyerId: null,
      assignedAt: null,
      updatedAt: at,
    }),
  );
}

/** Moves a practice from `from` to `to` only if it is still in `from` (two concurrent changes cannot both win). */
export async function updatePracticeStatus(
  db: Db,
  id: string,
  from: PracticeStatus,
  to: PracticeStatus,
  at: Date,
): Promise<boolean> {
  return Boolean(
    await updatePracticeWhile(db, id, eq(practices.status, from), { status: to, updatedAt: at }),
  );
}

/** Whether lawyers see who the client is; the owner's choice, audited by the use case. */
export async function setPracticeAnonymity(db: Db, id: string, anonymous: boolean, at: Date): Promise<void> {
  await db.update(practices).set({ anonymous, updatedAt: at }).where(eq(practices.id, id));
}

export type ServicesActive = Pick<
  PracticeRow,
  "serviceTakedownActive" | "serviceLegalizationActive" | "serviceInjuctionActive" | "serviceAdviceActive"
>;

export async function setServicesActive(db: Db, id: string, flags: ServicesActive, at: Date): Promise<void> {
  await db
    .update(practices)
    .set({ ...flags, updatedAt: at })
    .where(eq(practices.id, id));
}

/** The staff's reading of a practice: its evaluation and the advice price (null withdraws ADVICE). */
export async function updateAssessment(
  db: Db,
  id: string,
  change: { evaluation?: Evaluation; advicePriceCents?: number | null },
  at: Date,
): Promise<void> {
  await db
    .update(practices)
    .set({ ...change, updatedAt: at })
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

export type PracticeEmailRow = typeof practiceEmails.$inferSelect;

export async function addPracticeEmail(
  db: Db,
  mail: { practiceId: string; senderId: string; subject: string; body: string },
): Promise<PracticeEmailRow> {
  const [row] = await db.insert(practiceEmails).values(mail).returning();
  if (!row) throw new Error("practice email not stored");
  return row;
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
