import { z } from "zod";
import { PRODUCT_CODES } from "../catalogue/product.ts";
import { isIsoDate } from "../shared/calendar.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { EVALUATION } from "./evaluation.ts";

// The engine's output (docs/decisions/005-feedback-engine-readings.md). The API validates what it returns
// with FeedbackResultSchema, so the schema has no transforms.

export const OFFENCE_CODES = [
  "STALKING",
  "DEFAMATION",
  "REVENGE_PORN",
  "DEEPFAKE",
  "EXTORTION",
  "THREAT",
  "HATE_PROPAGANDA",
  "IMPERSONATION",
  "PRIVATE_LIFE_INTRUSION",
  "UNAUTHORISED_ACCESS",
  "UNLAWFUL_DATA_PROCESSING",
  "SEXUAL_VIOLENCE",
] as const;
export type OffenceCode = (typeof OFFENCE_CODES)[number];

/** QUERELA: only on the victim's complaint, within a term. UFFICIO: prosecuted ex officio. */
export const PROCEDIBILITIES = ["QUERELA", "UFFICIO"] as const;
export type Procedibility = (typeof PROCEDIBILITIES)[number];

/** The spec's eight feedback sections (SPEC §3), in display order, with their titles. */
export const SECTION = labelledEnum({
  lawDetail: "Cosa dice la legge",
  whyNoCrime: "Perché alcuni reati non sembrano presenti",
  aggravatingAndPenalties: "Aggravanti e pene",
  damageCompensation: "Risarcimento del danno",
  usefulToKnow: "Utile da sapere",
  additionalNotes: "Note aggiuntive",
  actionsAndDeadlines: "Cosa fare ed entro quando",
  exclusions: "Cause che escludono il reato (scriminanti)",
});
export type SectionKey = EnumValue<typeof SECTION>;

export const DEADLINE_KINDS = ["QUERELA", "PRESCRIPTION", "GARANTE", "PLATFORM"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

const IsoDateOutputSchema = z.string().refine(isIsoDate, { error: "Data non valida" });

export const OffenceSchema = z.object({
  code: z.enum(OFFENCE_CODES),
  /** Like "612-bis c.p." or "167 D.Lgs. 196/2003". */
  article: z.string().min(1),
  title: z.string().min(1),
  procedibility: z.enum(PROCEDIBILITIES),
  /** Last day to file the complaint; null when prosecuted ex officio or a complaint was already filed. */
  complaintDeadline: IsoDateOutputSchema.nullable(),
  /**
   * The day the offence prescribes (art. 157 c.p., without interruptions). For ongoing stalking the period
   * has not started: the date is computed as if the conduct ended on the evaluation day, the earliest it can be.
   */
  prescriptionDate: IsoDateOutputSchema,
  penalty: z.string().min(1),
  aggravations: z.array(z.string().min(1)),
  /** False when an element the offence needs is unknown: the offence only might exist. */
  certain: z.boolean(),
});
export type Offence = z.infer<typeof OffenceSchema>;

export const SectionEntrySchema = z.object({
  text: z.string().min(1),
  article: z.string().min(1).optional(),
});
export type SectionEntry = z.infer<typeof SectionEntrySchema>;

export const SectionsSchema = z.object({
  lawDetail: z.array(SectionEntrySchema),
  whyNoCrime: z.array(SectionEntrySchema),
  aggravatingAndPenalties: z.array(SectionEntrySchema),
  damageCompensation: z.array(SectionEntrySchema),
  usefulToKnow: z.array(SectionEntrySchema),
  additionalNotes: z.array(SectionEntrySchema),
  actionsAndDeadlines: z.array(SectionEntrySchema),
  exclusions: z.array(SectionEntrySchema),
});
export type Sections = z.infer<typeof SectionsSchema>;

export const DeadlineSchema = z.object({
  kind: z.enum(DEADLINE_KINDS),
  date: IsoDateOutputSchema,
  article: z.string().min(1),
  note: z.string().min(1),
  /**
   * A complaint date given for prudence only: the author is not known, so the term has not begun (it runs
   * from knowing who did it) and the date is counted from knowing the facts. Absent otherwise.
   */
  prudent: z.literal(true).optional(),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

export const FeedbackResultSchema = z.object({
  evaluation: z.enum(EVALUATION.values),
  offences: z.array(OffenceSchema),
  sections: SectionsSchema,
  deadlines: z.array(DeadlineSchema).refine(
    // ISO days of four-digit years sort as strings.
    (deadlines) => deadlines.every((d, i) => i === 0 || (deadlines[i - 1]?.date ?? d.date) <= d.date),
    { error: "Le scadenze devono essere in ordine di data" },
  ),
  humanReview: z.boolean(),
  recommendedServices: z.array(z.enum(PRODUCT_CODES)),
  rulesVersion: z.string().min(1),
  /**
   * What the victim can do in civil court instead of (or besides) a complaint: damages without a crime,
   * the civil sanction for an insult, damages once the criminal terms have passed. Optional only so that
   * results stored before it existed still validate; the engine always sets it.
   */
  civilRemedies: z.array(SectionEntrySchema).optional(),
  /** The evaluation day the result was computed for (countdowns in the texts refer to it). */
  asOf: IsoDateOutputSchema,
});
export type FeedbackResult = z.infer<typeof FeedbackResultSchema>;
