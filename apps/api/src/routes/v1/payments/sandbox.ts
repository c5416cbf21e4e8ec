import { SANDBOX_CALLS as CALLS } from "@argine/core/payments/sandbox-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import {
  answerSandboxChallenge,
  createSandboxPaymentMethod,
  sandboxChallenge,
} from "../../../payments/sandbox-service.ts";

// The payment sandbox's browser side (ADR 014), registered only while the sandbox is the payment provider
// (app.ts; never in production). Public: the card is a test card, the client secret is the challenge's
// credential. The request log carries method, path and id, never a body: no card digits reach it.

export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string) => ({ tags: ["sandbox"], summary, security: [] as [] });

  app.route({
    ...callRoute(
      CALLS.createPaymentMethod,
      doc("Ambiente di prova: una carta di prova diventa un metodo di pagamento pm_… (come fa Stripe.js)"),
    ),
    handler: (request) => createSandboxPaymentMethod(app.deps, request.body),
  });

  app.route({
    ...callRoute(CALLS.challenge, doc("Ambiente di prova: la verifica 3-D Secure di un pagamento")),
    handler: (request) =>
      sandboxChallenge(app.deps, {
        intentId: request.params.intentId,
        clientSecret: request.query.client_secret,
      }),
  });

  app.route({
    ...callRoute(
      CALLS.answerChallenge,
      doc("Ambiente di prova: approva o rifiuta la verifica 3-D Secure di un pagamento"),
    ),
    handler: (request) =>
      answerSandboxChallenge(app.deps, {
        intentId: request.params.intentId,
        clientSecret: request.body.client_secret,
        approve: request.body.approve,
      }),
  });
};
