import {
  DeadLetterListSchema,
  DeadLetterParamsSchema,
  DeadLetterRetrySchema,
} from "@argine/core/jobs/jobs-api";
import { jobsPolicy } from "@argine/core/jobs/policy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { only, requireActor } from "../../../identity/authenticate.ts";
import { listDeadLetters, retryDeadLetter } from "../../../jobs/jobs-service.ts";

// The job queue in the admin workspace (issue 13): the jobs that failed every attempt, and a retry. Admins
// only, decided before the body is read (401 anonymous, 403 anyone else).

export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/jobs/dead-letters",
    {
      onRequest: only((actor) => jobsPolicy(actor, "read-dead-letters")),
      schema: {
        tags: ["admin", "jobs"],
        summary:
          "I lavori non riusciti dopo ogni tentativo (le email non partite): coda, date, tentativi ed errore, mai il contenuto; i più recenti per primi (solo admin)",
        response: { 200: DeadLetterListSchema },
      },
    },
    async (request) => listDeadLetters(app.deps, requireActor(request)),
  );

  app.post(
    "/admin/jobs/dead-letters/:id/retry",
    {
      onRequest: only((actor) => jobsPolicy(actor, "retry-dead-letter")),
      schema: {
        tags: ["admin", "jobs"],
        summary: "Rimette in coda un lavoro non riuscito per un nuovo giro di tentativi (solo admin)",
        params: DeadLetterParamsSchema,
        response: { 202: DeadLetterRetrySchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await retryDeadLetter(app.deps, requireActor(request), request.params.id)),
  );
};
