import type { PaymentIntentStatus, SandboxScenario } from "@argine/core/payments/sandbox-api";
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

// The embedded payment provider's own tables (ADR 014): what Stripe keeps on its side, here in the app's
// database so the sandbox outlives a restart.

/**
 * The sandbox provider's own PaymentIntents (the embedded default of the payment adapter, ADR 014): kept in
 * the database so they survive a restart. A test card's scenario, never a card number, is stored.
 */
export const sandboxPaymentIntents = pgTable(
  "sandbox_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<PaymentIntentStatus>().notNull(),
    paymentMethodId: text("payment_method_id"),
    /** The test card's behaviour: "succeeds", "three_d_secure", or a decline code. */
    scenario: text("scenario").$type<SandboxScenario>(),
    errorCode: text("error_code"),
    /** The caller's idempotency key: the same key returns the same intent. */
    idempotencyKey: text("idempotency_key"),
    /** What refunds have given back so far (never more than the amount: the check below). */
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sandbox_payment_intents_idempotency_key").on(t.idempotencyKey),
    check(
      "sandbox_payment_intents_refunded_check",
      sql`${t.amountRefundedCents} >= 0 and ${t.amountRefundedCents} <= ${t.amountCents}`,
    ),
  ],
);

/** The sandbox's refunds: one per idempotency key, as Stripe's. */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    intentId: text("intent_id")
      .notNull()
      .references(() => sandboxPaymentIntents.id),
    amountCents: integer("amount_cents").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_refunds_idempotency_key").on(t.idempotencyKey)],
);

/** The sandbox's payment methods: what the card form's test number stands for, and its last four digits. */
export const sandboxPaymentMethods = pgTable("sandbox_payment_methods", {
  id: text("id").primaryKey(),
  scenario: text("scenario").$type<SandboxScenario>().notNull(),
  last4: text("last4").notNull(),
  createdAt: createdAt(),
});
