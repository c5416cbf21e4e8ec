import { z } from "zod";

// The feedback evaluation of a practice (spec §4 "Evaluation values").
export const EVALUATIONS = ["EXPIRED", "NOTVALID", "VALID", "WITHRESERVE"] as const;
export type Evaluation = (typeof EVALUATIONS)[number];
export const EvaluationSchema = z.enum(EVALUATIONS);

// EXPIRED is a prescribed crime (the feedback result screen: "expired/prescribed crime").
export const EVALUATION_LABELS = {
  EXPIRED: "reato prescritto o termine scaduto",
  NOTVALID: "non valida",
  VALID: "valida",
  WITHRESERVE: "valida con riserva",
} as const satisfies Record<Evaluation, string>;

export function isEvaluation(value: unknown): value is Evaluation {
  return (EVALUATIONS as readonly unknown[]).includes(value);
}

export function evaluationLabel(evaluation: string): string {
  return isEvaluation(evaluation) ? EVALUATION_LABELS[evaluation] : evaluation;
}
