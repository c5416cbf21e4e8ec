import { FEEDBACK_CALLS as CALLS } from "@argine/core/feedback/feedback-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { feedbackPdf, readFeedback, submitFeedback } from "../../../feedback/feedback-service.ts";
import { callRoute } from "../../../http/call-route.ts";

/** The free questionnaire (docs/architecture.md): evaluate, then keep it as an unowned practice. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...callRoute(CALLS.submit, {
      tags: ["feedback"],
      summary: "Il questionario gratuito: valuta il caso e apre una pratica senza titolare",
      security: [],
    }),
    handler: async (request, reply) => {
      const created = await submitFeedback(app.deps, request.actor, request.body);
      // The answer carries the claim secrets: no cache anywhere keeps it.
      return reply.header("cache-control", "no-store").send(created);
    },
  });

  app.route({
    ...callRoute(CALLS.read, {
      tags: ["feedback"],
      summary: "Il feedback di una pratica (pubblico, per id)",
      security: [],
    }),
    handler: async (request) => readFeedback(app.deps, request.actor, request.params.id),
  });

  app.get(
    "/practices/:id/feedback.pdf",
    {
      schema: {
        tags: ["feedback"],
        summary:
          "Il feedback di una pratica in PDF (pubblico, per id); con la claimKey giusta di una pratica non ancora collegata, la stampa",
        security: [],
        params: CALLS.read.params,
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
