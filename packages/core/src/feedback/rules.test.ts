import { describe, expect, it } from "vitest";
import { SERVICE_TYPE } from "../services/service-type.ts";
import type { Answers } from "./answers.ts";
import { OFFENCE_CODES } from "./result.ts";
import { byAnswers, DEFAULT_COMPLAINT_MONTHS, MIN_PRESCRIPTION_MONTHS, OFFENCE_RULES } from "./rules.ts";

// The rules as data: one rule per contract offence code, each sourced and complete.

describe("offence rules", () => {
  it("has exactly one rule per offence code of the contract", () => {
    expect(OFFENCE_RULES.map((r) => r.code).sort()).toEqual([...OFFENCE_CODES].sort());
  });

  it("gives each rule its article, the contract's article numbers, and the fact-sheet paragraph it encodes", () => {
    const articles = Object.fromEntries(OFFENCE_RULES.map((r) => [r.code, r.article]));
    expect(articles).toEqual({
      STALKING: "612-bis c.p.",
      DEFAMATION: "595 c.p.",
      REVENGE_PORN: "612-ter c.p.",
      DEEPFAKE: "612-quater c.p.",
      EXTORTION: "629 c.p.",
      THREAT: "612 c.p.",
      HATE_PROPAGANDA: "604-bis c.p.",
      IMPERSONATION: "494 c.p.",
      PRIVATE_LIFE_INTRUSION: "615-bis c.p.",
      UNAUTHORISED_ACCESS: "615-ter c.p.",
      UNLAWFUL_DATA_PROCESSING: "167 D.Lgs. 196/2003",
      SEXUAL_VIOLENCE: "609-bis c.p.",
    });
    // Rules the law defines in more than one way word them by the answers: each way is checked.
    const ways: Answers[] = [
      { category: "OTHER", firstEventDate: "2026-01-01", lastEventDate: "2026-01-01" },
      {
        category: "OTHER",
        firstEventDate: "2026-01-01",
        lastEventDate: "2026-01-01",
        victimIsMinor: true,
        askedForSexualContent: true,
      },
    ];
    for (const rule of OFFENCE_RULES) {
      expect(rule.source, rule.code).toMatch(/^B\.\d/);
      for (const answers of ways) {
        expect(byAnswers(rule.description, answers).length, rule.code).toBeGreaterThan(40);
        expect(byAnswers(rule.elements, answers).length, rule.code).toBeGreaterThan(0);
      }
    }
    const sexualViolence = OFFENCE_RULES.find((r) => r.code === "SEXUAL_VIOLENCE");
    if (!sexualViolence) throw new Error("no SEXUAL_VIOLENCE rule");
    expect(byAnswers(sexualViolence.description, ways[1] as Answers)).toContain("14 anni");
    expect(byAnswers(sexualViolence.description, ways[0] as Answers)).toContain("con violenza o minaccia");
  });

  it("uses 3 months unless the law says otherwise: 6 for 612-bis and 612-ter, 12 for 609-bis, none for ex officio offences", () => {
    const terms = Object.fromEntries(OFFENCE_RULES.map((r) => [r.code, r.complaint?.months ?? null]));
    expect(terms).toEqual({
      STALKING: 6,
      REVENGE_PORN: 6,
      DEFAMATION: DEFAULT_COMPLAINT_MONTHS,
      DEEPFAKE: DEFAULT_COMPLAINT_MONTHS,
      THREAT: DEFAULT_COMPLAINT_MONTHS,
      PRIVATE_LIFE_INTRUSION: DEFAULT_COMPLAINT_MONTHS,
      UNAUTHORISED_ACCESS: DEFAULT_COMPLAINT_MONTHS,
      EXTORTION: null,
      HATE_PROPAGANDA: null,
      IMPERSONATION: null,
      UNLAWFUL_DATA_PROCESSING: null,
      SEXUAL_VIOLENCE: 12,
    });
  });

  it("ends each list of penalty forms with one that always applies, and counts whole months", () => {
    for (const rule of OFFENCE_RULES) {
      const last = rule.forms.at(-1);
      expect(
        last?.when({ category: "OTHER", firstEventDate: "2026-01-01", lastEventDate: "2026-01-01" }),
      ).toBe(true);
      for (const form of rule.forms) {
        const factors = rule.aggravations.map((a) => a.specialEffectFactor ?? 1);
        for (const factor of [1, ...factors]) expect(Number.isInteger(form.maxMonths * factor)).toBe(true);
      }
    }
    expect(MIN_PRESCRIPTION_MONTHS).toBe(72);
  });

  it("says only of sexual violence that its prescription may be longer (the doubling is unconfirmed)", () => {
    expect(OFFENCE_RULES.filter((r) => r.prescriptionCaveat).map((r) => r.code)).toEqual(["SEXUAL_VIOLENCE"]);
  });

  it("gives every ex officio condition an article and every exclusion its article", () => {
    for (const rule of OFFENCE_RULES) {
      for (const c of rule.exOfficio) expect(c.article, `${rule.code}/${c.id}`).toBeTruthy();
      for (const e of rule.exclusions) expect(e.article, `${rule.code}/${e.id}`).toBeTruthy();
    }
    const exclusions = OFFENCE_RULES.flatMap((r) => r.exclusions.map((e) => `${r.code}:${e.article}`));
    expect(exclusions).toEqual(["DEFAMATION:51 c.p.", "DEFAMATION:599 c.p."]);
  });

  it("recommends only sellable services (the product codes match the service types)", () => {
    expect(SERVICE_TYPE.values).toEqual(
      expect.arrayContaining(["LEGALIZATION", "TAKEDOWN", "INJUCTION", "ADVICE", "DEFENCE"]),
    );
  });
});
