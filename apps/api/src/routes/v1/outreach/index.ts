import {
  IdeaSubmissionSchema,
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NewsletterConfirmSchema,
  NewsletterSignupSchema,
  OutreachAnswerSchema,
  PartnershipRequestSchema,
} from "@argine/core/outreach/outreach-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  confirmNewsletter,
  sendIdea,
  sendPartnershipRequest,
  signUpToNewsletter,
} from "../../../outreach/outreach-service.ts";
import { outreachAdminRoutes } from "./admin.ts";

// The public site's three forms (outreach-service.ts): public and rate-limited per address; what they bring
// in is read by admins only (admin.ts). The request log carries method, path and id, never a body.

// A person sends one of these now and then; a few per minute per IP stops scripts and mail bombing.
const publicLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };
const confirmLimit = { rateLimit: { max: 10, timeWindow: "1 minute" } };

export const outreachRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/newsletter",
    {
      config: publicLimit,
      schema: {
        tags: ["outreach"],
        summary:
          "Iscrizione alla newsletter con doppia conferma (stessa risposta che l'indirizzo sia nuovo, in attesa o già iscritto)",
        security: [],
        body: NewsletterSignupSchema,
        response: { 202: OutreachAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await signUpToNewsletter(app.deps, request.actor, request.body)),
  );

  app.post(
    "/newsletter/confirm",
    {
      config: confirmLimit,
      schema: {
        tags: ["outreach"],
        summary: `Conferma dell'iscrizione con il link ricevuto (valido una volta, per ${NEWSLETTER_CONFIRM_TTL_HOURS} ore)`,
        security: [],
        body: NewsletterConfirmSchema,
        response: { 200: OutreachAnswerSchema },
      },
    },
    async (request) => confirmNewsletter(app.deps, request.actor, request.body),
  );

  app.post(
    "/partnerships",
    {
      config: publicLimit,
      schema: {
        tags: ["outreach"],
        summary: "Lavora con noi: una proposta di collaborazione",
        security: [],
        body: PartnershipRequestSchema,
        response: { 201: OutreachAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendPartnershipRequest(app.deps, request.actor, request.body)),
  );

  app.post(
    "/ideas",
    {
      config: publicLimit,
      schema: {
        tags: ["outreach"],
        summary: "Una buona idea: una proposta dal sito",
        security: [],
        body: IdeaSubmissionSchema,
        response: { 201: OutreachAnswerSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await sendIdea(app.deps, request.actor, request.body)),
  );

  await app.register(outreachAdminRoutes);
};
