import { describe, expect, it } from "vitest";
import { evaluateFeedback } from "../feedback/evaluate.ts";
import { humanReviewReason, involvesMinorSexualContent } from "./human-review-reason.ts";

const dates = { firstEventDate: "2026-10-01", lastEventDate: "2026-10-02" };

describe("involvesMinorSexualContent", () => {
  it("is true for a minor with intimate images, said so or in a revenge-porn case not denied", () => {
    expect(
      involvesMinorSexualContent({ category: "CYBERBULLYING", victimIsMinor: true, sexuallyExplicit: true }),
    ).toBe(true);
    expect(involvesMinorSexualContent({ category: "REVENGEPORN", victimIsMinor: true })).toBe(true);
  });

  it("is true for a minor threatened with such images for a demand (sextortion)", () => {
    expect(
      involvesMinorSexualContent({ category: "EXTORTION", victimIsMinor: true, sharingOnlyThreatened: true }),
    ).toBe(true);
  });

  it("is true for a minor the author asked for sexual images or acts, whatever else she said", () => {
    expect(
      involvesMinorSexualContent({
        category: "OTHER",
        victimIsMinor: true,
        sexuallyExplicit: false,
        askedForSexualContent: true,
      }),
    ).toBe(true);
    expect(
      involvesMinorSexualContent({ category: "OTHER", victimIsMinor: true, askedForSexualContent: false }),
    ).toBe(false);
  });

  it("is false for an adult, for a minor without sexual content, and for anything that is not answers", () => {
    expect(involvesMinorSexualContent({ category: "REVENGEPORN", victimIsMinor: false })).toBe(false);
    expect(involvesMinorSexualContent({ category: "REVENGEPORN" })).toBe(false);
    expect(
      involvesMinorSexualContent({ category: "REVENGEPORN", victimIsMinor: true, sexuallyExplicit: false }),
    ).toBe(false);
    expect(involvesMinorSexualContent({ category: "DEFAMATION", victimIsMinor: true })).toBe(false);
    expect(involvesMinorSexualContent(null)).toBe(false);
    expect(involvesMinorSexualContent(["victimIsMinor"])).toBe(false);
  });
});

describe("humanReviewReason", () => {
  const reason = (answers: Record<string, unknown>, humanReview = true, feedback: unknown = null) =>
    humanReviewReason({ humanReview, answers, feedback });

  it("is null when the practice does not wait for a person, whatever the answers", () => {
    expect(reason({ category: "REVENGEPORN", victimIsMinor: true }, false)).toBeNull();
  });

  it("names the most serious reason first", () => {
    expect(reason({ category: "REVENGEPORN", victimIsMinor: true, demand: true })).toBe(
      "MINOR_SEXUAL_CONTENT",
    );
    expect(reason({ category: "EXTORTION", sexuallyExplicit: true })).toBe("SEXTORTION");
    expect(reason({ category: "EXTORTION", victimIsMinor: true, sexuallyExplicit: false })).toBe(
      "MINOR_EXTORTION",
    );
    expect(reason({ category: "OTHER" })).toBe("OTHER");
  });

  it("reads a sexual-violence offence from the engine's stored feedback", () => {
    expect(reason({ category: "OTHER" }, true, { offences: [{ code: "SEXUAL_VIOLENCE" }] })).toBe(
      "SEXUAL_VIOLENCE",
    );
  });

  it("agrees with the engine: every case it sends to a person gets a reason other than OTHER", () => {
    const cases = [
      { category: "REVENGEPORN", victimIsMinor: true },
      { category: "EXTORTION", victimIsMinor: true, demand: true },
      { category: "CYBERBULLYING", victimIsMinor: true, sexuallyExplicit: true },
    ] as const;
    for (const answers of cases) {
      const feedback = evaluateFeedback({ ...answers, ...dates }, "2026-11-01");
      expect(feedback.humanReview).toBe(true);
      expect(humanReviewReason({ humanReview: true, answers, feedback })).not.toBe("OTHER");
    }
  });
});
