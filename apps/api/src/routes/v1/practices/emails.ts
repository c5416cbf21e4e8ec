import { PRACTICE_CALLS as CALLS } from "@argine/core/practices/practice-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { readAccessLog } from "../../../practices/access-log-service.ts";
import { emailClient, listEmails } from "../../../practices/practice-emails-service.ts";

/** The lawyer's e-mails to the practice's client, and the client's "Chi ha visto la mia pratica". */
export const practiceEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["practices"];

  app.route({
    ...callRoute(CALLS.emails, {
      tags,
      summary: "Le email che lo staff ha scritto al cliente della pratica (titolare o staff)",
    }),
    handler: (request) => listEmails(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.accessLog, {
      tags,
      summary: "Chi dello staff ha aperto la pratica, e quando (solo il titolare)",
    }),
    handler: (request) => readAccessLog(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.emailClient, {
      tags,
      summary: "Scrive un'email al cliente della pratica e la registra sulla pratica (solo staff)",
    }),
    handler: (request) => emailClient(deps, requireActor(request), request.params.id, request.body),
  });
};
