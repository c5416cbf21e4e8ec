// What the other features may use of feedback (docs/architecture.md, web part: features meet through public.ts).
export {
  type ClaimedPracticeState,
  claimedPracticeState,
  claimPractice,
  claimPracticeWithKey,
  readClaimedTicketCode,
} from "./claim-practice.ts";
export { practiceFeedbackQueryOptions } from "./feedback-queries.ts";
export { stepsFor } from "./questionnaire-steps.ts";
export { EFFECT_NONE, QUESTIONS, type Question } from "./questions.ts";
