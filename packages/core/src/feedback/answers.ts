import { z } from "zod";
import { type IsoDate, isAfter, isBefore, isIsoDate } from "../shared/calendar.ts";
import { PrivacyAcceptanceSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { CRIME_TYPE } from "./crime-type.ts";
import { FEEDBACK_MESSAGES } from "./messages.ts";

// The questionnaire's answers (docs/decisions/005-feedback-engine-readings.md). Validation only, no
// transforms: the API publishes this schema as JSON Schema. Checks against the evaluation day live in
// validateAnswersAsOf, because the schema cannot know which day "today" is.

/** What the victim says happened: the practice crime types plus hate speech, threats and other. */
export const FEEDBACK_CATEGORIES = [...CRIME_TYPE.values, "HATE_SPEECH", "THREAT", "OTHER"] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const UNKNOWN = "UNKNOWN";
/** A yes/no answer where the victim may not know. */
export type Tristate = boolean | typeof UNKNOWN;

export const AUTHOR_RELATIONSHIPS = [
  "SPOUSE",
  "PARTNER",
  "EX_PARTNER",
  "FAMILY",
  "ACQUAINTANCE",
  "COLLEAGUE",
  "STRANGER",
  UNKNOWN,
] as const;
export type AuthorRelationship = (typeof AUTHOR_RELATIONSHIPS)[number];

/** The effects art. 612-bis c.p. requires: at least one. */
export const STALKING_EFFECTS = ["ANXIETY_FEAR", "FEAR_FOR_SAFETY", "CHANGED_HABITS"] as const;
export type StalkingEffect = (typeof STALKING_EFFECTS)[number];

export const CHANNELS = [
  "SOCIAL_PUBLIC",
  "SOCIAL_PRIVATE",
  "MESSAGING_GROUP",
  "PRIVATE_MESSAGE",
  "EMAIL",
  "WEBSITE",
  "OTHER",
] as const;
export type Channel = (typeof CHANNELS)[number];

export const AUDIENCES = ["VICTIM_ONLY", "FEW", "MANY"] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * What was demanded under threat: money or goods (extortion, art. 629 c.p.); sexual images or acts (sexual
 * violence, art. 609-bis c.p., never extortion); something else. UNKNOWN also stands for "preferisco non dirlo".
 */
export const DEMAND_KINDS = ["MONEY", "SEXUAL", "OTHER", UNKNOWN] as const;
export type DemandKind = (typeof DEMAND_KINDS)[number];

export const DISCRIMINATORY_MOTIVES = [
  "NONE",
  "RACE",
  "ETHNICITY",
  "NATIONALITY",
  "RELIGION",
  "SEXUAL_ORIENTATION",
  "GENDER",
  "DISABILITY",
  "OTHER",
] as const;
export type DiscriminatoryMotive = (typeof DISCRIMINATORY_MOTIVES)[number];

export const INCITEMENTS = ["NONE", "DISCRIMINATION", "VIOLENCE"] as const;
export type Incitement = (typeof INCITEMENTS)[number];

export const DESCRIPTION_MAX_LENGTH = 5000;
const PLATFORM_MAX_LENGTH = 200;
const URL_MAX_LENGTH = 2048;
// Guards against typos such as 0202 for 2022: nothing in these rules reaches back further.
const EARLIEST_DATE = "1900-01-01";

const choiceError = (issue: { input?: unknown }) =>
  issue.input === undefined ? MESSAGES.required : FEEDBACK_MESSAGES.invalidChoice;

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: choiceError });

const flag = z.boolean({ error: FEEDBACK_MESSAGES.invalidChoice });
const tristate = z.union([z.boolean(), z.literal(UNKNOWN)], { error: FEEDBACK_MESSAGES.invalidChoice });

/** A real calendar day, YYYY-MM-DD, not before 1900. */
export const IsoDateSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? MESSAGES.required : FEEDBACK_MESSAGES.invalidDate),
  })
  .refine((value) => isIsoDate(value) && !isBefore(value, EARLIEST_DATE), {
    error: FEEDBACK_MESSAGES.invalidDate,
  });

const text = (max: number, error: string) =>
  z.string({ error: FEEDBACK_MESSAGES.invalidChoice }).max(max, { error });

const datesAreValid = {
  when: (payload: z.core.ParsePayload): boolean => {
    const value = payload.value as Record<string, unknown> | undefined;
    return (
      isIsoDate(value?.firstEventDate) &&
      isIsoDate(value?.lastEventDate) &&
      (value?.knowledgeDate === undefined || isIsoDate(value.knowledgeDate))
    );
  },
};

