import { OUTREACH_CALLS as CALLS } from "@argine/core/outreach/outreach-calls";
import { outreachPolicy } from "@argine/core/outreach/policy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { only } from "../../../identity/authenticate.ts";
import {
  readIdeas,
  readNewsletterSubscriptions,
  readPartnershipRequests,
} from "../../../outreach/outreach-service.ts";

// What the public forms brought in, one page at a time (the service audits each read).
const LISTS = [
  {
    call: CALLS.newsletterSubscriptions,
    summary: "Gli iscritti alla newsletter, confermati e in attesa, i più recenti per primi (solo admin)",
    read: readNewsletterSubscriptions,
  },
  {
    call: CALLS.partnershipRequests,
    summary: "Le richieste di collaborazione (Lavora con noi), le più recenti per prime (solo admin)",
    read: readPartnershipRequests,
  },
  {
    call: CALLS.ideas,
    summary: "Le idee inviate dal sito (Una buona idea), le più recenti per prime (solo admin)",
    read: readIdeas,
  },
] as const;

/**
 * The outreach lists under /v1/admin/*: admins only, decided by one hook over this plugin's routes before
 * the body is read (401 anonymous, 403 anyone else), as the admin workspace's routes are.
 */
export const outreachAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    "onRequest",
    only((actor) => outreachPolicy(actor, "read-all")),
  );
  for (const { call, summary, read } of LISTS) {
    app.route({
      ...callRoute(call, { tags: ["admin", "outreach"], summary }),
      handler: async (request) => read(app.deps, request.actor, request.query),
    });
  }
};
