import { PRACTICE_CALLS as CALLS } from "@argine/core/practices/practice-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { claimWithKey, claimWithToken } from "../../../practices/practice-claims-service.ts";

/**
 * Claiming the practice the questionnaire opened (ADR 010): the id alone claims nothing; the
 * submitting browser's single-use token, or the practice code with its claim key from any device, do.
 */
export const practiceClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.route({
    ...callRoute(CALLS.claimWithToken, {
      tags: ["practices"],
      summary:
        "La pratica aperta dal questionario passa all'utente collegato, con il claimToken del browser che l'ha inviata",
    }),
    handler: (request) =>
      claimWithToken(deps, requireActor(request), request.params.id, request.body?.claimToken),
  });

  // Guessing a key takes many tries: each signed-in user and each address gets CLAIM_ATTEMPTS_MAX per window
  // (rate-limits/route-limits.ts).
  app.route({
    ...callRoute(CALLS.claimWithKey, {
      tags: ["practices"],
      summary:
        "«Ho un codice pratica»: il codice e la chiave di recupero aggiungono la pratica all'account, da qualsiasi dispositivo",
    }),
    handler: (request) => claimWithKey(deps, requireActor(request), request.body),
  });
};
