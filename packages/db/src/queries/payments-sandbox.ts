import type { PaymentIntentStatus } from "@argine/core/payments/sandbox-api";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { sandboxPaymentIntents, sandboxPaymentMethods, sandboxRefunds } from "../schema/payments-sandbox.ts";

// The payment sandbox's own store (ADR 014): its payment methods (a test card's scenario and last four
// digits, never the number) and its PaymentIntents, which outlive the process like Stripe's.

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;
export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

export async function insertSandboxPaymentMethod(
  db: Db,
  method: typeof sandboxPaymentMethods.$inferInsert,
): Promise<SandboxPaymentMethodRow> {
  const [row] = await db.insert(sandboxPaymentMethods).values(method).returning();
  if (!row) throw new Error("sandbox payment method not stored");
  return row;
}

export async function findSandboxPaymentMethod(
  db: Db,
  id: string,
): Promise<SandboxPaymentMethodRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
  return row;
}

/**
 * Stores a new intent unless one with its idempotency key exists (`sandbox_payment_intents_idempotency_key`):
 * the new row, or undefined when the key was taken, even by a transaction still running (the insert waits
 * for it on PostgreSQL), so two callers with one key never both create.
 */
export async function insertSandboxIntent(
  db: Db,
  intent: typeof sandboxPaymentIntents.$inferInsert,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .insert(sandboxPaymentIntents)
    .values(intent)
    .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
    .returning();
  return row;
}

export async function findSandboxIntent(db: Db, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  return row;
}

export async function findSandboxIntentByKey(
  db: Db,
  idempotencyKey: string,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Moves an intent to `to` only from one of the states in `from` (a conditional update: of two callers, one
 * wins): the changed row, or undefined when the intent was elsewhere. The error code stays unless given.
 */
export async function moveSandboxIntent(
  db: Db,
  id: string,
  from: readonly PaymentIntentStatus[],
  to: { status: PaymentIntentStatus; errorCode?: string | null; at: Date },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({
      status: to.status,
      updatedAt: to.at,
      ...(to.errorCode === undefined ? {} : { errorCode: to.errorCode }),
    })
    .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, [...from])))
    .returning();
  return row;
}

/**
 * A refund of a succeeded intent, once per idempotency key (`sandbox_refunds_idempotency_key`), in the
 * caller's transaction: the refund already made with this key, the new one, or undefined when the intent is
 * not paid or has less than the amount left to refund (the conditional update, which also makes two
 * refunds at once add up to at most the amount).
 */
export async function refundSandboxIntent(
  db: Db,
  refund: { id: string; intentId: string; amountCents: number; idempotencyKey: string; at: Date },
): Promise<SandboxRefundRow | undefined> {
  const [previous] = await db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.idempotencyKey, refund.idempotencyKey));
  if (previous) return previous;
  const [intent] = await db
    .update(sandboxPaymentIntents)
    .set({
      amountRefundedCents: sql`${sandboxPaymentIntents.amountRefundedCents} + ${refund.amountCents}`,
      updatedAt: refund.at,
    })
    .where(
      and(
        eq(sandboxPaymentIntents.id, refund.intentId),
        eq(sandboxPaymentIntents.status, "succeeded"),
        sql`${sandboxPaymentIntents.amountRefundedCents} + ${refund.amountCents} <= ${sandboxPaymentIntents.amountCents}`,
      ),
    )
    .returning();
  if (!intent) return undefined;
  const [row] = await db
    .insert(sandboxRefunds)
    .values({
      id: refund.id,
      intentId: refund.intentId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
      createdAt: refund.at,
    })
    .returning();
  return row;
}
