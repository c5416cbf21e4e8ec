import { z } from "zod";
import { CARD_ERROR_MESSAGES, type CardErrorCode, MESSAGES } from "../shared/messages.ts";

// The payment sandbox (ADR 014): the embedded payment provider that behaves like Stripe in test mode. The
// card form hands a test card to POST /v1/sandbox/payment-methods (the role Stripe.js plays) and gets a
// `pm_…` id; a 3-D Secure card's challenge is read and answered with the intent's client secret.

/** A PaymentIntent's states, Stripe's names (apps/api/src/payments/payment-provider.ts). */
export const PAYMENT_INTENT_STATUSES = [
  "requires_payment_method",
  "requires_action",
  "requires_confirmation",
  "processing",
  "succeeded",
  "canceled",
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** Stripe's code for a refused 3-D Secure challenge: the generic card message (cardErrorMessage). */
export const AUTHENTICATION_FAILURE = "payment_intent_authentication_failure";

/**
 * What a test card does: pays, asks for 3-D Secure first, or is refused with its Stripe code (a key of
 * CARD_ERROR_MESSAGES). `incorrect_number` is refused when the card is turned into a payment method, as
 * Stripe.js does; the others when the intent is confirmed.
 */
export type SandboxScenario =
  | "succeeds"
  | "three_d_secure"
  | Extract<
      CardErrorCode,
      | "card_declined"
      | "insufficient_funds"
      | "expired_card"
      | "incorrect_cvc"
      | "incorrect_number"
      | "card_not_supported"
      | "incorrect_pin"
      | "incomplete_zip"
    >;

export interface SandboxTestCard {
  /** 16 digits, no spaces. */
  number: string;
  scenario: SandboxScenario;
}

/**
 * The only numbers the sandbox accepts, any future expiry, any CVC of 3 or 4 digits. All but the last two
 * are Stripe's documented test cards (4000 0000 0000 0036 is its postal-code check failure); Stripe has no
 * test card for card_not_supported and incorrect_pin, so 4000 0000 0000 8013 and 8021 are the sandbox's own.
 */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: "4242424242424242", scenario: "succeeds" },
  { number: "4000002760003184", scenario: "three_d_secure" },
  { number: "4000000000000002", scenario: "card_declined" },
  { number: "4000000000009995", scenario: "insufficient_funds" },
  { number: "4000000000000069", scenario: "expired_card" },
  { number: "4000000000000127", scenario: "incorrect_cvc" },
  { number: "4242424242424241", scenario: "incorrect_number" },
  { number: "4000000000000036", scenario: "incomplete_zip" },
  { number: "4000000000008013", scenario: "card_not_supported" },
  { number: "4000000000008021", scenario: "incorrect_pin" },
];

/** The card this number stands for in the sandbox, if it is a test card (spaces ignored). */
export function sandboxTestCard(number: string): SandboxTestCard | undefined {
  const digits = number.replace(/\s+/g, "");
  return SANDBOX_TEST_CARDS.find((card) => card.number === digits);
}

/** What a test card does, in Italian, for the card form's hint and the README. */
export function sandboxCardOutcome(scenario: SandboxScenario): string {
  if (scenario === "succeeds") return "Pagamento riuscito";
  if (scenario === "three_d_secure") return "Chiede la verifica 3-D Secure (da approvare o rifiutare)";
  return CARD_ERROR_MESSAGES[scenario];
}

/** "4242 4242 4242 4242": the number as a person types it. */
export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

// ─── Calls ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A card as the form sends it. The number may carry spaces; only a test card gets through (the message
 * says so); whether the expiry is past is the API's check (it reads the clock).
 */
export const SandboxCardSchema = z.strictObject({
  number: z
    .string()
    .max(40)
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => sandboxTestCard(v) !== undefined, { error: MESSAGES.sandboxTestCardsOnly }),
  expMonth: z.number({ error: MESSAGES.invalidCardMonth }).int().min(1).max(12),
  expYear: z.number({ error: MESSAGES.invalidCardYear }).int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, { error: CARD_ERROR_MESSAGES.invalid_cvc }),
  zip: z.string().trim().max(10).optional(),
});
export type SandboxCard = z.infer<typeof SandboxCardSchema>;

/** A payment method, Stripe.js's answer: its id for `POST /v1/orders`, and what the page may show. */
export const SandboxPaymentMethodSchema = z.object({
  id: z.string(),
  last4: z.string(),
  brand: z.literal("visa"),
});
export type SandboxPaymentMethod = z.infer<typeof SandboxPaymentMethodSchema>;

export const SandboxIntentParamsSchema = z.object({
  intentId: z.string().regex(/^pi_[A-Za-z0-9]{1,100}$/, { error: MESSAGES.sandboxChallengeNotFound }),
});
const ClientSecret = z.string().min(1).max(200);
export const SandboxChallengeQuerySchema = z.object({ client_secret: ClientSecret });
/** The person's answer to the challenge page. */
export const SandboxChallengeAnswerSchema = z.strictObject({
  client_secret: ClientSecret,
  approve: z.boolean(),
});
export type SandboxChallengeAnswer = z.infer<typeof SandboxChallengeAnswerSchema>;

/** What the challenge page shows: the amount in euros (VAT included) and where the intent is. */
export const SandboxChallengeSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.literal("eur"),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  /** Why the card was refused, once it was (a key of CARD_ERROR_MESSAGES, or Stripe's code). */
  errorCode: z.string().nullable(),
});
export type SandboxChallenge = z.infer<typeof SandboxChallengeSchema>;
