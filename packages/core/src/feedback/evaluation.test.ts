import { describe, expect, it } from "vitest";
import { EVALUATION } from "./evaluation.ts";

describe("evaluation", () => {
  it("has the four values, each with an Italian label", () => {
    expect(EVALUATION.values).toEqual(["EXPIRED", "NOTVALID", "VALID", "WITHRESERVE"]);
    expect(EVALUATION.labels.WITHRESERVE).toBe("valida con riserva");
    expect(EVALUATION.labels.EXPIRED).toBe("reato prescritto o termine scaduto");
    expect(EVALUATION.label("NOTVALID")).toBe("non valida");
    expect(EVALUATION.label("OTHER")).toBe("OTHER");
  });

  it("guards and parses", () => {
    expect(EVALUATION.is("VALID")).toBe(true);
    expect(EVALUATION.is("valid")).toBe(false);
    expect(EVALUATION.is("MAYBE")).toBe(false);
  });
});
