import { IdParamsSchema, PracticeDetailSchema } from "@argine/core/practices/practices-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../../identity/authenticate.ts";
import { releaseCase, takeCase } from "../../../practices/practice-assignment-service.ts";

/** "Prendi in carico" (ADR 011): a lawyer takes a case and lets it go. */
export const practiceAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    "/practices/:id/assignment",
    {
      schema: {
        tags: ["practices"],
        summary:
          "Prendi in carico: la pratica passa all'avvocato che chiama, se nessuno l'ha già presa (solo staff)",
        params: IdParamsSchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    (request) => takeCase(deps, requireActor(request), request.params.id),
  );

  app.delete(
    "/practices/:id/assignment",
    {
      schema: {
        tags: ["practices"],
        summary: "Lascia la pratica presa in carico: chi la tiene, o un amministratore (solo staff)",
        params: IdParamsSchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    (request) => releaseCase(deps, requireActor(request), request.params.id),
  );
};
