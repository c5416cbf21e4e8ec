import {
  type Answers,
  FEEDBACK_CATEGORIES,
  type FeedbackCategory,
  FeedbackRequestSchema,
  validateAnswersAsOf,
} from "@argine/core/feedback/answers";
import type { IsoDate } from "@argine/core/shared/calendar";
import { isHttpUrl, normaliseUrl } from "@argine/core/shared/fields";
import { MESSAGES } from "@argine/core/shared/messages";
import {
  type AnswerField,
  EFFECT_NONE,
  NO,
  type PartialAnswers,
  QUESTIONS,
  type Question,
  YES,
} from "./questions.ts";

// The questionnaire's steps and the rules that pick its questions: which steps a category has, which
// questions earlier answers make relevant, how the form's strings become the contract's Answers, and the
// per-step validation (core's FeedbackRequestSchema and validateAnswersAsOf, so the browser says exactly what
// the API would). Pure: the components only render what these functions return.

/** The form's values: every answer as the string a control holds, plus the two declarations. */
export type Draft = { [F in AnswerField]: F extends "effects" ? string[] : string } & {
  statementOfTruth: boolean;
  privacyAccepted: boolean;
  /** Lawyers do not see who she is (ADR 038): a choice, not a declaration. */
  anonymous: boolean;
};

export type DraftField = keyof Draft;

export const EMPTY_DRAFT: Draft = {
  category: "",
  victimIsMinor: "",
  victimAge14Plus: "",
  victimVulnerable: "",
  authorKnown: "",
  authorRelationship: "",
  authorIsMinor: "",
  firstEventDate: "",
  lastEventDate: "",
  knowledgeDate: "",
  ongoing: "",
  repeated: "",
  effects: [],
  channel: "",
  audience: "",
  victimIdentifiable: "",
  harmsReputation: "",
  specificFact: "",
  victimPresent: "",
  truthAndPublicInterest: "",
  victimPublicOfficial: "",
  provoked: "",
  sexuallyExplicit: "",
  meantPrivate: "",
  consentToShare: "",
  authorMadeOrTook: "",
  sharedToHarm: "",
  sharingOnlyThreatened: "",
  aiGenerated: "",
  threatened: "",
  threatSerious: "",
  threatAggravated: "",
  demand: "",
  demandKind: "",
  victimComplied: "",
  discriminatoryMotive: "",
  incitement: "",
  askedForSexualContent: "",
  impersonation: "",
  accountAccessed: "",
  secretRecording: "",
  complaintFiled: "",
  ammonimentoIssued: "",
  platform: "",
  crimeUrl: "",
  description: "",
  statementOfTruth: false,
  privacyAccepted: false,
  anonymous: false,
};

export const DECLARATION_FIELDS = ["statementOfTruth", "privacyAccepted"] as const;

export interface Step {
  id: string;
  title: string;
  /** A line under the title: what this step is about, said gently. */
  intro?: string;
  questions: readonly Question[];
}

/** A question of QUESTIONS, reworded or made conditional for one step. */
function ask<F extends AnswerField>(
  field: F,
  overrides: Partial<Omit<Question, "field" | "kind">> = {},
): Question {
  return { ...QUESTIONS[field], ...overrides };
}

const CATEGORY_STEP: Step = {
  id: "categoria",
  title: "Che cosa è successo",
  questions: [ask("category")],
};

const WHEN_STEP: Step = {
  id: "quando",
  title: "Quando è successo",
  intro: "Le date ci servono per dirti entro quando puoi agire.",
  questions: [ask("firstEventDate"), ask("lastEventDate"), ask("ongoing"), ask("knowledgeDate")],
};

const PEOPLE_STEP: Step = {
  id: "persone",
  title: "Le persone coinvolte",
  intro: "Qualche domanda su di te e su chi ha agito. Rispondi solo a quello che sai.",
  questions: [
    ask("victimIsMinor"),
    ask("victimAge14Plus"),
    ask("victimVulnerable"),
    ask("authorKnown"),
    ask("authorRelationship"),
    ask("authorIsMinor"),
  ],
};

const sexual = (a: PartialAnswers) => a.sexuallyExplicit === true;
const shared = (a: PartialAnswers) => a.sharingOnlyThreatened !== true;
const reputation = (a: PartialAnswers) => a.harmsReputation === true;
const repeated = (a: PartialAnswers) => a.repeated === true;

const PARTNERS: readonly string[] = ["SPOUSE", "PARTNER", "EX_PARTNER"];

/**
 * A secret recording of private life (art. 615-bis c.p.) matters only with intimate or private content or a
 * partner or ex-partner as author; elsewhere the question is not asked and no answer reads as no (ADR 005).
 */
