import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MESSAGES } from "../shared/messages.ts";
import { AnswersSchema, FEEDBACK_CATEGORIES, FeedbackRequestSchema, validateAnswersAsOf } from "./answers.ts";
import { FEEDBACK_MESSAGES } from "./messages.ts";

const minimal = { category: "DEFAMATION", firstEventDate: "2026-10-01", lastEventDate: "2026-10-05" };

function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  const issue = result.error.issues[0];
  return { path: issue?.path.join("."), message: issue?.message };
}

describe("AnswersSchema", () => {
  it("accepts the minimal answers and a full set of answers", () => {
    expect(AnswersSchema.safeParse(minimal).success).toBe(true);
    const full = {
      ...minimal,
      knowledgeDate: "2026-10-07",
      victimIsMinor: false,
      victimAge14Plus: true,
      victimVulnerable: false,
      authorKnown: "UNKNOWN",
      authorRelationship: "UNKNOWN",
      authorIsMinor: "UNKNOWN",
      ongoing: false,
      repeated: true,
      effects: ["ANXIETY_FEAR", "FEAR_FOR_SAFETY", "CHANGED_HABITS"],
      channel: "SOCIAL_PUBLIC",
      audience: "MANY",
      victimIdentifiable: "UNKNOWN",
      harmsReputation: true,
      specificFact: true,
      victimPresent: false,
      truthAndPublicInterest: "UNKNOWN",
      victimPublicOfficial: false,
      provoked: false,
      sexuallyExplicit: false,
      meantPrivate: false,
      consentToShare: "UNKNOWN",
      authorMadeOrTook: false,
      sharedToHarm: false,
      sharingOnlyThreatened: false,
      aiGenerated: false,
      threatened: true,
      threatSerious: true,
      threatAggravated: false,
      demand: true,
      demandKind: "SEXUAL",
      victimComplied: false,
      discriminatoryMotive: "RELIGION",
      incitement: "NONE",
      impersonation: false,
      accountAccessed: false,
      complaintFiled: false,
      ammonimentoIssued: false,
      platform: "Instagram",
      crimeUrl: "https://www.instagram.com/p/abc",
      description: "x".repeat(5000),
    };
    expect(AnswersSchema.parse(full)).toEqual(full);
  });

  it("has the contract's categories: the crime types plus hate speech, threats and other", () => {
    expect([...FEEDBACK_CATEGORIES].sort()).toEqual(
      [
        "DEFAMATION",
        "STALKING",
        "CYBER_STALKING",
        "REVENGEPORN",
        "EXTORTION",
        "CYBERBULLYING",
        "HATE_SPEECH",
        "THREAT",
        "OTHER",
      ].sort(),
    );
  });

  it("requires the category and the two event dates with 'Campo Obbligatorio'", () => {
    expect(firstIssue(AnswersSchema, { ...minimal, category: undefined })).toEqual({
      path: "category",
      message: MESSAGES.required,
    });
    expect(firstIssue(AnswersSchema, { ...minimal, firstEventDate: undefined })).toEqual({
      path: "firstEventDate",
      message: MESSAGES.required,
    });
    expect(firstIssue(AnswersSchema, { ...minimal, lastEventDate: undefined })).toEqual({
      path: "lastEventDate",
      message: MESSAGES.required,
    });
  });

  it("rejects values outside the lists with an Italian message", () => {
    expect(firstIssue(AnswersSchema, { ...minimal, category: "BULLYING" }).message).toBe(
      FEEDBACK_MESSAGES.invalidChoice,
    );
    expect(firstIssue(AnswersSchema, { ...minimal, channel: "TV" }).message).toBe(
      FEEDBACK_MESSAGES.invalidChoice,
    );
    expect(firstIssue(AnswersSchema, { ...minimal, effects: ["SADNESS"] }).path).toBe("effects.0");
    expect(firstIssue(AnswersSchema, { ...minimal, demandKind: "FAVOURS" })).toEqual({
      path: "demandKind",
      message: FEEDBACK_MESSAGES.invalidChoice,
    });
    expect(firstIssue(AnswersSchema, { ...minimal, demandKind: true }).message).toBe(
      FEEDBACK_MESSAGES.invalidChoice,
    );
  });

  it("allows UNKNOWN exactly where the contract does", () => {
    for (const field of [
      "authorKnown",
      "authorIsMinor",
      "victimIdentifiable",
      "truthAndPublicInterest",
      "consentToShare",
      "victimPresent",
    ]) {
      expect(AnswersSchema.safeParse({ ...minimal, [field]: "UNKNOWN" }).success, field).toBe(true);
    }
    expect(AnswersSchema.safeParse({ ...minimal, authorRelationship: "UNKNOWN" }).success).toBe(true);
    expect(AnswersSchema.safeParse({ ...minimal, demandKind: "UNKNOWN" }).success).toBe(true);
    for (const field of [
      "victimIsMinor",
      "repeated",
      "sexuallyExplicit",
      "demand",
      "askedForSexualContent",
      "complaintFiled",
    ]) {
      expect(firstIssue(AnswersSchema, { ...minimal, [field]: "UNKNOWN" }), field).toEqual({
        path: field,
        message: FEEDBACK_MESSAGES.invalidChoice,
      });
    }
  });

  it("accepts only real calendar days as dates", () => {
    expect(AnswersSchema.safeParse({ ...minimal, firstEventDate: "2024-02-29" }).success).toBe(true);
    for (const bad of ["2023-02-29", "2026-04-31", "05/10/2026", "2026-10-5", "1899-12-31"]) {
      expect(firstIssue(AnswersSchema, { ...minimal, firstEventDate: bad }), bad).toEqual({
        path: "firstEventDate",
        message: FEEDBACK_MESSAGES.invalidDate,
      });
    }
  });

  it("wants the last event on or after the first, and knowledge not before the first", () => {
    expect(firstIssue(AnswersSchema, { ...minimal, lastEventDate: "2026-09-30" })).toEqual({
      path: "lastEventDate",
      message: FEEDBACK_MESSAGES.lastBeforeFirst,
    });
    expect(AnswersSchema.safeParse({ ...minimal, lastEventDate: minimal.firstEventDate }).success).toBe(true);
    expect(firstIssue(AnswersSchema, { ...minimal, knowledgeDate: "2026-09-30" })).toEqual({
      path: "knowledgeDate",
      message: FEEDBACK_MESSAGES.knowledgeBeforeFirst,
    });
    // Learning of the first events before the last one happened is normal.
    expect(AnswersSchema.safeParse({ ...minimal, knowledgeDate: "2026-10-02" }).success).toBe(true);
  });

  it("caps the description at 5000 characters", () => {
    expect(firstIssue(AnswersSchema, { ...minimal, description: "x".repeat(5001) })).toEqual({
      path: "description",
      message: FEEDBACK_MESSAGES.descriptionTooLong,
    });
  });

  it("drops keys the contract does not know", () => {
    expect(AnswersSchema.parse({ ...minimal, password: "secret" })).toEqual(minimal);
  });
});

