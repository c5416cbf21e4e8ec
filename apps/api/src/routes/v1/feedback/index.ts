import { AppError } from "@argine/core/errors/app-error";
import { FeedbackRequestSchema, validateAnswersAsOf } from "@argine/core/feedback/answers";
import { romeCalendarDay } from "@argine/core/feedback/calendar";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { type FeedbackResult, FeedbackResultSchema } from "@argine/core/feedback/result";
import { formatClaimKey } from "@argine/core/practices/claim";
import { createFeedbackPractice, findPractice } from "@argine/db/queries/practices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { renderFeedbackPdf } from "../../../feedback/pdf.ts";
import { humanReviewAlert } from "../../../mail/templates.ts";
import { claimKeyHash, newClaimSecrets } from "../../../practices/claim-secrets.ts";
import { newTicketCode } from "../../../practices/ticket-code.ts";

const PracticeParams = z.object({ id: z.uuid() });
// The public reads are by an unguessable id; the limit keeps them from turning into a scan.
const publicRead = { rateLimit: { max: 60, timeWindow: "1 minute" } };

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
          await app.deps.jobs.send(
            app.db,
            "mail",
            humanReviewAlert(app.config.mail.team, practice.ticketCode),
          );
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

  /** The practice and its feedback; 404 for an unknown id or a practice the questionnaire did not open. */
  const practiceWithFeedback = async (id: string) => {
    const practice = await findPractice(app.db, id);
    if (!practice?.feedback) throw new AppError("NOT_FOUND");
    return { practice, feedback: practice.feedback as FeedbackResult };
  };

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
      const { practice, feedback } = await practiceWithFeedback(request.params.id);
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
        summary:
          "Il feedback di una pratica in PDF (pubblico, per id); con la claimKey giusta di una pratica non ancora collegata, la stampa",
        security: [],
        params: PracticeParams,
        querystring: z.object({ claimKey: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const { practice, feedback } = await practiceWithFeedback(request.params.id);
      // The PDF is public by id: it prints the key only for a request that already carries it (ADR 010).
      const { claimKey } = request.query;
      const provenKey =
        claimKey &&
        practice.ownerId === null &&
        practice.claimKeyHash !== null &&
        claimKeyHash(practice.ticketCode, claimKey) === practice.claimKeyHash
          ? formatClaimKey(claimKey)
          : null;
      const pdf = await renderFeedbackPdf({
        ticketCode: practice.ticketCode,
        createdAt: practice.createdAt,
        feedback,
        claimKey: provenKey,
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="argine-feedback-${practice.ticketCode}.pdf"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  );
};
