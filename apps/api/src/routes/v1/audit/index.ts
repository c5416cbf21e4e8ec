import { AUDIT_CALLS as CALLS } from "@argine/core/audit/audit-calls";
import { auditPolicy } from "@argine/core/audit/policy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { browseAudit } from "../../../audit/audit-browse-service.ts";
import { callRoute } from "../../../http/call-route.ts";
import { only, requireActor } from "../../../identity/authenticate.ts";

/** The audit log's browse under /v1/admin/audit: admins only, refused before the query is read. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook(
    "onRequest",
    only((actor) => auditPolicy(actor, "browse")),
  );
  app.route({
    ...callRoute(CALLS.list, {
      tags: ["admin", "audit"],
      summary: "Il registro delle azioni, le più recenti per prime, con i filtri (solo admin)",
    }),
    handler: async (request) => browseAudit(app.deps.db, requireActor(request), request.query),
  });
};
