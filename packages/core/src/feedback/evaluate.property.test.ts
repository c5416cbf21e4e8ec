import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, type IsoDate, isAfter } from "../shared/calendar.ts";
import {
  type Answers,
  AnswersSchema,
  AUDIENCES,
  AUTHOR_RELATIONSHIPS,
  CHANNELS,
  DEMAND_KINDS,
  DISCRIMINATORY_MOTIVES,
  FEEDBACK_CATEGORIES,
  INCITEMENTS,
  STALKING_EFFECTS,
} from "./answers.ts";
import { evaluateFeedback } from "./evaluate.ts";
import { FeedbackResultSchema } from "./result.ts";

// Properties over arbitrary valid answers and evaluation days.

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const flag = opt(fc.boolean());
const tristate = opt(fc.constantFrom(true, false, "UNKNOWN" as const));

const factsArb = fc.record({
  category: fc.constantFrom(...FEEDBACK_CATEGORIES),
  victimIsMinor: flag,
  victimAge14Plus: flag,
  victimVulnerable: flag,
  authorKnown: tristate,
  authorRelationship: opt(fc.constantFrom(...AUTHOR_RELATIONSHIPS)),
  authorIsMinor: tristate,
  ongoing: flag,
  repeated: flag,
  effects: opt(fc.subarray([...STALKING_EFFECTS])),
  channel: opt(fc.constantFrom(...CHANNELS)),
  audience: opt(fc.constantFrom(...AUDIENCES)),
  victimIdentifiable: tristate,
  harmsReputation: flag,
  specificFact: flag,
  victimPresent: tristate,
  truthAndPublicInterest: tristate,
  victimPublicOfficial: flag,
  provoked: flag,
  sexuallyExplicit: flag,
  meantPrivate: flag,
  consentToShare: tristate,
  authorMadeOrTook: flag,
  sharedToHarm: flag,
  sharingOnlyThreatened: flag,
  aiGenerated: flag,
  threatened: flag,
  threatSerious: flag,
  threatAggravated: flag,
  demand: flag,
  demandKind: opt(fc.constantFrom(...DEMAND_KINDS)),
  victimComplied: flag,
  discriminatoryMotive: opt(fc.constantFrom(...DISCRIMINATORY_MOTIVES)),
  incitement: opt(fc.constantFrom(...INCITEMENTS)),
  askedForSexualContent: flag,
  impersonation: flag,
  accountAccessed: flag,
  secretRecording: tristate,
  complaintFiled: flag,
  ammonimentoIssued: flag,
  crimeUrl: opt(fc.constantFrom("https://example.com/post/1", "")),
});

