import { JOBS_CALLS } from "@argine/core/jobs/jobs-calls";
import { jobsPolicy } from "@argine/core/jobs/policy";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { only, requireActor } from "../../../identity/authenticate.ts";
import { listDeadLetters, retryDeadLetter } from "../../../jobs/jobs-service.ts";

// The job queue in the admin workspace (ADR 012): the jobs that failed every attempt, and a retry. Admins
// only, decided before the body is read (401 anonymous, 403 anyone else).

export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["admin", "jobs"];

  app.route({
    ...callRoute(JOBS_CALLS.deadLetters, {
      tags,
      summary:
        "I lavori non riusciti dopo ogni tentativo (le email non partite): coda, date, tentativi ed errore, mai il contenuto; i più recenti per primi (solo admin)",
    }),
    onRequest: only((actor) => jobsPolicy(actor, "read-dead-letters")),
    handler: async (request) => listDeadLetters(app.deps, requireActor(request)),
  });

  app.route({
    ...callRoute(JOBS_CALLS.retryDeadLetter, {
      tags,
      summary: "Rimette in coda un lavoro non riuscito per un nuovo giro di tentativi (solo admin)",
    }),
    onRequest: only((actor) => jobsPolicy(actor, "retry-dead-letter")),
    handler: (request) => retryDeadLetter(app.deps, requireActor(request), request.params.id),
  });
};
