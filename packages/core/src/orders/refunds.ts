import type { ServiceStatus } from "../services/service-messages.ts";
import { PACKAGE_SERVICE_TYPES, SERVICE_TYPE, type ServiceType } from "../services/service-type.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { allocate } from "./cart.ts";
import { giftCardPays } from "./payment-split.ts";

// Money going back on a paid order (ADR 017): staff refund a whole order or some of its lines; the
// client withdraws (Codice del consumo art. 52) within 14 days of the payment from services not begun yet; a
// paid service that a later human review blocks is refunded the same way. Each line is refunded at most once.

export const REFUND_REASON = labelledEnum({
  WITHDRAWAL: "recesso del cliente",
  REVIEW_BLOCKED: "bloccato dalla revisione dell'avvocato",
  STAFF: "rimborso deciso dallo staff",
});
export type RefundReason = EnumValue<typeof REFUND_REASON>;

/** The reasons staff give; a withdrawal is the client's own call (POST /v1/orders/{id}/withdrawal). */
export const STAFF_REFUND_REASONS = ["STAFF", "REVIEW_BLOCKED"] as const satisfies readonly RefundReason[];

/** PENDING until the provider answers (a FAILED one is retried with the same key), then SUCCEEDED. */
export const REFUND_STATUS = labelledEnum({
  PENDING: "in corso",
  SUCCEEDED: "rimborsato",
  FAILED: "non riuscito",
});
export type RefundStatus = EnumValue<typeof REFUND_STATUS>;

/** The consumer's right of withdrawal lasts 14 days from the payment (art. 52: from the contract). */
export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment the client may withdraw from an order paid at `paidAt`. */
export function withdrawalDeadline(paidAt: Date): Date {
  return new Date(paidAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);
}

/** The practice's services a paid line stands for: a PACKAGE its three; the written feedback none. */
export function serviceTypesOfLine(productCode: string): ServiceType[] {
  if (productCode === "PACKAGE") return [...PACKAGE_SERVICE_TYPES];
  return SERVICE_TYPE.is(productCode) ? [productCode] : [];
}

/**
 * Whether the client may withdraw from a paid line (Codice del consumo art. 52 and 59(1)(a), ADR 017): money
 * on it not given back yet, and a service to start that no one has started — every service the line stands
 * for still TO_START. A line without such a service (the feedback, delivered when paid) or with one begun,
 * delivered or cancelled gives no withdrawal. One rule for what the orders page offers and for what the
 * withdrawal route accepts (there on the services' locked rows).
 */
export function lineWithdrawable(
  line: { productCode: string; finalCents: number; refunded: boolean },
  statusOf: (type: ServiceType) => ServiceStatus | string | undefined,
): boolean {
  if (line.refunded || line.finalCents <= 0) return false;
  const types = serviceTypesOfLine(line.productCode);
  return types.length > 0 && types.every((type) => statusOf(type) === "TO_START");
}

/** Whether the 14 days to withdraw from an order paid at `paidAt` are still running at `at`. */
export function withinWithdrawalPeriod(paidAt: Date | null, at: Date): paidAt is Date {
  return paidAt !== null && at < withdrawalDeadline(paidAt);
}

export interface RefundableLine {
  productCode: string;
  /** What the client paid for the line (after discounts). */
  finalCents: number;
}

/**
 * How much of each line the gift card paid, the rest being the card's. The gift card paid only the lines of
 * the products it names (payment-split.ts); its amount is spread over those lines in proportion to their
 * price (largest remainder), so the lines' shares add up to exactly what it paid, whichever lines are
 * refunded and in whatever order.
 */
export function giftCardShares(
  lines: readonly RefundableLine[],
  giftCard: { cents: number; productCodes: readonly string[] } | null,
): number[] {
  if (!giftCard || giftCard.cents === 0) return lines.map(() => 0);
  const weights = lines.map((line) =>
    giftCardPays({ productCodes: giftCard.productCodes }, line.productCode) ? line.finalCents : 0,
  );
  return allocate(giftCard.cents, weights);
}

export interface RefundAmounts {
  amountCents: number;
  cardCents: number;
  giftCardCents: number;
}

/**
 * What a refund of `codes` gives back: each line's price, its gift card share to the gift card and the rest
 * to the card. `lines` are all the order's lines (the shares depend on all of them).
 */
export function refundAmounts(
  lines: readonly RefundableLine[],
  giftCard: { cents: number; productCodes: readonly string[] } | null,
  codes: readonly string[],
): RefundAmounts {
  const shares = giftCardShares(lines, giftCard);
  let amountCents = 0;
  let giftCardCents = 0;
  lines.forEach((line, index) => {
    if (!codes.includes(line.productCode)) return;
    amountCents += line.finalCents;
    giftCardCents += shares[index] ?? 0;
  });
  return { amountCents, cardCents: amountCents - giftCardCents, giftCardCents };
}

/** The order's status once these lines are refunded: every line refunded, or some. */
export function statusAfterRefund(
  lines: readonly { refunded: boolean }[],
): "PARTIALLY_REFUNDED" | "REFUNDED" {
  return lines.every((line) => line.refunded) ? "REFUNDED" : "PARTIALLY_REFUNDED";
}
