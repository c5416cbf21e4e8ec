import { z } from "zod";

// The card payment provider as the browser needs to know it (ADR 015).

export const PAYMENT_PROVIDERS = ["sandbox", "stripe", "none"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * GET /v1/payments/config: which provider takes the card — the sandbox's own form, Stripe's Elements with
 * this publishable key, or none (card payments refused).
 */
export const PaymentsConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (`pk_…`), public by design; null for any other provider. */
  publishableKey: z.string().nullable(),
});
export type PaymentsConfigView = z.infer<typeof PaymentsConfigSchema>;
