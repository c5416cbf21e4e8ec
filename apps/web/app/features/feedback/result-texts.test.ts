import { EVALUATION } from "@argine/core/feedback/evaluation";
import { EVALUATION_COPY, formatArticle } from "@argine/core/feedback/presentation";
import type { Deadline } from "@argine/core/feedback/result";
import { describe, expect, it } from "vitest";
import { complaintCountdown, countdownText, relativeDeadline } from "./result-texts.ts";

const querela = (date: string, note = "Ultimo giorno per presentare querela"): Deadline => ({
  kind: "QUERELA",
  date,
  article: "124 c.p.",
  note,
});

describe("result texts", () => {
  it("has words for every evaluation (spec §4)", () => {
    for (const evaluation of EVALUATION.values) expect(EVALUATION_COPY[evaluation].title).toBeTruthy();
    expect(EVALUATION_COPY.VALID.title).toBe("Sembra che ci sia un reato");
  });

  it("counts down to the complaint deadline: plural, singular, today", () => {
    expect(countdownText(12)).toBe("Hai ancora 12 giorni per sporgere querela");
    expect(countdownText(1)).toBe("Hai ancora 1 giorno per sporgere querela");
    expect(countdownText(0)).toBe("Il termine per sporgere querela scade oggi");
  });

  it("takes the nearest complaint deadline not yet passed, in calendar days across month ends", () => {
    const deadlines: Deadline[] = [
      querela("2026-02-01", "Termine per la querela scaduto"),
      { kind: "GARANTE", date: "2026-03-02", article: "144-bis D.Lgs. 196/2003", note: "Garante" },
      querela("2026-05-31"),
      querela("2026-08-31"),
    ];
    expect(complaintCountdown(deadlines, "2026-02-28")).toEqual({
      days: 92,
      date: "2026-05-31",
      text: "Hai ancora 92 giorni per sporgere querela",
      prudent: false,
    });
    expect(complaintCountdown([querela("2024-03-01")], "2024-02-28")?.days).toBe(2); // leap year
    expect(complaintCountdown([querela("2026-01-01", "scaduto")], "2026-02-28")).toBeNull();
    expect(complaintCountdown([], "2026-02-28")).toBeNull();
  });

  it("with the author not known counts down to a prudent date, said as such", () => {
    const prudent: Deadline = { ...querela("2026-03-12"), prudent: true };
    expect(complaintCountdown([prudent], "2026-03-10")).toEqual({
      days: 2,
      date: "2026-03-12",
      text: "Per sicurezza, presenta querela entro 2 giorni",
      prudent: true,
    });
    expect(countdownText(1, true)).toBe("Per sicurezza, presenta querela entro 1 giorno");
    expect(countdownText(0, true)).toBe("Per sicurezza, presenta querela oggi");
  });

  it("says how near a deadline is", () => {
    expect(relativeDeadline("2026-03-10", "2026-03-10")).toBe("scade oggi");
    expect(relativeDeadline("2026-03-11", "2026-03-10")).toBe("scade domani");
    expect(relativeDeadline("2026-03-20", "2026-03-10")).toBe("tra 10 giorni");
    expect(relativeDeadline("2026-03-09", "2026-03-10")).toBe("scaduta");
  });

  it("writes article references as a reader expects", () => {
    expect(formatArticle("612-bis c.p.")).toBe("art. 612-bis c.p.");
    expect(formatArticle("167 D.Lgs. 196/2003")).toBe("art. 167 D.Lgs. 196/2003");
    expect(formatArticle("2043 e 2059 c.c.")).toBe("artt. 2043 e 2059 c.c.");
    expect(formatArticle("L. 181/2025")).toBe("L. 181/2025");
    expect(formatArticle("D.Lgs. 7/2016")).toBe("D.Lgs. 7/2016");
  });
});
