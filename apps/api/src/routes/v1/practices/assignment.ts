import { PRACTICE_CALLS as CALLS } from "@argine/core/practices/practice-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { releaseCase, takeCase } from "../../../practices/practice-assignment-service.ts";

/** "Prendi in carico" (ADR 011): a lawyer takes a case and lets it go. */
export const practiceAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["practices"];

  app.route({
    ...callRoute(CALLS.take, {
      tags,
      summary:
        "Prendi in carico: la pratica passa all'avvocato che chiama, se nessuno l'ha già presa (solo staff)",
    }),
    handler: (request) => takeCase(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.release, {
      tags,
      summary: "Lascia la pratica presa in carico: chi la tiene, o un amministratore (solo staff)",
    }),
    handler: (request) => releaseCase(deps, requireActor(request), request.params.id),
  });
};
