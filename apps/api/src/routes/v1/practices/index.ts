import { AppError } from "@argine/core/errors/app-error";
import { type FeedbackResult, FeedbackResultSchema } from "@argine/core/feedback/result";
import { practicesPolicy } from "@argine/core/practices/policy";
import { PracticeStatusSchema } from "@argine/core/practices/practice-status";
import { claimPractice, findPractice } from "@argine/db/queries/practices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { renderFeedbackPdf } from "../../../feedback/pdf.ts";
import { requireActor } from "../../../identity/authenticate.ts";

const PracticeParams = z.object({ id: z.uuid() });
// The public reads are by an unguessable id; the limit keeps them from turning into a scan.
const publicRead = { rateLimit: { max: 60, timeWindow: "1 minute" } };

async function practiceWithFeedback(app: Parameters<FastifyPluginAsyncZod>[0], id: string) {
  const practice = await findPractice(app.db, id);
  if (!practice?.feedback) throw new AppError("NOT_FOUND");
  return { practice, feedback: practice.feedback as FeedbackResult };
}

export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/practices/:id/feedback",
    {
      config: publicRead,
      schema: {
        tags: ["feedback"],
        summary: "Il feedback di una pratica (pubblico, per id)",
        security: [],
        params: PracticeParams,
        response: {
          200: z.object({
            practiceId: z.uuid(),
            ticketCode: z.string(),
            createdAt: z.string(),
            feedback: FeedbackResultSchema,
          }),
        },
      },
    },
    async (request) => {
      const { practice, feedback } = await practiceWithFeedback(app, request.params.id);
      return {
        practiceId: practice.id,
        ticketCode: practice.ticketCode,
        createdAt: practice.createdAt.toISOString(),
        feedback,
      };
    },
  );

  app.get(
    "/practices/:id/feedback.pdf",
    {
      config: publicRead,
      schema: {
        tags: ["feedback"],
        summary: "Il feedback di una pratica in PDF (pubblico, per id)",
        security: [],
        params: PracticeParams,
      },
    },
    async (request, reply) => {
      const { practice, feedback } = await practiceWithFeedback(app, request.params.id);
      const pdf = await renderFeedbackPdf({
        ticketCode: practice.ticketCode,
        createdAt: practice.createdAt,
        feedback,
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="argine-feedback-${practice.ticketCode}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  );

  app.patch(
    "/practices/:id/user",
    {
      schema: {
        tags: ["practices"],
        summary: "La pratica aperta dal questionario passa all'utente collegato",
        params: PracticeParams,
        response: {
          200: z.object({ practiceId: z.uuid(), ticketCode: z.string(), status: PracticeStatusSchema }),
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const practice = await findPractice(app.db, request.params.id);
      if (!practice) throw new AppError("NOT_FOUND");
      if (!practicesPolicy(actor, "claim", practice)) throw new AppError("FORBIDDEN");
      // The conditional update settles a race between two claimants: only one of them gets it.
      if (!(await claimPractice(app.db, practice.id, actor.userId))) throw new AppError("FORBIDDEN");
      return {
        practiceId: practice.id,
        ticketCode: practice.ticketCode,
        status: PracticeStatusSchema.parse(practice.status),
      };
    },
  );
};