/** An evaluation day and event dates before it: last ≤ asOf, first ≤ last, first ≤ knowledge ≤ asOf. */
const caseArb = fc
  .record({
    facts: factsArb,
    asOfOffset: fc.integer({ min: 0, max: 8000 }),
    sinceLast: fc.integer({ min: 0, max: 5000 }),
    span: fc.integer({ min: 0, max: 1500 }),
    knowledge: opt(fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .map(({ facts, asOfOffset, sinceLast, span, knowledge }) => {
    const asOf = addDays("2015-01-01", asOfOffset);
    const lastEventDate = addDays(asOf, -sinceLast);
    const firstEventDate = addDays(lastEventDate, -span);
    const knowledgeDate =
      knowledge === undefined
        ? undefined
        : addDays(firstEventDate, Math.floor(knowledge * (span + sinceLast)));
    const answers = Object.fromEntries(
      Object.entries({ ...facts, firstEventDate, lastEventDate, knowledgeDate }).filter(
        ([, v]) => v !== undefined,
      ),
    ) as Answers;
    return { answers, asOf };
  });

const shift = (answers: Answers, days: number): Answers => ({
  ...answers,
  firstEventDate: addDays(answers.firstEventDate, -days),
  lastEventDate: addDays(answers.lastEventDate, -days),
  ...(answers.knowledgeDate ? { knowledgeDate: addDays(answers.knowledgeDate, -days) } : {}),
});

const section = (result: ReturnType<typeof evaluateFeedback>) =>
  result.sections.actionsAndDeadlines.map((e) => e.text).join("\n");

const ITALIAN_WORD = /\b(il|la|le|di|che|per|non|un|una|del|della|se|puoi|è|ai|al|dal)\b/i;

describe("evaluateFeedback properties", () => {
  it("never reports a demand for sexual images or acts as extortion, and gives sexual violence 12 months", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const result = evaluateFeedback(answers, asOf);
        if (answers.demandKind === "SEXUAL")
          expect(result.offences.map((o) => o.code)).not.toContain("EXTORTION");
        const childAsked = answers.victimIsMinor === true && answers.askedForSexualContent === true;
        if ((answers.demandKind === "MONEY" || answers.demandKind === "OTHER") && !childAsked)
          expect(result.offences.map((o) => o.code)).not.toContain("SEXUAL_VIOLENCE");
        for (const o of result.offences) {
          if (o.code !== "SEXUAL_VIOLENCE" || o.complaintDeadline === null) continue;
          expect(result.deadlines).toContainEqual(
            expect.objectContaining({
              kind: "QUERELA",
              date: o.complaintDeadline,
              article: "609-septies c.p.",
            }),
          );
          expect(o.procedibility).toBe("QUERELA");
          expect(answers.victimIsMinor).not.toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("never lists a threat beside the stalking, extortion or sexual violence it is the means of (art. 84 c.p.)", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const found = evaluateFeedback(answers, asOf).offences.map((o) => o.code);
        const absorbing = found.some((c) => c === "STALKING" || c === "EXTORTION" || c === "SEXUAL_VIOLENCE");
        if (absorbing) expect(found).not.toContain("THREAT");
      }),
    );
  });

  it("raises intrusion into private life only on a secret recording, certain only when stated", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const intrusion = evaluateFeedback(answers, asOf).offences.find(
          (o) => o.code === "PRIVATE_LIFE_INTRUSION",
        );
        if (answers.secretRecording === true) expect(intrusion?.certain).toBe(true);
        else if (answers.secretRecording === "UNKNOWN") expect(intrusion?.certain).toBe(false);
        else expect(intrusion).toBeUndefined();
      }),
    );
  });

  it("reports hate propaganda as certain only when many saw it, never for what the victim alone saw", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const hate = evaluateFeedback(answers, asOf).offences.find((o) => o.code === "HATE_PROPAGANDA");
        if (answers.audience === "VICTIM_ONLY") expect(hate).toBeUndefined();
        if (hate?.certain) expect(answers.audience).toBe("MANY");
      }),
      { numRuns: 300 },
    );
  });

  it("a minor asked for sexual content is always a victim of sexual violence: ex officio, human review, certain only under 14 by an adult or under a threat", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        fc.pre(answers.victimIsMinor === true && answers.askedForSexualContent === true);
        const result = evaluateFeedback(answers, asOf);
        const violence = result.offences.find((o) => o.code === "SEXUAL_VIOLENCE");
        expect(violence).toMatchObject({ procedibility: "UFFICIO", complaintDeadline: null });
        expect(result.humanReview).toBe(true);
        const threatened = answers.demand === true && answers.demandKind === "SEXUAL";
        if (violence?.certain && !threatened) {
          expect(answers.victimAge14Plus).toBe(false);
          expect(answers.authorIsMinor).toBe(false);
        }
        if (answers.victimAge14Plus === false && answers.authorIsMinor === false)
          expect(violence?.certain).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("with the author not known, every complaint date is a prudent one and a complaint against unknown persons is offered", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const result = evaluateFeedback(answers, asOf);
        const complaints = result.deadlines.filter((d) => d.kind === "QUERELA");
        for (const d of complaints) expect(d.prudent === true).toBe(answers.authorKnown === false);
        if (answers.authorKnown === false && complaints.length > 0)
          expect(section(result)).toContain("querela contro ignoti");
      }),
      { numRuns: 300 },
    );
  });

  it("never calls defamation what was said while the victim took part", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const codes = evaluateFeedback(answers, asOf).offences.map((o) => o.code);
        if (answers.victimPresent === true) expect(codes).not.toContain("DEFAMATION");
      }),
      { numRuns: 300 },
    );
  });

  it("speaks with one voice on each offence's complaint: one statement, never 'no term' beside a date", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const result = evaluateFeedback(answers, asOf);
        for (const o of result.offences) {
          const statements = result.sections.actionsAndDeadlines.filter((e) =>
            e.text.startsWith(`${o.title}:`),
          );
          expect(statements.length, o.code).toBeLessThanOrEqual(1);
          const text = statements[0]?.text ?? "";
          if (o.complaintDeadline !== null) expect(text).not.toContain("Non c'è un termine per la querela");
          if (o.procedibility === "UFFICIO") expect(text).not.toMatch(/querela entro il/);
        }
        expect(section(result)).not.toContain("Per prudenza");
      }),
      { numRuns: 300 },
    );
  });

  it("takes valid answers to a valid, deterministic result", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        expect(AnswersSchema.safeParse(answers).success).toBe(true);
        const result = evaluateFeedback(answers, asOf);
        expect(FeedbackResultSchema.safeParse(result).success).toBe(true);
        expect(evaluateFeedback(structuredClone(answers), asOf)).toEqual(result);
      }),
      { numRuns: 300 },
    );
  });

  it("never turns a result into EXPIRED when a complaint is filed", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const before = evaluateFeedback({ ...answers, complaintFiled: false }, asOf);
        const filed = evaluateFeedback({ ...answers, complaintFiled: true }, asOf);
        if (before.evaluation !== "EXPIRED") expect(filed.evaluation).not.toBe("EXPIRED");
      }),
      { numRuns: 500 },
    );
  });

  it("never turns EXPIRED into VALID when the events move earlier", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 4000 }), ({ answers, asOf }, days) => {
        const result = evaluateFeedback(answers, asOf);
        fc.pre(result.evaluation === "EXPIRED");
        expect(evaluateFeedback(shift(answers, days), asOf).evaluation).not.toBe("VALID");
      }),
      { numRuns: 300 },
    );
  });

  it("never turns EXPIRED into VALID as time passes", () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 4000 }), ({ answers, asOf }, days) => {
        fc.pre(evaluateFeedback(answers, asOf).evaluation === "EXPIRED");
        expect(evaluateFeedback(answers, addDays(asOf, days)).evaluation).not.toBe("VALID");
      }),
      { numRuns: 200 },
    );
  });

  it("sorts deadlines by date", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const dates = evaluateFeedback(answers, asOf).deadlines.map((d) => d.date);
        expect(dates).toEqual([...dates].sort());
      }),
    );
  });

  it("writes every section entry as non-empty Italian prose, with an article when given", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        for (const entries of Object.values(evaluateFeedback(answers, asOf).sections)) {
          for (const { text, article } of entries) {
            expect(text.trim()).toBe(text);
            expect(text.length).toBeGreaterThan(20);
            expect(text).toMatch(/^[A-ZÀ-Ý]/);
            expect(text).toMatch(/[.!?]$/);
            expect(text).toMatch(ITALIAN_WORD);
            expect(text).not.toMatch(/undefined|NaN|\bnull\b|\[object|\$\{|\s{2}/);
            if (article !== undefined) expect(article.trim().length).toBeGreaterThan(2);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("gives every offence its article and title, and a complaint deadline only when a complaint is still due", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        for (const o of evaluateFeedback(answers, asOf).offences) {
          expect(o.article).toMatch(/c\.p\.$|D\.Lgs\. 196\/2003$/);
          expect(o.title.length).toBeGreaterThan(5);
          expect(o.penalty.length).toBeGreaterThan(5);
          expect(o.complaintDeadline === null).toBe(
            o.procedibility === "UFFICIO" || answers.complaintFiled === true,
          );
          expect(isAfter(o.prescriptionDate, answers.lastEventDate)).toBe(true);
        }
      }),
    );
  });

  it("keeps the evaluation consistent with the offences", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const result = evaluateFeedback(answers, asOf);
        expect(result.evaluation === "NOTVALID").toBe(result.offences.length === 0);
        if (result.evaluation === "VALID") expect(result.offences.some((o) => o.certain)).toBe(true);
        if (result.evaluation === "EXPIRED") {
          const passed = (date: IsoDate | null) => date !== null && isAfter(asOf, date);
          for (const o of result.offences) {
            expect(passed(o.prescriptionDate) || passed(o.complaintDeadline)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("routes minors with sexual content or extortion, and sexual violence at any age, to human review, never to self-service", () => {
    fc.assert(
      fc.property(caseArb, ({ answers, asOf }) => {
        const result = evaluateFeedback(answers, asOf);
        if (result.humanReview) expect(result.recommendedServices).toEqual(["ADVICE"]);
        // An adult goes to human review only when the demand was, or may have been, for sexual images or acts.
        if (answers.victimIsMinor !== true && result.humanReview)
          expect([undefined, "UNKNOWN", "SEXUAL"]).toContain(answers.demandKind);
        if (answers.victimIsMinor === true && answers.sexuallyExplicit === true)
          expect(result.humanReview).toBe(true);
        if (result.offences.some((o) => o.code === "SEXUAL_VIOLENCE")) expect(result.humanReview).toBe(true);
        const services = result.recommendedServices;
        if (services.includes("TAKEDOWN")) {
          expect(services.indexOf("LEGALIZATION")).toBeGreaterThanOrEqual(0);
          expect(services.indexOf("LEGALIZATION")).toBeLessThan(services.indexOf("TAKEDOWN"));
        }
        expect(new Set(services).size).toBe(services.length);
      }),
    );
  });
});
