import { AppError } from "@argine/core/errors/app-error";
import { FeedbackRequestSchema, validateAnswersAsOf } from "@argine/core/feedback/answers";
import { romeCalendarDay } from "@argine/core/feedback/calendar";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { FeedbackResultSchema } from "@argine/core/feedback/result";
import { formatClaimKey } from "@argine/core/practices/claim";
import { createFeedbackPractice } from "@argine/db/queries/practices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Mailer } from "../../../mail/mailer.ts";
import { humanReviewAlert } from "../../../mail/templates.ts";
import { newClaimSecrets } from "../../../practices/claim-secrets.ts";
import { newTicketCode } from "../../../practices/ticket-code.ts";

export const FeedbackCreatedSchema = z.object({
  practiceId: z.uuid(),
  ticketCode: z.string(),
  /** For the submitting browser only: claims the practice once after sign-in, within 48 hours (ADR 010). */
  claimToken: z.string(),
  /** Shown once on the result and printed in its PDF: with the code, claims the practice from any device. */
  claimKey: z.string(),
  feedback: FeedbackResultSchema,
});

/** The free questionnaire (feedback-contract.md "HTTP"): evaluate, then keep it as an unowned practice. */
export const feedbackRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
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
      const { answers } = request.body;
      const asOf = romeCalendarDay(new Date());
      const issues = validateAnswersAsOf(answers, asOf);
      if (issues[0]) {
        throw new AppError("BAD_REQUEST", issues[0].message, {
          issues: issues.map((i) => ({ path: ["answers", i.field], message: i.message })),
        });
      }
      const feedback = evaluateFeedback(answers, asOf);
      const nextDeadline =
        feedback.deadlines.find((d) => d.kind === "QUERELA" && d.date >= asOf) ??
        feedback.deadlines.find((d) => d.kind === "PRESCRIPTION");
      for (let attempt = 0; attempt < 5; attempt++) {
        const ticketCode = newTicketCode();
        const secrets = newClaimSecrets(ticketCode);
        const practice = await createFeedbackPractice(app.db, {
          ticketCode,
          evaluation: feedback.evaluation,
          crimeType: answers.category,
          platform: answers.platform ?? null,
          crimeUrl: answers.crimeUrl ?? null,
          expiryDate: nextDeadline ? new Date(`${nextDeadline.date}T00:00:00Z`) : null,
          answers,
          feedback,
          ...secrets.stored,
          humanReview: feedback.humanReview,
        });
        if (!practice) continue; // a ticket code collision: draw another
        if (feedback.humanReview)
          await mailer.send(humanReviewAlert(app.config.mail.team, practice.ticketCode));
        // The answer carries the claim secrets: no cache anywhere keeps it.
        return reply
          .status(201)
          .header("cache-control", "no-store")
          .send({
            practiceId: practice.id,
            ticketCode: practice.ticketCode,
            claimToken: secrets.claimToken,
            claimKey: formatClaimKey(secrets.claimKey),
            feedback,
          });
      }
      throw new AppError("UNKNOWN");
    },
  );
};
