import { PAYMENTS_CALLS as CALLS } from "@argine/core/payments/payments-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";

/**
 * The card provider as the browser must know it (ADR 015): public, as Stripe's publishable key is. The
 * provider's events come in through routes/webhooks/payments.ts.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.deps.config.payments;
  const answer = {
    provider: app.deps.payments.name,
    publishableKey: payments.provider === "stripe" ? payments.publishableKey : null,
  };
  app.route({
    ...callRoute(CALLS.config, {
      tags: ["orders"],
      summary: "Il fornitore dei pagamenti con carta e, per Stripe, la sua chiave pubblicabile",
      security: [],
    }),
    handler: async () => answer,
  });
};
