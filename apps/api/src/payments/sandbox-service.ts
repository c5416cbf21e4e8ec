import { AppError } from "@argine/core/errors/app-error";
import {
  type SandboxCard,
  type SandboxChallenge,
  type SandboxPaymentMethod,
  sandboxTestCard,
} from "@argine/core/payments/sandbox-api";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import { fromCents } from "@argine/core/shared/money";
import { insertSandboxPaymentMethod } from "@argine/db/queries/payments-sandbox";
import { now } from "../clock.ts";
import type { PaymentIntent } from "./payment-provider.ts";
import {
  answerChallenge,
  challengedIntent,
  randomId,
  type SandboxEngine,
  toIntent,
} from "./sandbox-provider.ts";

// The sandbox's browser side (routes/v1/payments/sandbox.ts): the card form's payment method, and the 3-D Secure
// challenge. Public: a card is no one's account, and the intent's client secret is the challenge's
// credential. The card number, its expiry and CVC are checked and forgotten: only what the test card does and
// its last four digits are stored, and nothing of them is logged.

/**
 * A test card → a `pm_…` payment method, as Stripe.js does: an expiry already past is refused (a field error),
 * and so is the incorrect-number card (a card error, `details.cardError`), the other cards when the intent is
 * confirmed.
 */
export async function createSandboxPaymentMethod(
  engine: SandboxEngine,
  card: SandboxCard,
): Promise<SandboxPaymentMethod> {
  const test = sandboxTestCard(card.number);
  if (!test) throw new AppError("BAD_REQUEST", MESSAGES.sandboxTestCardsOnly);
  const at = now(engine.clock);
  const thisMonth = at.getUTCFullYear() * 12 + at.getUTCMonth() + 1;
  if (card.expYear * 12 + card.expMonth < thisMonth)
    throw new AppError("BAD_REQUEST", MESSAGES.cardExpiryPast, {
      issues: [{ path: ["expYear"], message: MESSAGES.cardExpiryPast }],
    });
  if (test.scenario === "incorrect_number")
    throw new AppError("BAD_REQUEST", CARD_ERROR_MESSAGES.incorrect_number, { cardError: test.scenario });
  const method = await insertSandboxPaymentMethod(engine.db, {
    id: randomId("pm_"),
    scenario: test.scenario,
    last4: test.number.slice(-4),
    createdAt: at,
  });
  return { id: method.id, last4: method.last4, brand: "visa" };
}

function challenge(intent: PaymentIntent): SandboxChallenge {
  return {
    id: intent.id,
    amount: fromCents(intent.amountCents),
    currency: "eur",
    status: intent.status,
    errorCode: intent.errorCode,
  };
}

/** What the challenge page shows; a wrong client secret and an unknown intent get the same 400. */
export async function sandboxChallenge(
  engine: SandboxEngine,
  input: { intentId: string; clientSecret: string },
): Promise<SandboxChallenge> {
  return challenge(toIntent(await challengedIntent(engine, input.intentId, input.clientSecret)));
}

/** Approves or refuses the challenge (sandbox-provider.ts answerChallenge): the intent as it then stands. */
export async function answerSandboxChallenge(
  engine: SandboxEngine,
  input: { intentId: string; clientSecret: string; approve: boolean },
): Promise<SandboxChallenge> {
  return challenge(await answerChallenge(engine, input));
}
