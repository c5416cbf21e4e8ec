import { isFinalErrorCode } from "@argine/core/errors/app-error";
import { MESSAGES } from "@argine/core/shared/messages";
import { errorCode, toHttpError } from "../../shared/http/http-error.ts";
import { CARD_IN_ELEMENT, type CardSource } from "./card-payment.ts";
import { keepAttempt, keptAttempt } from "./cart-store.ts";
import type { CheckoutRequest } from "./checkout-flow.ts";

// One checkout attempt outlives an answer that never came (issue 39, ADR 041 amended): a proxy's 502, a
// network failure, a reload while paying. The same request sent again is the same attempt under the same
// key, so the server answers its order as it stands (paid, the card action, the provider asked once more)
// instead of settling it for a new one. The API answers a known key with its order whatever the body (only
// a different payment_intent_id is refused), so the key is bound to a digest of the request: another cart,
// voucher, gift card, billing data or payment choice is a new attempt. A definite answer ends the attempt.
// The refund dialog keeps its key the same way: one per decision, sent again after a failure
// (practice-orders-panel.tsx).

/** The attempt a submit belongs to. */
export interface Attempt {
  key: string;
  /** The payment method this attempt already made of the same card: a retry sends the same body. */
  paymentMethodId: string | null;
  cardMade(paymentMethodId: string): void;
  /** A definite answer: the next submit is a new attempt. */
  close(): void;
}

/** The card's payment method made for the kept attempt; in memory only, as the card itself. */
let made: { key: string; card: string; paymentMethodId: string } | null = null;
/** Stripe's element holds the card out of our sight: every change it reports is another card. */
let elementChanges = 0;

export function cardElementChanged(): void {
  elementChanges += 1;
}

/** JSON with the objects' keys sorted, so the same request always reads the same. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/** SHA-256, hex: session storage keeps no billing data in clear. */
async function digestOf(value: unknown): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical(value)));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The attempt of this request: the kept one when it asked the same (its answer was lost), otherwise a new
 * one, kept before anything is sent so that a reload while it runs finds it.
 */
export async function openAttempt(
  request: CheckoutRequest,
  card: CardSource | null,
  newKey: () => string = () => crypto.randomUUID(),
): Promise<Attempt> {
  const digest = await digestOf({ request, card: card !== null });
  const kept = keptAttempt();
  const key = kept?.digest === digest ? kept.key : newKey();
  if (kept?.key !== key) keepAttempt({ key, digest });
  const cardId =
    card === null ? "" : card === CARD_IN_ELEMENT ? `element:${elementChanges}` : canonical(card);
  return {
    key,
    paymentMethodId: made?.key === key && made.card === cardId ? made.paymentMethodId : null,
    cardMade: (paymentMethodId) => {
      made = { key, card: cardId, paymentMethodId };
    },
    close: () => {
      if (keptAttempt()?.key === key) keepAttempt(null);
      if (made?.key === key) made = null;
    },
  };
}

/**
 * Whether a failed submit had a definite answer. A lost one (no code: the network or a proxy's page; a 5xx:
 * SERVICE_UNAVAILABLE, the provider not answering) keeps the attempt, and so does the API's "payment already
 * in progress" (409): that order is this attempt's, still being paid. Any other refusal is final.
 */
export function answeredForGood(reason: unknown): boolean {
  const code = errorCode(reason);
  if (!code || !isFinalErrorCode(code)) return false;
  return !(code === "CONFLICT" && toHttpError(reason).message === MESSAGES.orderInProgress);
}
