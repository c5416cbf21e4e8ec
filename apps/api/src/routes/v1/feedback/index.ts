import { FeedbackRequestSchema } from "@argine/core/feedback/answers";
import { FeedbackCreatedSchema, PracticeFeedbackSchema } from "@argine/core/feedback/feedback-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { feedbackPdf, readFeedback, submitFeedback } from "../../../feedback/feedback-service.ts";

const PracticeParams = z.object({ id: z.uuid() });
// The public reads are by an unguessable id; the limit keeps them from turning into a scan.
const publicRead = { rateLimit: { max: 60, timeWindow: "1 minute" } };

/** The free questionnaire (feedback-contract.md "HTTP"): evaluate, then keep it as an unowned practice. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/feedback",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["feedback"],
        summary: "Il questionario gratuito: valuta il caso e apre una pratica senza titolare",
        security: [],
        body: FeedbackRequestSchema,
        response: { 201: FeedbackCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await submitFeedback(app.deps, request.actor, request.body);
      // The answer carries the claim secrets: no cache anywhere keeps it.
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );

  app.get(
    "/practices/:id/feedback",
    {
      config: publicRead,
      schema: {
        tags: ["feedback"],
        summary: "Il feedback di una pratica (pubblico, per id)",
        security: [],
        params: PracticeParams,
        response: { 200: PracticeFeedbackSchema },
      },
    },
    async (request) => readFeedback(app.deps, request.actor, request.params.id),
  );

  app.get(
    "/practices/:id/feedback.pdf",
    {
      config: publicRead,
      schema: {
        tags: ["feedback"],
        summary:
          "Il feedback di una pratica in PDF (pubblico, per id); con la claimKey giusta di una pratica non ancora collegata, la stampa",
        security: [],
        params: PracticeParams,
        querystring: z.object({ claimKey: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await feedbackPdf(app.deps, request.actor, {
        practiceId: request.params.id,
        claimKey: request.query.claimKey,
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  );
};