describe("validateAnswersAsOf", () => {
  it("flags dates after the evaluation day, in field order", () => {
    expect(validateAnswersAsOf(minimal, "2026-11-22")).toEqual([]);
    expect(validateAnswersAsOf({ ...minimal, lastEventDate: "2026-11-22" }, "2026-11-22")).toEqual([]);
    expect(
      validateAnswersAsOf(
        { firstEventDate: "2026-11-23", lastEventDate: "2026-11-24", knowledgeDate: "2026-11-25" },
        "2026-11-22",
      ),
    ).toEqual([
      { field: "firstEventDate", message: FEEDBACK_MESSAGES.futureDate },
      { field: "lastEventDate", message: FEEDBACK_MESSAGES.futureDate },
      { field: "knowledgeDate", message: FEEDBACK_MESSAGES.futureDate },
    ]);
  });
});

describe("FeedbackRequestSchema", () => {
  const body = { answers: minimal, statementOfTruth: true, privacyAccepted: true };

  it("accepts answers with both declarations", () => {
    expect(FeedbackRequestSchema.parse(body)).toEqual(body);
  });

  it("requires the statement of truth, in Italian", () => {
    for (const statementOfTruth of [undefined, false, "true"]) {
      expect(firstIssue(FeedbackRequestSchema, { ...body, statementOfTruth })).toEqual({
        path: "statementOfTruth",
        message: MESSAGES.truthStatementRequired,
      });
    }
  });

  it("requires privacy acceptance, in Italian", () => {
    expect(firstIssue(FeedbackRequestSchema, { ...body, privacyAccepted: false })).toEqual({
      path: "privacyAccepted",
      message: MESSAGES.privacyRequired,
    });
  });

  it("requires the answers and reports the first failing answer", () => {
    expect(firstIssue(FeedbackRequestSchema, { ...body, answers: undefined })).toEqual({
      path: "answers",
      message: FEEDBACK_MESSAGES.answersRequired,
    });
    expect(
      firstIssue(FeedbackRequestSchema, { ...body, answers: { ...minimal, category: undefined } }),
    ).toEqual({
      path: "answers.category",
      message: MESSAGES.required,
    });
  });

  it("converts to JSON Schema for the API documentation", () => {
    for (const io of ["input", "output"] as const) {
      expect(z.toJSONSchema(FeedbackRequestSchema, { io }).type).toBe("object");
      expect(z.toJSONSchema(AnswersSchema, { io }).required).toEqual([
        "category",
        "firstEventDate",
        "lastEventDate",
      ]);
    }
  });
});
