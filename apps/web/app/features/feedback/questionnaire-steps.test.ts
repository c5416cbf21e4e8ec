import { FEEDBACK_CATEGORIES, FeedbackRequestSchema } from "@argine/core/feedback/answers";
import { FEEDBACK_MESSAGES } from "@argine/core/feedback/messages";
import { MESSAGES } from "@argine/core/shared/messages";
import { describe, expect, it } from "vitest";
import {
  type Draft,
  EMPTY_DRAFT,
  feedbackRequest,
  normaliseUrl,
  outlineDraft,
  STEP_COUNT,
  stepOfField,
  stepsFor,
  validateDraft,
  validateStep,
} from "./questionnaire-steps.ts";
import { QUESTIONS } from "./questions.ts";

const TODAY = "2026-03-10";

function draft(values: Partial<Draft>): Draft {
  return { ...EMPTY_DRAFT, ...values };
}

/** The fields each step shows, by step id. */
function shown(values: Partial<Draft>): Record<string, string[]> {
  return Object.fromEntries(
    outlineDraft(draft(values)).steps.map(({ step, questions }) => [step.id, questions.map((q) => q.field)]),
  );
}

function allShown(values: Partial<Draft>): string[] {
  return Object.values(shown(values)).flat();
}

describe("questionnaire steps", () => {
  it("gives every category the same seven steps: what, when, who, two of facts, details, sending", () => {
    expect(STEP_COUNT).toBe(7);
    for (const category of [...FEEDBACK_CATEGORIES, ""]) {
      const steps = stepsFor(category);
      expect(steps).toHaveLength(7);
      expect(steps.map((s) => s.id).filter((_id, i) => i < 3 || i > 4)).toEqual([
        "categoria",
        "quando",
        "persone",
        "dettagli",
        "invio",
      ]);
    }
  });

  it("every question says why it is asked, and no field is asked twice in a category", () => {
    for (const category of FEEDBACK_CATEGORIES) {
      const questions = stepsFor(category).flatMap((step) => step.questions);
      for (const question of questions) expect(question.why.length).toBeGreaterThan(10);
      const fields = questions.map((q) => q.field);
      expect(new Set(fields).size).toBe(fields.length);
    }
  });

  it("offers 'Non so' exactly where the contract allows UNKNOWN", () => {
    const withDontKnow = Object.values(QUESTIONS)
      .filter((q) => "options" in q && q.options.some((o) => o.value === "UNKNOWN"))
      .map((q) => q.field)
      .sort();
    expect(withDontKnow).toEqual(
      [
        "authorIsMinor",
        "authorKnown",
        "authorRelationship",
        "consentToShare",
        "demandKind",
        "secretRecording",
        "truthAndPublicInterest",
        "victimIdentifiable",
        "victimPresent",
      ].sort(),
    );
  });

  it("asks about presence as a live exchange, with 'Non so', and says a message read later is not presence", () => {
    const presence = QUESTIONS.victimPresent;
    expect(presence.label).toBe(
      "Eri presente mentre accadeva, per esempio in una videochiamata o in una chat dal vivo?",
    );
    expect(presence.options.map((o) => o.label)).toEqual(["Sì", "No", "Non so"]);
    expect(presence.hint).toContain(
      "un messaggio in un gruppo che hai letto dopo, non vuol dire che eri presente",
    );
    expect(presence.why).toContain("anche insieme ad altre persone");
    // Wherever an offence to reputation is asked about, presence is asked too.
    for (const category of ["DEFAMATION", "CYBERBULLYING", "HATE_SPEECH", "OTHER"]) {
      expect(allShown({ category, harmsReputation: "true" }), category).toContain("victimPresent");
    }
    expect(
      feedbackRequest(
        draft({
          category: "DEFAMATION",
          firstEventDate: "2026-03-01",
          lastEventDate: "2026-03-01",
          victimPresent: "UNKNOWN",
          statementOfTruth: true,
          privacyAccepted: true,
        }),
      ).answers.victimPresent,
    ).toBe("UNKNOWN");
  });

  it("defamation asks about the audience, identifiability, reputation and the exclusions", () => {
    const steps = shown({ category: "DEFAMATION" });
    expect(steps.diffusione).toEqual(["channel", "audience", "victimIdentifiable", "victimPresent"]);
    expect(steps.contenuto).toEqual([
      "harmsReputation",
      "specificFact",
      "truthAndPublicInterest",
      "victimPublicOfficial",
      "provoked",
    ]);
    expect(allShown({ category: "DEFAMATION" })).not.toContain("sexuallyExplicit");
    expect(allShown({ category: "DEFAMATION" })).not.toContain("ammonimentoIssued");
  });

  it("intimate images ask about the content, privacy, consent and sharing", () => {
    const steps = shown({ category: "REVENGEPORN" });
    expect(steps.contenuti).toEqual(["sexuallyExplicit", "aiGenerated", "meantPrivate", "consentToShare"]);
    expect(steps.diffusione).toEqual([
      "sharingOnlyThreatened",
      "channel",
      "authorMadeOrTook",
      "sharedToHarm",
      "demand",
      "secretRecording",
    ]);
    expect(allShown({ category: "REVENGEPORN" })).not.toContain("audience");
    expect(allShown({ category: "REVENGEPORN" })).toContain("ammonimentoIssued");
  });

  it("intimate images only threatened: no questions about a sharing that has not happened", () => {
    expect(shown({ category: "REVENGEPORN", sharingOnlyThreatened: "true" }).diffusione).toEqual([
      "sharingOnlyThreatened",
      "demand",
      "secretRecording",
    ]);
    // The author made the images: whether they shared them to harm is no longer needed.
    expect(shown({ category: "REVENGEPORN", authorMadeOrTook: "true" }).diffusione).not.toContain(
      "sharedToHarm",
    );
  });

  it("asks about a secret recording only with intimate or private content or a partner, with 'Non so'", () => {
    expect(QUESTIONS.secretRecording.options.map((o) => o.label)).toEqual(["Sì", "No", "Non so"]);
    // Where nothing points to private life, it is not asked and no answer is sent (absent means no).
    for (const category of ["DEFAMATION", "STALKING", "THREAT", "HATE_SPEECH", "OTHER", "EXTORTION"]) {
      expect(allShown({ category }), category).not.toContain("secretRecording");
      expect(
        feedbackRequest(draft({ category, secretRecording: "true" })).answers,
        category,
      ).not.toHaveProperty("secretRecording");
    }
    expect(allShown({ category: "REVENGEPORN" })).toContain("secretRecording");
    expect(allShown({ category: "EXTORTION", sexuallyExplicit: "true" })).toContain("secretRecording");
    expect(allShown({ category: "OTHER", sexuallyExplicit: "true" })).toContain("secretRecording");
    expect(allShown({ category: "CYBERBULLYING", sexuallyExplicit: "true" })).toContain("secretRecording");
    for (const relationship of ["SPOUSE", "PARTNER", "EX_PARTNER"]) {
      expect(
        allShown({ category: "STALKING", authorKnown: "true", authorRelationship: relationship }),
      ).toContain("secretRecording");
    }
    expect(
      allShown({ category: "STALKING", authorKnown: "true", authorRelationship: "COLLEAGUE" }),
    ).not.toContain("secretRecording");
    expect(
      feedbackRequest(draft({ category: "REVENGEPORN", secretRecording: "UNKNOWN" })).answers,
    ).toMatchObject({ secretRecording: "UNKNOWN" });
  });

  it("asks a minor, in every category, whether the author asked for sexual images or acts; never an adult", () => {
    const question = QUESTIONS.askedForSexualContent;
    expect(question.label).toBe(
      "Ti ha chiesto di mandare foto o video intimi, o di fare cose di tipo sessuale?",
    );
    expect(question.why).toContain("anche senza minacce");
    expect(question.hint).toContain("non è colpa tua");
    expect(question.options.map((o) => o.label)).toEqual(["Sì", "No"]);
    for (const category of FEEDBACK_CATEGORIES) {
      expect(allShown({ category, victimIsMinor: "true" }), category).toContain("askedForSexualContent");
      expect(allShown({ category, victimIsMinor: "false" }), category).not.toContain("askedForSexualContent");
      expect(allShown({ category }), category).not.toContain("askedForSexualContent");
      // An adult's earlier answer (the age changed) is not sent.
      expect(
        feedbackRequest(draft({ category, victimIsMinor: "false", askedForSexualContent: "true" })).answers,
        category,
      ).not.toHaveProperty("askedForSexualContent");
    }
    // A demand under threat for sexual images already said it.
    expect(
      allShown({ category: "EXTORTION", victimIsMinor: "true", demand: "true", demandKind: "SEXUAL" }),
    ).not.toContain("askedForSexualContent");
    const body = feedbackRequest(
      draft({
        category: "OTHER",
        firstEventDate: "2026-03-01",
        lastEventDate: "2026-03-01",
        victimIsMinor: "true",
        victimAge14Plus: "false",
        askedForSexualContent: "true",
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    );
    expect(body.answers).toMatchObject({ victimIsMinor: true, askedForSexualContent: true });
    expect(FeedbackRequestSchema.safeParse(body).success).toBe(true);
  });

  it("hate speech says why it asks who saw it: propaganda needs spreading", () => {
    const audience = stepsFor("HATE_SPEECH")
      .flatMap((s) => s.questions)
      .find((q) => q.field === "audience");
    expect(audience?.why).toContain("quando si diffonde tra molte persone");
  });

  it("extortion asks about the demand, and whether the victim complied only after a demand", () => {
    expect(shown({ category: "EXTORTION" }).richiesta).toEqual([
      "demand",
      "channel",
      "accountAccessed",
      "impersonation",
    ]);
    expect(shown({ category: "EXTORTION", demand: "true" }).richiesta).toContain("victimComplied");
  });

  it("asks gently what was demanded, only after a demand, with 'Preferisco non dirlo' counted as UNKNOWN", () => {
    for (const category of ["EXTORTION", "REVENGEPORN", "THREAT", "OTHER"]) {
      expect(allShown({ category }), category).not.toContain("demandKind");
      const fields = allShown({ category, demand: "true" });
      expect(fields.indexOf("demandKind"), category).toBe(fields.indexOf("demand") + 1);
    }
    const question = QUESTIONS.demandKind;
    expect(question.label).toBe("Che cosa ti ha chiesto?");
    expect(question.hint).toContain("Rispondi solo se te la senti");
    expect(question.options.map((o) => [o.value, o.label])).toEqual([
      ["MONEY", "Soldi, ricariche o altri beni"],
      ["SEXUAL", "Immagini o video intimi, o atti sessuali"],
      ["OTHER", "Qualcos'altro"],
      ["UNKNOWN", "Preferisco non dirlo"],
    ]);
    const body = feedbackRequest(
      draft({
        category: "EXTORTION",
        firstEventDate: "2026-03-01",
        lastEventDate: "2026-03-01",
        demand: "true",
        demandKind: "UNKNOWN",
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    );
    expect(body.answers).toMatchObject({ demand: true, demandKind: "UNKNOWN" });
    expect(FeedbackRequestSchema.safeParse(body).success).toBe(true);
    // Withdrawing the demand drops the answer about what was demanded.
    expect(
      feedbackRequest(draft({ category: "EXTORTION", demand: "false", demandKind: "SEXUAL" })).answers,
    ).not.toHaveProperty("demandKind");
    expect(shown({ category: "EXTORTION" }).leva).toEqual(["sexuallyExplicit"]);
    expect(shown({ category: "EXTORTION", sexuallyExplicit: "true" }).leva).toEqual([
      "sexuallyExplicit",
      "sharingOnlyThreatened",
      "aiGenerated",
      "meantPrivate",
      "secretRecording",
    ]);
    expect(
      shown({ category: "EXTORTION", sexuallyExplicit: "true", sharingOnlyThreatened: "false" }).leva,
    ).toContain("consentToShare");
  });

  it("stalking asks about repetition and effects; the threat's details follow a threat", () => {
    const steps = shown({ category: "STALKING" });
    expect(steps.condotte).toEqual(["repeated", "channel", "threatened"]);
    expect(steps.conseguenze).toEqual(["effects", "accountAccessed", "impersonation"]);
    expect(shown({ category: "CYBER_STALKING", threatened: "true" }).condotte).toEqual([
      "repeated",
      "channel",
      "threatened",
      "threatSerious",
      "threatAggravated",
    ]);
    expect(allShown({ category: "STALKING" })).toContain("ammonimentoIssued");
  });

  it("cyberbullying, hate, threats and other get their own questions", () => {
    expect(allShown({ category: "CYBERBULLYING" })).toEqual(
      expect.arrayContaining(["repeated", "audience", "harmsReputation", "threatened", "sexuallyExplicit"]),
    );
    expect(allShown({ category: "CYBERBULLYING" })).not.toContain("effects");
    expect(allShown({ category: "CYBERBULLYING", repeated: "true" })).toContain("effects");
    expect(shown({ category: "HATE_SPEECH" }).motivo).toEqual([
      "discriminatoryMotive",
      "incitement",
      "channel",
      "audience",
    ]);
    expect(shown({ category: "THREAT" }).minaccia).toEqual(["threatened", "channel"]);
    expect(allShown({ category: "OTHER" })).toEqual(
      expect.arrayContaining([
        "channel",
        "repeated",
        "threatened",
        "harmsReputation",
        "demand",
        "accountAccessed",
      ]),
    );
  });

  it("people: the age question follows a minor victim, the relationship a known author", () => {
    expect(shown({ category: "STALKING" }).persone).toEqual([
      "victimIsMinor",
      "victimVulnerable",
      "authorKnown",
    ]);
    expect(shown({ category: "STALKING", victimIsMinor: "true", authorKnown: "true" }).persone).toEqual([
      "victimIsMinor",
      "victimAge14Plus",
      "victimVulnerable",
      "authorKnown",
      "authorRelationship",
      "authorIsMinor",
    ]);
    expect(shown({ category: "STALKING", authorKnown: "UNKNOWN" }).persone).not.toContain(
      "authorRelationship",
    );
    expect(
      shown({ category: "STALKING", victimIsMinor: "true", authorKnown: "false" }).persone,
    ).not.toContain("authorIsMinor");
  });
});

describe("answers from the form", () => {
  it("turns yes/no into booleans, keeps UNKNOWN and the codes, drops what was not answered", () => {
    const { answers } = outlineDraft(
      draft({
        category: "REVENGEPORN",
        firstEventDate: "2026-01-05",
        lastEventDate: "2026-01-20",
        victimIsMinor: "false",
        authorKnown: "true",
        authorRelationship: "EX_PARTNER",
        sexuallyExplicit: "true",
        consentToShare: "UNKNOWN",
        channel: "MESSAGING_GROUP",
        platform: "  WhatsApp ",
        description: "   ",
      }),
    );
    expect(answers).toEqual({
      category: "REVENGEPORN",
      firstEventDate: "2026-01-05",
      lastEventDate: "2026-01-20",
      victimIsMinor: false,
      authorKnown: true,
      authorRelationship: "EX_PARTNER",
      sexuallyExplicit: true,
      consentToShare: "UNKNOWN",
      channel: "MESSAGING_GROUP",
      platform: "WhatsApp",
    });
  });

  it("drops the answers of questions an earlier choice hid", () => {
    const values = draft({
      category: "DEFAMATION",
      sexuallyExplicit: "true",
      audience: "MANY",
      victimIsMinor: "false",
      victimAge14Plus: "true",
      authorKnown: "false",
      authorRelationship: "EX_PARTNER",
    });
    const { answers } = outlineDraft(values);
    expect(answers).toMatchObject({
      category: "DEFAMATION",
      audience: "MANY",
      victimIsMinor: false,
      authorKnown: false,
    });
    expect(answers).not.toHaveProperty("sexuallyExplicit");
    expect(answers).not.toHaveProperty("victimAge14Plus");
    expect(answers).not.toHaveProperty("authorRelationship");
  });

  it("stalking effects: none ticked is unknown, 'Nessuna di queste' is an empty list", () => {
    const base = { category: "STALKING", repeated: "true" };
    expect(outlineDraft(draft(base)).answers).not.toHaveProperty("effects");
    expect(outlineDraft(draft({ ...base, effects: ["NONE"] })).answers.effects).toEqual([]);
    expect(
      outlineDraft(draft({ ...base, effects: ["ANXIETY_FEAR", "CHANGED_HABITS"] })).answers.effects,
    ).toEqual(["ANXIETY_FEAR", "CHANGED_HABITS"]);
  });

  it("gives a link pasted without its scheme https://", () => {
    expect(normaliseUrl("instagram.com/p/abc")).toBe("https://instagram.com/p/abc");
    expect(normaliseUrl(" https://example.it/x ")).toBe("https://example.it/x");
    expect(normaliseUrl("")).toBe("");
  });

  it("builds the POST /v1/feedback body core's schema accepts", () => {
    const body = feedbackRequest(
      draft({
        category: "STALKING",
        firstEventDate: "2025-12-01",
        lastEventDate: "2026-03-01",
        repeated: "true",
        effects: ["FEAR_FOR_SAFETY"],
        crimeUrl: "example.it/profilo",
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    );
    expect(FeedbackRequestSchema.safeParse(body).success).toBe(true);
    expect(body.answers.crimeUrl).toBe("https://example.it/profilo");
  });
});

describe("validation", () => {
  it("asks for a category on the first step with the required-field message", () => {
    expect(validateStep(EMPTY_DRAFT, 0, TODAY)).toEqual({ category: MESSAGES.required });
    expect(validateStep(draft({ category: "THREAT" }), 0, TODAY)).toEqual({});
  });

  it("a step is judged on its own fields only", () => {
    // Step 1 is fine although the dates of step 2 are still empty.
    expect(validateStep(draft({ category: "THREAT" }), 0, TODAY)).toEqual({});
    expect(validateStep(draft({ category: "THREAT" }), 1, TODAY)).toEqual({
      firstEventDate: MESSAGES.required,
      lastEventDate: MESSAGES.required,
    });
  });

  it("refuses dates after today's Rome calendar day", () => {
    const errors = validateStep(
      draft({
        category: "THREAT",
        firstEventDate: "2026-03-10",
        lastEventDate: "2026-03-11",
        knowledgeDate: "2026-04-01",
      }),
      1,
      TODAY,
    );
    expect(errors).toEqual({
      lastEventDate: FEEDBACK_MESSAGES.futureDate,
      knowledgeDate: FEEDBACK_MESSAGES.futureDate,
    });
    expect(
      validateStep(draft({ category: "THREAT", firstEventDate: TODAY, lastEventDate: TODAY }), 1, TODAY),
    ).toEqual({});
  });

  it("keeps the order of the dates", () => {
    expect(
      validateStep(
        draft({
          category: "THREAT",
          firstEventDate: "2026-02-10",
          lastEventDate: "2026-02-01",
          knowledgeDate: "2026-01-01",
        }),
        1,
        TODAY,
      ),
    ).toEqual({
      lastEventDate: FEEDBACK_MESSAGES.lastBeforeFirst,
      knowledgeDate: FEEDBACK_MESSAGES.knowledgeBeforeFirst,
    });
  });

  it("checks the link and the length of the description", () => {
    const details = stepsFor("THREAT").findIndex((s) => s.id === "dettagli");
    const base = { category: "THREAT", firstEventDate: "2026-01-01", lastEventDate: "2026-01-02" };
    expect(validateStep(draft({ ...base, crimeUrl: "non è un link" }), details, TODAY)).toEqual({
      crimeUrl: MESSAGES.invalidUrl,
    });
    expect(validateStep(draft({ ...base, description: "a".repeat(5001) }), details, TODAY)).toEqual({
      description: FEEDBACK_MESSAGES.descriptionTooLong,
    });
    expect(validateStep(draft({ ...base, description: "a".repeat(5000) }), details, TODAY)).toEqual({});
  });

  it("requires the statement of truth and the privacy acceptance on the last step", () => {
    const base = { category: "THREAT", firstEventDate: "2026-01-01", lastEventDate: "2026-01-02" };
    expect(validateStep(draft(base), STEP_COUNT - 1, TODAY)).toEqual({
      statementOfTruth: MESSAGES.truthStatementRequired,
      privacyAccepted: MESSAGES.privacyRequired,
    });
    expect(validateStep(draft({ ...base, statementOfTruth: true }), STEP_COUNT - 1, TODAY)).toEqual({
      privacyAccepted: MESSAGES.privacyRequired,
    });
    expect(validateDraft(draft({ ...base, statementOfTruth: true, privacyAccepted: true }), TODAY)).toEqual(
      {},
    );
  });

  it("finds the step of a field the API refused", () => {
    const values = draft({ category: "DEFAMATION" });
    expect(stepOfField(values, "lastEventDate")).toBe(1);
    expect(stepOfField(values, "audience")).toBe(3);
    expect(stepOfField(values, "statementOfTruth")).toBe(STEP_COUNT - 1);
    expect(stepOfField(values, "sexuallyExplicit")).toBe(-1);
  });
});
