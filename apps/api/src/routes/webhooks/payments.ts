import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { handlePaymentEvent } from "../../orders/order-settlement.ts";

/**
 * POST /v1/webhooks/{provider}: the payment provider's events (ADR 014). The signature is computed on the
 * exact bytes sent, so this plugin alone keeps JSON bodies raw; the orders service checks it, records the
 * event once and settles the order from the intent it reads back from the provider.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: "POST",
    url: "/webhooks/:provider",
    schema: {
      tags: ["orders"],
      summary: "Gli eventi firmati del fornitore dei pagamenti (firma non valida: 400, nulla cambia)",
      security: [],
      params: z.object({ provider: z.string().max(40) }),
      response: { 200: z.object({ received: z.literal(true) }) },
    },
    handler: (request) =>
      handlePaymentEvent(
        app.deps,
        request.params.provider,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers["stripe-signature"] as string | undefined,
      ),
  });
};
