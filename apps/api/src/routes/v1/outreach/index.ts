import { NEWSLETTER_CONFIRM_TTL_HOURS } from "@argine/core/outreach/outreach-api";
import { OUTREACH_CALLS as CALLS } from "@argine/core/outreach/outreach-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import {
  confirmNewsletter,
  sendIdea,
  sendPartnershipRequest,
  signUpToNewsletter,
} from "../../../outreach/outreach-service.ts";
import { outreachAdminRoutes } from "./admin.ts";

// The public site's three forms (outreach-service.ts): public and limited per address
// (rate-limits/route-limits.ts); what they bring in is read by admins only (admin.ts). The request log carries
// method, path and id, never a body.

export const outreachRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string) => ({ tags: ["outreach"], summary, security: [] as [] });

  app.route({
    ...callRoute(
      CALLS.newsletter,
      doc(
        "Iscrizione alla newsletter con doppia conferma (stessa risposta che l'indirizzo sia nuovo, in attesa o già iscritto)",
      ),
    ),
    handler: (request) => signUpToNewsletter(app.deps, request.actor, request.body),
  });

  app.route({
    ...callRoute(
      CALLS.confirmNewsletter,
      doc(
        `Conferma dell'iscrizione con il link ricevuto (valido una volta, per ${NEWSLETTER_CONFIRM_TTL_HOURS} ore)`,
      ),
    ),
    handler: async (request) => confirmNewsletter(app.deps, request.actor, request.body),
  });

  app.route({
    ...callRoute(CALLS.partnership, doc("Lavora con noi: una proposta di collaborazione")),
    handler: (request) => sendPartnershipRequest(app.deps, request.actor, request.body),
  });

  app.route({
    ...callRoute(CALLS.idea, doc("Una buona idea: una proposta dal sito")),
    handler: (request) => sendIdea(app.deps, request.actor, request.body),
  });

  await app.register(outreachAdminRoutes);
};
