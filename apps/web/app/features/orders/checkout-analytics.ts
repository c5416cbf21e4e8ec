import type { PaymentType } from "@argine/core/orders/orders-api";
import { type AnalyticsEvent, trackEvent } from "../../shared/data-layer/data-layer.ts";

// The checkout's steps for analytics (spec §7 "Other calls"), through the consent-gated data layer: the step,
// the service codes, the amount and how it is paid. Never the practice, the billing data or the card.

export type CheckoutEvent = Extract<AnalyticsEvent, "begin_checkout" | "add_payment_info" | "purchase">;

const STEP: Record<CheckoutEvent, number> = { begin_checkout: 1, add_payment_info: 2, purchase: 3 };

export function trackCheckout(
  event: CheckoutEvent,
  userId: string | null | undefined,
  cart: { items: readonly string[]; amount: number; paymentType?: PaymentType },
): void {
  trackEvent(event, userId, {
    checkout_step: STEP[event],
    items: cart.items.join(","),
    value: cart.amount,
    currency: "EUR",
    ...(cart.paymentType ? { payment_type: cart.paymentType } : {}),
  });
}
