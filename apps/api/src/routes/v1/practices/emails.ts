import {
  IdParamsSchema,
  PracticeEmailBodySchema,
  PracticeEmailListSchema,
  PracticeEmailSchema,
} from "@argine/core/practices/practices-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireActor } from "../../../identity/authenticate.ts";
import { emailClient, listEmails } from "../../../practices/practice-emails-service.ts";

/** The lawyer's e-mails to the practice's client. */
export const practiceEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    "/practices/:id/emails",
    {
      schema: {
        tags: ["practices"],
        summary: "Le email che lo staff ha scritto al cliente della pratica (titolare o staff)",
        params: IdParamsSchema,
        response: { 200: PracticeEmailListSchema },
      },
    },
    (request) => listEmails(deps, requireActor(request), request.params.id),
  );

  app.post(
    "/practices/:id/emails",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["practices"],
        summary: "Scrive un'email al cliente della pratica e la registra sulla pratica (solo staff)",
        params: IdParamsSchema,
        body: PracticeEmailBodySchema,
        response: { 201: PracticeEmailSchema },
      },
    },
    async (request, reply) => {
      const email = await emailClient(deps, requireActor(request), request.params.id, request.body);
      return reply.status(201).send(email);
    },
  );
};
