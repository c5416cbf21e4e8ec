import {
  AdminIdeaListSchema,
  AdminNewsletterSubscriptionListSchema,
  AdminPartnershipRequestListSchema,
  OutreachListQuerySchema,
} from "@argine/core/outreach/outreach-api";
import { outreachPolicy } from "@argine/core/outreach/policy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { only } from "../../../identity/authenticate.ts";
import {
  readIdeas,
  readNewsletterSubscriptions,
  readPartnershipRequests,
} from "../../../outreach/outreach-service.ts";

// What the public forms brought in, one page at a time (the service audits each read).
const LISTS = [
  {
    path: "/admin/newsletter-subscriptions",
    summary: "Gli iscritti alla newsletter, confermati e in attesa, i più recenti per primi (solo admin)",
    response: AdminNewsletterSubscriptionListSchema,
    read: readNewsletterSubscriptions,
  },
  {
    path: "/admin/partnership-requests",
    summary: "Le richieste di collaborazione (Lavora con noi), le più recenti per prime (solo admin)",
    response: AdminPartnershipRequestListSchema,
    read: readPartnershipRequests,
  },
  {
    path: "/admin/ideas",
    summary: "Le idee inviate dal sito (Una buona idea), le più recenti per prime (solo admin)",
    response: AdminIdeaListSchema,
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
  for (const { path, summary, response, read } of LISTS) {
    app.get(
      path,
      {
        schema: {
          tags: ["admin", "outreach"],
          summary,
          querystring: OutreachListQuerySchema,
          response: { 200: response },
        },
      },
      async (request) => read(app.deps, request.actor, request.query),
    );
  }
};
