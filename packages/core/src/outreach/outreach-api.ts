import { z } from "zod";
import { PersonNameSchema } from "../identity/profile.ts";
import { MessageSchema } from "../identity/users-api.ts";
import { EmailSchema, ifFilled, PrivacyAcceptanceSchema, RequiredStringSchema } from "../shared/fields.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { MESSAGES } from "../shared/messages.ts";
import { PagingQuerySchema } from "../shared/paging.ts";

// The outreach domain: the public site's newsletter (double opt-in), the partnership sign-up ("Lavora con
// noi") and the call for ideas ("Una buona idea"). Request bodies of the public calls, which the web forms
// validate with too, and the admin lists of /v1/admin/*. Messages are spec §5's (Italian, verbatim).

/** How long the newsletter's confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 48;
export const ORGANIZATION_MAX_LENGTH = 200;
export const PARTNERSHIP_MESSAGE_MIN_LENGTH = 20;
export const PARTNERSHIP_MESSAGE_MAX_LENGTH = 2000;
export const IDEA_TITLE_MAX_LENGTH = 120;
export const IDEA_DESCRIPTION_MIN_LENGTH = 30;
export const IDEA_DESCRIPTION_MAX_LENGTH = 4000;
/** A confirmation token is 43 characters; anything much longer is not one of ours. */
const TOKEN_MAX_LENGTH = 200;

// ─── Enums and their labels ──────────────────────────────────────────────────────────────────────────────

/** How the admin table names a subscription's state. */
export const NEWSLETTER_STATUS = labelledEnum({
  PENDING: "in attesa di conferma",
  CONFIRMED: "confermata",
});
export type NewsletterStatus = EnumValue<typeof NEWSLETTER_STATUS>;

/** Who offers to work with us ("Lavora con noi"). */
export const PARTNERSHIP_KIND = labelledEnum({
  LAWYER: "Avvocato",
  LAW_FIRM: "Studio legale",
  ASSOCIATION: "Associazione",
  SCHOOL: "Scuola o università",
  FORENSIC_EXPERT: "Esperto informatico forense",
  OTHER: "Altro",
});
export type PartnershipKind = EnumValue<typeof PARTNERSHIP_KIND>;

/** Nothing chosen (a select's empty placeholder) is 'Campo Obbligatorio'; an unknown value is refused. */
export const PartnershipKindSchema = z.enum(PARTNERSHIP_KIND.values, {
  error: (issue) =>
    issue.input === undefined || issue.input === "" ? MESSAGES.required : MESSAGES.invalidChoice,
});

// ─── Field schemas ───────────────────────────────────────────────────────────────────────────────────────

/** PostgreSQL text cannot hold NUL; no person types it either. */
const hasNoNul = (value: string) => !value.includes("\u0000");

/** A required free text from min to max characters (after trimming); an empty one is 'Campo Obbligatorio'. */
function freeText(min: number, max: number) {
  return RequiredStringSchema.refine((value) => value.length >= min, {
    error: MESSAGES.textTooShort(min),
    ...ifFilled,
  })
    .refine((value) => value.length <= max, { error: MESSAGES.textTooLong(max), ...ifFilled })
    .refine(hasNoNul, { error: MESSAGES.specialCharacters, ...ifFilled });
}

/** Optional: empty means none. */
export const OrganizationSchema = z
  .string({ error: MESSAGES.invalidChoice })
  .trim()
  .refine((value) => value.length <= ORGANIZATION_MAX_LENGTH, {
    error: MESSAGES.textTooLong(ORGANIZATION_MAX_LENGTH),
  })
  .refine(hasNoNul, { error: MESSAGES.specialCharacters })
  .optional();

// ─── Public calls ────────────────────────────────────────────────────────────────────────────────────────

/** POST /v1/newsletter: the same answer whether the address is new, waiting for confirmation or confirmed. */
export const NewsletterSignupSchema = z.object({
  email: EmailSchema,
  privacyAccepted: PrivacyAcceptanceSchema,
});
export type NewsletterSignup = z.infer<typeof NewsletterSignupSchema>;

/** POST /v1/newsletter/confirm: the token of the mailed link. */
export const NewsletterConfirmSchema = z.object({
  token: RequiredStringSchema.max(TOKEN_MAX_LENGTH, { error: MESSAGES.newsletterInvalidLink }),
});
export type NewsletterConfirm = z.infer<typeof NewsletterConfirmSchema>;

/** POST /v1/partnerships ("Lavora con noi"). */
export const PartnershipRequestSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  organization: OrganizationSchema,
  kind: PartnershipKindSchema,
  message: freeText(PARTNERSHIP_MESSAGE_MIN_LENGTH, PARTNERSHIP_MESSAGE_MAX_LENGTH),
  privacyAccepted: PrivacyAcceptanceSchema,
});
export type PartnershipRequest = z.infer<typeof PartnershipRequestSchema>;

/** POST /v1/ideas ("Una buona idea"). */
export const IdeaSubmissionSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  title: freeText(1, IDEA_TITLE_MAX_LENGTH),
  description: freeText(IDEA_DESCRIPTION_MIN_LENGTH, IDEA_DESCRIPTION_MAX_LENGTH),
  privacyAccepted: PrivacyAcceptanceSchema,
});
export type IdeaSubmission = z.infer<typeof IdeaSubmissionSchema>;

/** Every public call answers with a message to show as is. */
export const OutreachAnswerSchema = MessageSchema;
export type OutreachAnswer = z.infer<typeof OutreachAnswerSchema>;

// ─── Admin lists (GET /v1/admin/…) ───────────────────────────────────────────────────────────────────────

/** A page of a list, newest first; page is 1-based. */
export const OutreachListQuerySchema = PagingQuerySchema;
export type OutreachListQuery = z.infer<typeof OutreachListQuerySchema>;

const page = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), data: z.array(item) });

export const AdminNewsletterSubscriptionSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUS.values),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type AdminNewsletterSubscription = z.infer<typeof AdminNewsletterSubscriptionSchema>;
export const AdminNewsletterSubscriptionListSchema = page(AdminNewsletterSubscriptionSchema);
export type AdminNewsletterSubscriptionList = z.infer<typeof AdminNewsletterSubscriptionListSchema>;

export const AdminPartnershipRequestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  kind: z.enum(PARTNERSHIP_KIND.values),
  message: z.string(),
  createdAt: z.string(),
});
export type AdminPartnershipRequest = z.infer<typeof AdminPartnershipRequestSchema>;
export const AdminPartnershipRequestListSchema = page(AdminPartnershipRequestSchema);
export type AdminPartnershipRequestList = z.infer<typeof AdminPartnershipRequestListSchema>;

export const AdminIdeaSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type AdminIdea = z.infer<typeof AdminIdeaSchema>;
export const AdminIdeaListSchema = page(AdminIdeaSchema);
export type AdminIdeaList = z.infer<typeof AdminIdeaListSchema>;
