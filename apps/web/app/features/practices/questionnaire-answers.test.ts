import { describe, expect, it } from "vitest";
import { stepsFor } from "../feedback/questionnaire-steps.ts";
import { CATEGORY_OPTIONS, QUESTIONS } from "../feedback/questions.ts";
import { answeredQuestions } from "./questionnaire-answers.ts";

describe("answeredQuestions", () => {
  // Stored as JSON: keys in whatever order the client's browser sent them.
  const stored = {
    description: "Mi ha scritto su Telegram.",
    sexuallyExplicit: true,
    lastEventDate: "2026-11-02",
    category: "EXTORTION",
    firstEventDate: "2026-10-28",
    victimIsMinor: false,
    demand: true,
    channel: "PRIVATE_MESSAGE",
    effects: [],
  };
  const rows = answeredQuestions(stored);

  it("follows the questionnaire's order for the case's category", () => {
    const order = stepsFor("EXTORTION").flatMap((step) => step.questions.map((q) => q.field));
    const fields = rows.map((r) => r.field);
    const asked = fields.filter((f) => order.includes(f as never));
    expect(asked).toEqual([...asked].sort((a, b) => order.indexOf(a as never) - order.indexOf(b as never)));
    expect(fields[0]).toBe("category");
    expect(fields.indexOf("firstEventDate")).toBeLessThan(fields.indexOf("lastEventDate"));
    expect(fields.indexOf("lastEventDate")).toBeLessThan(fields.indexOf("description"));
  });

  it("uses the questions' wording, the category's own rewording included, and each answer once", () => {
    const byField = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(byField.category?.question).toBe(QUESTIONS.category.label);
    const reworded = stepsFor("EXTORTION")
      .flatMap((step) => step.questions)
      .find((q) => q.field === "sexuallyExplicit");
    expect(byField.sexuallyExplicit?.question).toBe(reworded?.label);
    expect(new Set(rows.map((r) => r.field)).size).toBe(Object.keys(stored).length);
  });

  it("writes choices as their Italian labels and dates as dd/mm/yyyy", () => {
    const answer = (field: string) => rows.find((r) => r.field === field)?.answer;
    expect(answer("category")).toBe(CATEGORY_OPTIONS.find((o) => o.value === "EXTORTION")?.label);
    expect(answer("firstEventDate")).toBe("28/10/2026");
    expect(answer("lastEventDate")).toBe("02/11/2026");
    expect(answer("victimIsMinor")).toBe("No");
    expect(answer("demand")).toBe("Sì");
    expect(answer("channel")).toBe("In messaggi privati");
    expect(answer("effects")).toBe("Nessuna di queste");
    expect(answer("description")).toBe("Mi ha scritto su Telegram.");
  });

  it("shows staff whether a minor was asked for sexual images or acts, worded as the questionnaire asked it", () => {
    const child = answeredQuestions({
      category: "OTHER",
      firstEventDate: "2026-10-28",
      lastEventDate: "2026-11-02",
      victimIsMinor: true,
      victimAge14Plus: false,
      askedForSexualContent: true,
    });
    expect(child.find((r) => r.field === "askedForSexualContent")).toEqual({
      field: "askedForSexualContent",
      question: "Ti ha chiesto di mandare foto o video intimi, o di fare cose di tipo sessuale?",
      answer: "Sì",
    });
  });

  it("keeps an answer no question knows, as it is, after the others", () => {
    const extra = answeredQuestions({ category: "OTHER", legacyField: "x" });
    expect(extra.at(-1)).toEqual({ field: "legacyField", question: "legacyField", answer: "x" });
  });
});
