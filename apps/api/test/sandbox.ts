import {
  SANDBOX_TEST_CARDS,
  type SandboxCard,
  type SandboxScenario,
} from "@argine/core/payments/sandbox-api";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import type { PracticeService } from "@argine/core/services/services-api";
import type { Db } from "@argine/db/client";
import { orders, practices, sandboxPaymentIntents } from "@argine/db/schema";
import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../src/deps.ts";
import { createSandboxPaymentMethod } from "../src/payments/sandbox-service.ts";
import { checkoutBody } from "./checkout.ts";
import { apiCaller, type IdentityServer } from "./identity.ts";

// The orders' tests pay through the real sandbox (ADR 014): cards from its own table of test numbers, payment
// methods from its own service, intents read back from its own table.

/** The sandbox's test card for a scenario, with an expiry far ahead. */
export function testCard(scenario: SandboxScenario): SandboxCard {
  const card = SANDBOX_TEST_CARDS.find((c) => c.scenario === scenario);
  if (!card) throw new Error(`no sandbox test card for ${scenario}`);
  return { number: card.number, expMonth: 12, expYear: 2099, cvc: "123" };
}

/** A `pm_…` id for the scenario's test card, as the card form gets it (POST /v1/sandbox/payment-methods). */
export async function paymentMethod(deps: Deps, scenario: SandboxScenario): Promise<string> {
  return (await createSandboxPaymentMethod(deps, testCard(scenario))).id;
}

/** The sandbox's intents for a practice's orders (the orders service keys each one by its order's id). */
export async function sandboxIntentsOf(db: Db, practiceId: string) {
  const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.practiceId, practiceId))).map(
    (o) => o.id,
  );
  if (!ids.length) return [];
  return db.select().from(sandboxPaymentIntents).where(inArray(sandboxPaymentIntents.idempotencyKey, ids));
}

/**
 * A new practice (`values`: its ticket code, owner…) with `items` paid by the card that succeeds, bought by
 * the bearer of `token` through the orders route as the checkout sends it (a test about what follows the
 * payment): its services by type.
 */
export async function paidPractice(
  server: IdentityServer,
  token: string,
  values: typeof practices.$inferInsert & { ticketCode: string },
  items: string[],
): Promise<{ practiceId: string; ticketCode: string; services: Record<string, PracticeService> }> {
  const { ticketCode } = values;
  const [practice] = await server.handle.db.insert(practices).values(values).returning();
  const practiceId = practice?.id as string;
  const card = await paymentMethod(server.app.deps, "succeeds");
  const call = apiCaller(server);
  const paid = await call(
    token,
    "/orders",
    "POST",
    checkoutBody(practiceId, items, {
      payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: card }) },
    }),
  );
  if (paid.status !== 200) throw new Error(`payment refused: ${JSON.stringify(paid.body)}`);
  const detail = await call<PracticeDetail>(token, `/practices/${practiceId}`);
  return {
    practiceId,
    ticketCode,
    services: Object.fromEntries(detail.body.services.map((sv) => [sv.serviceType, sv])),
  };
}
