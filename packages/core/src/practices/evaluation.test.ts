import { describe, expect, it } from "vitest";
import {
  EVALUATION_LABELS,
  EVALUATIONS,
  EvaluationSchema,
  evaluationLabel,
  isEvaluation,
} from "./evaluation.ts";

describe("evaluation", () => {
  it("has the four values, each with an Italian label", () => {
    expect(EVALUATIONS).toEqual(["EXPIRED", "NOTVALID", "VALID", "WITHRESERVE"]);
    expect(EVALUATION_LABELS.WITHRESERVE).toBe("valida con riserva");
    expect(EVALUATION_LABELS.EXPIRED).toBe("reato prescritto o termine scaduto");
    expect(evaluationLabel("NOTVALID")).toBe("non valida");
    expect(evaluationLabel("OTHER")).toBe("OTHER");
  });

  it("guards and parses", () => {
    expect(isEvaluation("VALID")).toBe(true);
    expect(isEvaluation("valid")).toBe(false);
    expect(EvaluationSchema.safeParse("MAYBE").success).toBe(false);
  });
});