const recordingMatters = (a: PartialAnswers) =>
  a.category === "REVENGEPORN" ||
  a.sexuallyExplicit === true ||
  a.meantPrivate === true ||
  PARTNERS.includes(a.authorRelationship ?? "");

/** Asked last in each category's facts, once the answers above say whether it matters. */
const SECRET_RECORDING = ask("secretRecording", { when: recordingMatters });

/**
 * A minor asked for sexual images or acts (art. 609-bis c.p., no threat needed under 14): asked in every
 * category, since a parent may file it under any of them; not again when the demand under threat already
 * said it.
 */
const ASKED_FOR_SEXUAL_CONTENT = ask("askedForSexualContent", {
  when: (a) => a.victimIsMinor === true && a.demandKind !== "SEXUAL",
});

/** Stalking and cyberstalking ask the same facts: the conduct (art. 612-bis c.p.), then its effects. */
const STALKING_STEPS: readonly [Step, Step] = [
  {
    id: "condotte",
    title: "Che cosa succede",
    questions: [
      ask("repeated"),
      ask("channel"),
      ask("threatened"),
      ask("threatSerious"),
      ask("threatAggravated"),
    ],
  },
  {
    id: "conseguenze",
    title: "Come ti ha fatto stare",
    intro: "Non esistono reazioni giuste o sbagliate: quello che provi conta.",
    questions: [
      ask("effects"),
      ask("accountAccessed"),
      ask("impersonation"),
      ASKED_FOR_SEXUAL_CONTENT,
      SECRET_RECORDING,
    ],
  },
];

/** Two steps of facts per category, so every category has the same number of steps. */
const FACT_STEPS: Record<FeedbackCategory, readonly [Step, Step]> = {
  STALKING: STALKING_STEPS,
  CYBER_STALKING: STALKING_STEPS,
  DEFAMATION: [
    {
      id: "diffusione",
      title: "Dove e chi l'ha visto",
      questions: [ask("channel"), ask("audience"), ask("victimIdentifiable"), ask("victimPresent")],
    },
    {
      id: "contenuto",
      title: "Che cosa è stato detto",
      intro: "Alcune domande servono a capire se la legge prevede eccezioni: non mettono in dubbio te.",
      questions: [
        ask("harmsReputation"),
        ask("specificFact"),
        ask("truthAndPublicInterest"),
        ask("victimPublicOfficial"),
        ask("provoked"),
        ASKED_FOR_SEXUAL_CONTENT,
        SECRET_RECORDING,
      ],
    },
  ],
  REVENGEPORN: [
    {
      id: "contenuti",
      title: "Le immagini o i video",
      intro: "Non è colpa tua. Rispondi solo a quello che ti senti di dire.",
      questions: [
        ask("sexuallyExplicit"),
        ask("aiGenerated"),
        ask("meantPrivate"),
        ask("consentToShare"),
        ASKED_FOR_SEXUAL_CONTENT,
      ],
    },
    {
      id: "diffusione",
      title: "La diffusione",
      questions: [
        ask("sharingOnlyThreatened"),
        ask("channel", { label: "Dove sono stati diffusi?", when: shared }),
        ask("authorMadeOrTook", { when: shared }),
        ask("sharedToHarm", { when: (a) => shared(a) && a.authorMadeOrTook !== true }),
        ask("demand", {
          label: "Ti ha chiesto soldi o qualcos'altro in cambio?",
          hint: "Per esempio denaro, altre immagini o un incontro per non diffonderli.",
        }),
        ask("demandKind"),
        ask("victimComplied"),
        SECRET_RECORDING,
      ],
    },
  ],
  EXTORTION: [
    {
      id: "richiesta",
      title: "La richiesta",
      intro: "Non è colpa tua. Non cancellare i messaggi: sono prove importanti.",
      questions: [
        ask("demand"),
        ask("demandKind"),
        ask("victimComplied"),
        ask("channel"),
        ask("accountAccessed"),
        ask("impersonation"),
      ],
    },
    {
      id: "leva",
      title: "Su che cosa fa leva",
      questions: [
        ask("sexuallyExplicit", {
          label: "La minaccia riguarda tue immagini o video intimi, veri o falsi?",
          why: "Il ricatto con immagini intime (sextortion) ha regole e strade dedicate.",
          hint: undefined,
        }),
        ask("sharingOnlyThreatened", { when: sexual }),
        ask("aiGenerated", { when: sexual }),
        ask("meantPrivate", { when: sexual }),
        ask("consentToShare", { when: (a) => sexual(a) && a.sharingOnlyThreatened === false }),
        ASKED_FOR_SEXUAL_CONTENT,
        SECRET_RECORDING,
      ],
    },
  ],
  CYBERBULLYING: [
    {
      id: "condotte",
      title: "Che cosa succede",
      questions: [
        ask("repeated"),
        ask("channel"),
        ask("audience"),
        ask("harmsReputation"),
        ask("victimIdentifiable", { when: reputation }),
        ask("victimPresent", { when: reputation }),
      ],
    },
    {
      id: "altro",
      title: "Che cos'altro è successo",
      intro: "Nessuna risposta è sbagliata. Se qualcosa non ti è successo, rispondi pure di no.",
      questions: [
        ask("effects", { when: repeated }),
        ask("threatened"),
        ask("threatSerious"),
        ask("sexuallyExplicit", {
          label: "Sono state diffuse tue immagini o video intimi?",
          why: "Per le immagini intime di una persona minorenne ci sono tutele urgenti e dedicate.",
        }),
        ask("meantPrivate", { when: sexual }),
        ask("consentToShare", { when: sexual }),
        ask("impersonation"),
        ASKED_FOR_SEXUAL_CONTENT,
        SECRET_RECORDING,
      ],
    },
  ],
  HATE_SPEECH: [
    {
      id: "motivo",
      title: "Che cosa è successo",
      questions: [
        ask("discriminatoryMotive"),
        ask("incitement"),
        ask("channel"),
        ask("audience", {
          why: "La propaganda d'odio è un reato quando si diffonde tra molte persone: i messaggi mandati solo a te si valutano in un altro modo.",
        }),
      ],
    },
    {
      id: "contenuto",
      title: "Il contenuto",
      questions: [
        ask("harmsReputation"),
        ask("victimIdentifiable", { when: reputation }),
        ask("victimPresent", { when: reputation }),
        ask("threatened"),
        ask("threatSerious"),
        ask("repeated"),
        ASKED_FOR_SEXUAL_CONTENT,
        SECRET_RECORDING,
      ],
    },
  ],
  THREAT: [
    {
      id: "minaccia",
      title: "La minaccia",
      questions: [ask("threatened"), ask("threatSerious"), ask("threatAggravated"), ask("channel")],
    },
    {
      id: "altro",
      title: "Che cos'altro è successo",
      questions: [
        ask("repeated"),
        ask("effects", { when: repeated }),
        ask("demand"),
        ask("demandKind"),
        ask("victimComplied"),
        ask("discriminatoryMotive"),
        ASKED_FOR_SEXUAL_CONTENT,
        SECRET_RECORDING,
      ],
    },
  ],
  OTHER: [
    {
      id: "fatti",
      title: "Che cosa è successo",
      questions: [
        ask("channel"),
        ask("repeated"),
        ask("threatened"),
        ask("threatSerious"),
        ask("harmsReputation"),
        ask("audience", { when: reputation }),
        ask("victimPresent", { when: reputation }),
      ],
    },
    {
      id: "altro",
      title: "Che cos'altro è successo",
      intro: "Nessuna risposta è sbagliata. Se qualcosa non ti è successo, rispondi pure di no.",
      questions: [
        ask("sexuallyExplicit", {
          label: "Qualcuno ha diffuso, o minacciato di diffondere, tue immagini o video intimi?",
        }),
        ask("demand"),
        ask("demandKind"),
        ask("victimComplied"),
        ask("impersonation"),
        ask("accountAccessed"),
        ASKED_FOR_SEXUAL_CONTENT,
        SECRET_RECORDING,
      ],
    },
  ],
};

