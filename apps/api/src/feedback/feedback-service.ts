import { AppError } from "@argine/core/errors/app-error";
import { type FeedbackRequest, validateAnswersAsOf } from "@argine/core/feedback/answers";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import type { FeedbackCreated, PracticeFeedback } from "@argine/core/feedback/feedback-api";
import type { FeedbackResult } from "@argine/core/feedback/result";
import type { Actor } from "@argine/core/identity/policy";
import { formatClaimKey } from "@argine/core/practices/claim";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { createFeedbackPractice, findPractice } from "@argine/db/queries/practices";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { humanReviewAlert } from "../mail/templates.ts";
import { claimKeyHash, newClaimSecrets } from "../practices/claim-secrets.ts";
import { newTicketCode } from "../practices/ticket-code.ts";
import { renderFeedbackPdf } from "./pdf.ts";

// The free questionnaire (docs/architecture.md, "The questionnaire"): anyone, signed in or not, submits it;
// the result is kept on an unowned practice that only its claim secrets can take (ADR 010). The reads are
// public by the practice's unguessable id, so no policy applies: the actor is taken for the services' common
// shape.

/**
 * Evaluates the answers as of today in Rome and opens the unowned PENDING practice with its claim secrets;
 * when the engine asks for a person first, the team's alert mail is queued in the same transaction.
 */
export async function submitFeedback(
  deps: Deps,
  _actor: Actor | null,
  { answers, anonymous = false }: FeedbackRequest,
): Promise<FeedbackCreated> {
  const at = now(deps.clock);
  const asOf = romeCalendarDay(at);
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
  return deps.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const ticketCode = newTicketCode();
      const secrets = newClaimSecrets(ticketCode, at);
      // ON CONFLICT DO NOTHING: a collision leaves the transaction usable for the next draw.
      const practice = await createFeedbackPractice(tx, {
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
        anonymous,
      });
      if (!practice) continue; // a ticket code collision: draw another
      if (feedback.humanReview) {
        await deps.jobs.send(tx, "mail", humanReviewAlert(deps.config.mail.team, practice.ticketCode));
      }
      return {
        practiceId: practice.id,
        ticketCode: practice.ticketCode,
        claimToken: secrets.claimToken,
        claimKey: formatClaimKey(secrets.claimKey),
        feedback,
      };
    }
    throw new AppError("UNKNOWN");
  });
}

/** The practice and its feedback; 404 for an unknown id or a practice the questionnaire did not open. */
async function practiceWithFeedback(deps: Deps, practiceId: string) {
  const practice = await findPractice(deps.db, practiceId);
  if (!practice?.feedback) throw new AppError("NOT_FOUND");
  return { practice, feedback: practice.feedback as FeedbackResult };
}

export async function readFeedback(
  deps: Deps,
  _actor: Actor | null,
  practiceId: string,
): Promise<PracticeFeedback> {
  const { practice, feedback } = await practiceWithFeedback(deps, practiceId);
  return {
    practiceId: practice.id,
    ticketCode: practice.ticketCode,
    createdAt: practice.createdAt.toISOString(),
    feedback,
  };
}

/**
 * The feedback as a PDF, named after its practice. It is public by id: it prints the claim key only for a
 * request that already carries the right one, on a practice nobody has claimed yet (ADR 010).
 */
export async function feedbackPdf(
  deps: Deps,
  _actor: Actor | null,
  { practiceId, claimKey }: { practiceId: string; claimKey?: string | undefined },
): Promise<{ filename: string; pdf: Buffer }> {
  const { practice, feedback } = await practiceWithFeedback(deps, practiceId);
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
  return { filename: `argine-feedback-${practice.ticketCode}.pdf`, pdf };
}
