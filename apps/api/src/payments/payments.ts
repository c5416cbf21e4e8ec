import { AppError } from "@argine/core/errors/app-error";
import { MESSAGES } from "@argine/core/shared/messages";
import type { PaymentsConfig } from "../config.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { createSandboxProvider, type SandboxEngine } from "./sandbox-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/**
 * The payment provider the configuration chooses (as mail/mailer.ts): Stripe with its keys (ADR 015); the
 * embedded sandbox outside production; in production without Stripe's keys, none: every card payment is
 * refused with 503 and every webhook event with 400, while what gift cards and campaigns pay still works.
 */
export function createPaymentProvider(config: PaymentsConfig, engine: SandboxEngine): PaymentProvider {
  if (config.provider === "stripe") return createStripeProvider(config, engine.clock);
  if (config.provider === "sandbox") return createSandboxProvider(engine, config.webhookSecret);
  const refuse = async (): Promise<never> => {
    throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.cardPaymentUnavailable);
  };
  return {
    name: "none",
    csp: {},
    createAndConfirm: refuse,
    findOrCreateIntent: refuse,
    confirm: refuse,
    retrieve: refuse,
    cancel: refuse,
    refund: refuse,
    parseEvent: () => null,
  };
}