export const AnswersSchema = z
  .object(
    {
      category: choice(FEEDBACK_CATEGORIES),
      victimIsMinor: flag.optional(),
      victimAge14Plus: flag.optional(),
      victimVulnerable: flag.optional(),
      authorKnown: tristate.optional(),
      authorRelationship: choice(AUTHOR_RELATIONSHIPS).optional(),
      authorIsMinor: tristate.optional(),
      firstEventDate: IsoDateSchema,
      lastEventDate: IsoDateSchema,
      knowledgeDate: IsoDateSchema.optional(),
      ongoing: flag.optional(),
      repeated: flag.optional(),
      effects: z.array(choice(STALKING_EFFECTS), { error: FEEDBACK_MESSAGES.invalidChoice }).optional(),
      channel: choice(CHANNELS).optional(),
      audience: choice(AUDIENCES).optional(),
      victimIdentifiable: tristate.optional(),
      harmsReputation: flag.optional(),
      specificFact: flag.optional(),
      // Tristate: a victim may not know whether a message was read live or later ("Non so").
      victimPresent: tristate.optional(),
      truthAndPublicInterest: tristate.optional(),
      victimPublicOfficial: flag.optional(),
      provoked: flag.optional(),
      sexuallyExplicit: flag.optional(),
      meantPrivate: flag.optional(),
      consentToShare: tristate.optional(),
      authorMadeOrTook: flag.optional(),
      sharedToHarm: flag.optional(),
      sharingOnlyThreatened: flag.optional(),
      aiGenerated: flag.optional(),
      threatened: flag.optional(),
      threatSerious: flag.optional(),
      threatAggravated: flag.optional(),
      demand: flag.optional(),
      demandKind: choice(DEMAND_KINDS).optional(),
      victimComplied: flag.optional(),
      discriminatoryMotive: choice(DISCRIMINATORY_MOTIVES).optional(),
      incitement: choice(INCITEMENTS).optional(),
      // Asked only of a minor: the author asked for sexual images, videos or acts, with or without a threat.
      askedForSexualContent: flag.optional(),
      impersonation: flag.optional(),
      accountAccessed: flag.optional(),
      // Images or sounds of private life recorded in secret in a private place, or spread (art. 615-bis).
      secretRecording: tristate.optional(),
      complaintFiled: flag.optional(),
      ammonimentoIssued: flag.optional(),
      platform: text(PLATFORM_MAX_LENGTH, MESSAGES.tooLong).optional(),
      crimeUrl: text(URL_MAX_LENGTH, MESSAGES.tooLong).optional(),
      description: text(DESCRIPTION_MAX_LENGTH, FEEDBACK_MESSAGES.descriptionTooLong).optional(),
    },
    { error: FEEDBACK_MESSAGES.answersRequired },
  )
  .superRefine((answers, ctx) => {
    if (isBefore(answers.lastEventDate, answers.firstEventDate)) {
      ctx.addIssue({
        code: "custom",
        path: ["lastEventDate"],
        message: FEEDBACK_MESSAGES.lastBeforeFirst,
        input: answers.lastEventDate,
      });
    }
    if (answers.knowledgeDate !== undefined && isBefore(answers.knowledgeDate, answers.firstEventDate)) {
      ctx.addIssue({
        code: "custom",
        path: ["knowledgeDate"],
        message: FEEDBACK_MESSAGES.knowledgeBeforeFirst,
        input: answers.knowledgeDate,
      });
    }
  }, datesAreValid);
export type Answers = z.infer<typeof AnswersSchema>;

export const DATE_FIELDS = ["firstEventDate", "lastEventDate", "knowledgeDate"] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export interface AnswersAsOfIssue {
  field: DateField;
  message: string;
}

/**
 * The checks that need the evaluation day (the Europe/Rome calendar day of the request): no date after it.
 * Returns the issues in field order, empty when the answers fit; the API reports the first one.
 */
export function validateAnswersAsOf(answers: Pick<Answers, DateField>, asOf: IsoDate): AnswersAsOfIssue[] {
  return DATE_FIELDS.flatMap((field) => {
    const value = answers[field];
    return value !== undefined && isIsoDate(value) && isAfter(value, asOf)
      ? [{ field, message: FEEDBACK_MESSAGES.futureDate }]
      : [];
  });
}

/** POST /v1/feedback body: the answers plus the two required declarations. */
export const FeedbackRequestSchema = z.object({
  answers: AnswersSchema,
  statementOfTruth: z.literal(true, { error: MESSAGES.truthStatementRequired }),
  privacyAccepted: PrivacyAcceptanceSchema,
  /** Lawyers do not see who she is until she says so on the case page (ADR 038); off when not sent. */
  anonymous: z.boolean().optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
