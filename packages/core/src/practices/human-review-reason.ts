import type { Answers } from "../feedback/answers.ts";
import { isSextortion, minorAskedForSexualContent } from "../feedback/rules.ts";
import type { HumanReviewReason } from "./human-review.ts";

// Why a practice waits for a person, derived from what it stored (the questionnaire's answers and the engine's
// feedback), and whether a minor's sexual images are involved: a forensic copy of those is never made, nor
// offered, to anyone (holding them may itself be an offence), and their takedown goes through the
// authorities instead (available-services.ts).

/** Stored answers are JSON: read them loosely, as rows written by older versions may lack fields. */
function answersOf(answers: unknown): Partial<Answers> {
  return answers && typeof answers === "object" && !Array.isArray(answers)
    ? (answers as Partial<Answers>)
    : {};
}

/**
 * The victim was a minor and sexual images are involved: intimate content (said so, or a revenge-porn case
 * not denied), a threat resting on such images (sextortion), or the author asked her for sexual images or
 * acts (what she was made to send may exist). Errs on the side of the minor.
 */
export function involvesMinorSexualContent(storedAnswers: unknown): boolean {
  const a = answersOf(storedAnswers);
  if (a.victimIsMinor !== true) return false;
  const sexualContent =
    a.sexuallyExplicit === true || (a.category === "REVENGEPORN" && a.sexuallyExplicit !== false);
  return sexualContent || isSextortion(a as Answers) || minorAskedForSexualContent(a as Answers);
}

function offenceCodes(storedFeedback: unknown): string[] {
  const offences = (storedFeedback as { offences?: unknown } | null | undefined)?.offences;
  return Array.isArray(offences)
    ? offences.map((o) => (o as { code?: unknown })?.code).filter((c): c is string => typeof c === "string")
    : [];
}

/** Why a person must look first; null when the practice does not wait for one. */
export function humanReviewReason(practice: {
  humanReview: boolean;
  answers: unknown;
  feedback: unknown;
}): HumanReviewReason | null {
  if (!practice.humanReview) return null;
  const a = answersOf(practice.answers);
  if (involvesMinorSexualContent(a)) return "MINOR_SEXUAL_CONTENT";
  // Art. 609-bis c.p., as the engine read the answers.
  if (offenceCodes(practice.feedback).includes("SEXUAL_VIOLENCE")) return "SEXUAL_VIOLENCE";
  if (isSextortion(a as Answers)) return "SEXTORTION";
  if (a.victimIsMinor === true) return "MINOR_EXTORTION";
  return "OTHER";
}
