import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { recoveryCodes, secondFactors } from "../schema/identity.ts";

// An account's second factor (ADR 036): its authenticator app's sealed secret and its recovery codes.

export type SecondFactorRow = typeof secondFactors.$inferSelect;

export async function findSecondFactor(db: Db, userId: string): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  return row;
}

/**
 * A new secret waiting for its first code: replaces one still unconfirmed, never a confirmed one (false then,
 * as the conditional update's guard says).
 */
export async function startSecondFactor(db: Db, userId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { sealedSecret, createdAt: sql`now()`, lastTimeStep: null },
      setWhere: isNull(secondFactors.confirmedAt),
    })
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** The first code was right: the factor is on, with its first time step spent. False if it already was. */
export async function confirmSecondFactor(
  db: Db,
  userId: string,
  { timeStep, at }: { timeStep: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ confirmedAt: at, lastTimeStep: timeStep })
    .where(and(eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt)))
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/**
 * Spends a code's time step: true only the first time a step at least this late is offered, so the same code
 * (or an older one) typed again within its window is refused, even by two requests at once.
 */
export async function spendTimeStep(db: Db, userId: string, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastTimeStep: timeStep })
    .where(
      and(
        eq(secondFactors.userId, userId),
        sql`${secondFactors.confirmedAt} is not null`,
        or(isNull(secondFactors.lastTimeStep), sql`${secondFactors.lastTimeStep} < ${timeStep}`),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** The account's recovery codes become these (their hashes): the old ones stop working. */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: readonly string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length)
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ codeHash, userId })));
}

/** Spends one recovery code: true the first time only. */
export async function spendRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(recoveryCodes.codeHash, codeHash),
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: recoveryCodes.codeHash });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** The factor and its recovery codes are gone: the account signs in with its password alone. */
export async function deleteSecondFactor(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(secondFactors).where(eq(secondFactors.userId, userId));
}

/** A factor already confirmed (the demo staff's, seed.ts): kept as it is when the account has one. */
export async function insertConfirmedSecondFactor(
  db: Db,
  { userId, sealedSecret, at }: { userId: string; sealedSecret: string; at: Date },
): Promise<void> {
  await db.insert(secondFactors).values({ userId, sealedSecret, confirmedAt: at }).onConflictDoNothing();
}