/** The categories where an ammonimento of the Questore changes the case (stalking, revenge porn). */
const AMMONIMENTO_CATEGORIES: readonly string[] = [
  "STALKING",
  "CYBER_STALKING",
  "REVENGEPORN",
  "CYBERBULLYING",
];

const DETAILS_STEP: Step = {
  id: "dettagli",
  title: "Ultimi dettagli",
  intro: "Queste domande sono facoltative.",
  questions: [
    ask("complaintFiled"),
    ask("ammonimentoIssued", { when: (a) => AMMONIMENTO_CATEGORIES.includes(a.category ?? "") }),
    ask("platform"),
    ask("crimeUrl"),
    ask("description"),
  ],
};

const CONFIRM_STEP: Step = {
  id: "invio",
  title: "Conferma e invia",
  intro: "Ci siamo quasi. Dopo l'invio ricevi subito la tua prima valutazione.",
  questions: [],
};

export function isFeedbackCategory(value: unknown): value is FeedbackCategory {
  return (FEEDBACK_CATEGORIES as readonly unknown[]).includes(value);
}

/**
 * The steps of a category: what, when, who, two steps of facts, details, confirmation. Every category has
 * the same number, so "Passo 2 di 7" never changes under the user's feet.
 */
export function stepsFor(category: string): readonly Step[] {
  const [factsA, factsB] = FACT_STEPS[isFeedbackCategory(category) ? category : "OTHER"];
  return [CATEGORY_STEP, WHEN_STEP, PEOPLE_STEP, factsA, factsB, DETAILS_STEP, CONFIRM_STEP];
}

export const STEP_COUNT = stepsFor("").length;

/** A form string as the contract's value: "true"/"false" → boolean, other codes as they are. */
function choiceValue(value: string): boolean | string {
  if (value === YES) return true;
  if (value === NO) return false;
  return value;
}

// A link pasted without its scheme gets https:// (core's, shared with the takedown's links).
export { normaliseUrl };

function fieldValue(question: Question, draft: Draft): unknown {
  const raw = draft[question.field];
  switch (question.kind) {
    case "multi": {
      const values = Array.isArray(raw) ? raw : [];
      if (values.length === 0) return undefined; // not answered: the engine treats it as unknown
      return values.filter((value) => value !== EFFECT_NONE);
    }
    case "choice":
      return typeof raw === "string" && raw !== "" ? choiceValue(raw) : undefined;
    case "url": {
      const url = typeof raw === "string" ? normaliseUrl(raw) : "";
      return url === "" ? undefined : url;
    }
    case "text":
    case "textarea": {
      const text = typeof raw === "string" ? raw.trim() : "";
      return text === "" ? undefined : text;
    }
    default:
      return typeof raw === "string" && raw !== "" ? raw : undefined;
  }
}

export interface DraftOutline {
  /** Each step with the questions the answers so far make relevant. */
  steps: ReadonlyArray<{ step: Step; questions: readonly Question[] }>;
  /** The answers of the questions shown: hidden questions (an earlier choice changed) are left out. */
  answers: PartialAnswers;
}

/**
 * Walks the steps in order: a question is shown when its condition holds on the answers before it, and only
 * shown questions give answers. Changing the category, or an earlier answer, drops what no longer applies.
 */
export function outlineDraft(draft: Draft): DraftOutline {
  const answers: Record<string, unknown> = {};
  const steps = stepsFor(draft.category).map((step) => {
    const questions = step.questions.filter((question) => {
      if (question.when && !question.when(answers as PartialAnswers)) return false;
      const value = fieldValue(question, draft);
      if (value !== undefined) answers[question.field] = value;
      return true;
    });
    return { step, questions };
  });
  return { steps, answers: answers as PartialAnswers };
}

/** The fields a step shows and checks. */
export function stepFields(outline: DraftOutline, stepIndex: number): DraftField[] {
  const fields: DraftField[] = (outline.steps[stepIndex]?.questions ?? []).map((q) => q.field);
  return stepIndex === outline.steps.length - 1 ? [...fields, ...DECLARATION_FIELDS] : fields;
}

export type DraftErrors = Partial<Record<DraftField, string>>;

/**
 * Every problem with the draft, one message per field (the first), as the API would report it: core's
 * request schema, then the checks against today's Rome calendar day (no future dates), then the format of
 * the link.
 */
export function validateDraft(draft: Draft, today: IsoDate): DraftErrors {
  const { answers } = outlineDraft(draft);
  const errors: DraftErrors = {};
  const parsed = FeedbackRequestSchema.safeParse({
    answers,
    statementOfTruth: draft.statementOfTruth,
    privacyAccepted: draft.privacyAccepted,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, second] = issue.path;
      const field = (first === "answers" ? second : first) as DraftField | undefined;
      if (typeof field === "string" && !(field in errors)) errors[field] = issue.message;
    }
  }
  for (const issue of validateAnswersAsOf(answers as Answers, today)) {
    if (!(issue.field in errors)) errors[issue.field] = issue.message;
  }
  if (answers.crimeUrl !== undefined && !errors.crimeUrl && !isHttpUrl(answers.crimeUrl)) {
    errors.crimeUrl = MESSAGES.invalidUrl;
  }
  return errors;
}

/** The problems of one step only: later steps are not the user's concern yet. */
export function validateStep(draft: Draft, stepIndex: number, today: IsoDate): DraftErrors {
  const fields = stepFields(outlineDraft(draft), stepIndex);
  const all = validateDraft(draft, today);
  const errors: DraftErrors = {};
  for (const field of fields) {
    const message = all[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The index of the step that asks a field (for the API's 400 issues), or -1. */
export function stepOfField(draft: Draft, field: string): number {
  const outline = outlineDraft(draft);
  if ((DECLARATION_FIELDS as readonly string[]).includes(field)) return outline.steps.length - 1;
  return outline.steps.findIndex(({ questions }) => questions.some((q) => q.field === field));
}

/** The POST /v1/feedback body: call only once validateDraft found nothing. */
export function feedbackRequest(draft: Draft) {
  return {
    answers: outlineDraft(draft).answers as Answers,
    statementOfTruth: true as const,
    privacyAccepted: true as const,
    anonymous: draft.anonymous,
  };
}
