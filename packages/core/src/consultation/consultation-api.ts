import { z } from "zod";
import { PHONE_PATTERN } from "../identity/profile.ts";
import { isIsoDate } from "../shared/calendar.ts";
import {
  EmailSchema,
  ifFilled,
  NO_SPECIAL_CHARS_PATTERN,
  PrivacyAcceptanceSchema,
  RequiredStringSchema,
} from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { CONSULTATION_MESSAGES } from "./consultation-messages.ts";
import {
  CONSULTATION_KIND,
  CONSULTATION_MAX_PERIOD_DAYS,
  CONSULTATION_NAME_MAX_LENGTH,
  CONSULTATION_OUTCOME,
  CONSULTATION_STATUS,
  CONSULTATION_TOKEN_HEADER,
  CONSULTATION_TOKEN_MAX_LENGTH,
  CONSULTATION_VIDEO_URL_MAX_LENGTH,
} from "./consultation-terms.ts";
import {
  type AvailabilityRules,
  CONSULTATION_MINUTES,
  CONSULTATION_TIME_ZONE,
  isWallTime,
  wallTimeMinutes,
} from "./slots.ts";

// The free consultation (spec §1 "a free consultation appointment with the team", ADR 031): one team calendar,
// 30-minute slots by video or phone, booked by anyone (a visitor or a signed-in client, who may attach one of
// their practices), managed from the confirmation mail's link (a signed token in a header, never in an API
// URL), worked by staff from the agenda. Times are Europe/Rome's. The calls' schemas are here; the limits, kinds
// and states, which screens show without checking anything, are in consultation-terms.ts.

// ─── Field schemas ───────────────────────────────────────────────────────────────────────────────────────

/** A Rome calendar day, YYYY-MM-DD. */
export const ConsultationDaySchema = z
  .string({ error: MESSAGES.invalidDate })
  .refine(isIsoDate, { error: MESSAGES.invalidDate });

/** An instant, ISO 8601 with its offset or Z. */
export const InstantSchema = z.iso.datetime({ offset: true, error: MESSAGES.invalidDate });

/** A slot's start as the booking and the move send it: one of the slots answer's `startsAt`. */
export const SlotStartSchema = z.iso.datetime({ offset: true, error: CONSULTATION_MESSAGES.slotNotOffered });

const required = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === "" ? MESSAGES.required : MESSAGES.invalidChoice;

export const ConsultationKindSchema = z.enum(CONSULTATION_KIND.values, { error: required });

/** The name and surname together, as a person writes them ("Maria Rossi"). */
export const ConsultationNameSchema = RequiredStringSchema.refine(
  (value) => NO_SPECIAL_CHARS_PATTERN.test(value),
  { error: MESSAGES.specialCharacters, ...ifFilled },
).refine((value) => value.length <= CONSULTATION_NAME_MAX_LENGTH, { error: MESSAGES.tooLong, ...ifFilled });

/** Spaces, dots, dashes, slashes and brackets people type in a number. */
const PHONE_SEPARATORS = /[\s.\-/()]/g;

/**
 * Digits with an optional leading "+", separators allowed as typed and taken out; empty is no number (null).
 * Required only for a phone call (the booking's check).
 */
export const ConsultationPhoneSchema = z
  .string({ error: MESSAGES.invalidNumber })
  .trim()
  .refine((value) => PHONE_PATTERN.test(value.replace(PHONE_SEPARATORS, "")), {
    error: MESSAGES.invalidNumber,
    ...ifFilled,
  })
  .transform((value) => value.replace(PHONE_SEPARATORS, "") || null)
  // Null too: what the web's form parsed is sent as it is.
  .nullish()
  .transform((value) => value ?? null);

// ─── The public calls ────────────────────────────────────────────────────────────────────────────────────

function checkPeriod(period: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!period.from || !period.to || !isIsoDate(period.from) || !isIsoDate(period.to)) return;
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: "custom", path: ["to"], message: MESSAGES.periodReversed });
  else if (days >= CONSULTATION_MAX_PERIOD_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: CONSULTATION_MESSAGES.periodTooLong });
}

/**
 * GET /v1/consultations/slots: Rome calendar days, both included; without them, today to the horizon. Days
 * before today or past the horizon are left out of the answer, not refused.
 */
export const SlotsQuerySchema = z
  .object({ from: ConsultationDaySchema.optional(), to: ConsultationDaySchema.optional() })
  .superRefine(checkPeriod);
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

/** A free slot: its start, and the same on Rome's calendar and clock for the page. */
export const SlotSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  /** Rome calendar day, YYYY-MM-DD. */
  date: z.string(),
  /** Rome wall-clock time, HH:MM. */
  time: z.string(),
});
export type Slot = z.infer<typeof SlotSchema>;

export const SlotsAnswerSchema = z.object({
  timeZone: z.literal(CONSULTATION_TIME_ZONE),
  minutes: z.literal(CONSULTATION_MINUTES),
  /** The days actually covered (the query's, clamped to today … the horizon). */
  from: z.string(),
  to: z.string(),
  /** The free slots, in order. */
  slots: z.array(SlotSchema),
});
export type SlotsAnswer = z.infer<typeof SlotsAnswerSchema>;

/**
 * POST /v1/consultations: who, how (video or phone) and when (a slot's `startsAt`). A signed-in client may
 * attach one of their own practices; a visitor never a practice.
 */
export const ConsultationBookingSchema = z
  .object({
    name: ConsultationNameSchema,
    email: EmailSchema,
    phone: ConsultationPhoneSchema,
    kind: ConsultationKindSchema,
    startsAt: SlotStartSchema,
    practiceId: z.uuid({ error: MESSAGES.invalidChoice }).optional(),
    privacyAccepted: PrivacyAcceptanceSchema,
  })
  // The team calls the number only for a phone call: a video call needs none. Checked beside the other
  // fields' issues, so the form shows it at once.
  .superRefine(
    (booking, ctx) => {
      const { kind, phone } = booking as { kind?: unknown; phone?: unknown };
      if (kind === "phone" && (typeof phone !== "string" || phone.trim() === ""))
        ctx.addIssue({ code: "custom", path: ["phone"], message: CONSULTATION_MESSAGES.phoneForCall });
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
/** What the form holds. */
export type ConsultationBookingForm = z.input<typeof ConsultationBookingSchema>;
export type ConsultationBooking = z.output<typeof ConsultationBookingSchema>;

/** A booking as its person sees it (the booking's answer, the manage page). */
export const ConsultationSchema = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** The start on Rome's calendar and clock, for display. */
  date: z.string(),
  time: z.string(),
  kind: z.enum(CONSULTATION_KIND.values),
  status: z.enum(CONSULTATION_STATUS.values),
  name: z.string(),
  email: z.string(),
  /** Null for a video call booked without one. */
  phone: z.string().nullable(),
  /** The attached practice's number (AR-…), when one is attached. */
  practiceTicketCode: z.string().nullable(),
  /** The video call's address, once staff sent it. */
  videoUrl: z.string().nullable(),
});
export type Consultation = z.infer<typeof ConsultationSchema>;

/**
 * POST /v1/consultations' answer. "booked": held now (a signed-in client whose confirmed e-mail it is), the
 * consultation given. "requested": a mail went to `email` with the link that confirms it; the answer is the
 * same when that address already had one within CONSULTATION_REQUEST_MAIL_HOURS or has its upcoming
 * consultations, and then nothing is stored or mailed: a visitor learns nothing about an address's bookings.
 */
export const BookingAnswerSchema = z.object({
  status: z.enum(["requested", "booked"]),
  email: z.string(),
  consultation: ConsultationSchema.nullable(),
});
export type BookingAnswer = z.infer<typeof BookingAnswerSchema>;

/** The manage page's view: the booking, and whether it can still be moved or cancelled from the link. */
export const ManagedConsultationSchema = ConsultationSchema.extend({
  /** Booked, and more than CONSULTATION_CHANGE_CUTOFF_MINUTES before the start. */
  changeable: z.boolean(),
  /** Until when it can be moved or cancelled. */
  changeableUntil: z.iso.datetime({ offset: true }),
});
export type ManagedConsultation = z.infer<typeof ManagedConsultationSchema>;

/** The manage calls' header: the mail link's token. */
export const ConsultationTokenHeadersSchema = z.object({
  [CONSULTATION_TOKEN_HEADER]: z
    .string({ error: CONSULTATION_MESSAGES.linkInvalid })
    .min(1, { error: CONSULTATION_MESSAGES.linkInvalid })
    .max(CONSULTATION_TOKEN_MAX_LENGTH, { error: CONSULTATION_MESSAGES.linkInvalid }),
});

/**
 * GET /v1/consultations/mine: a signed-in client's own consultations (booked from her account), upcoming
 * first, each with the practice it is attached to and the manage page's address (the mail's link).
 */
export const ClientConsultationSchema = ManagedConsultationSchema.extend({
  practiceId: z.uuid().nullable(),
  /**
   * The manage page with this booking's token: move, cancel or confirm from the client's area. Null for a
   * request made with another address than her confirmed one: that address's mail confirms it, not the area.
   */
  managePath: z.string().nullable(),
});
export type ClientConsultation = z.infer<typeof ClientConsultationSchema>;

export const ClientConsultationsSchema = z.object({ data: z.array(ClientConsultationSchema) });
export type ClientConsultations = z.infer<typeof ClientConsultationsSchema>;

/** POST /v1/consultations/manage/move: the new slot's start. */
export const ConsultationMoveSchema = z.object({ startsAt: SlotStartSchema });
export type ConsultationMove = z.infer<typeof ConsultationMoveSchema>;

// ─── The staff's calls ───────────────────────────────────────────────────────────────────────────────────

/** GET /v1/admin/consultations: Rome calendar days, both included (a day or a week of the agenda). */
export const AgendaQuerySchema = z
  .object({ from: ConsultationDaySchema, to: ConsultationDaySchema })
  .superRefine(checkPeriod);
export type AgendaQuery = z.infer<typeof AgendaQuerySchema>;

/** A booking in the staff's agenda. */
export const StaffConsultationSchema = ConsultationSchema.extend({
  /** The practice attached, for the case page. */
  practiceId: z.uuid().nullable(),
  /** Booked by a signed-in client (true) or a visitor. */
  byClient: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StaffConsultation = z.infer<typeof StaffConsultationSchema>;

export const AgendaSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every booking starting in the period, cancelled ones too, by start. */
  data: z.array(StaffConsultationSchema),
});
export type Agenda = z.infer<typeof AgendaSchema>;

export const ConsultationParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.notFound }) });

/** PUT /v1/admin/consultations/:id/outcome. */
export const ConsultationOutcomeSchema = z.object({
  outcome: z.enum(CONSULTATION_OUTCOME.values, { error: required }),
});
export type ConsultationOutcomeBody = z.infer<typeof ConsultationOutcomeSchema>;

/** An https address a video call opens (a meeting room), at most CONSULTATION_VIDEO_URL_MAX_LENGTH long. */
export const VideoUrlSchema = RequiredStringSchema.refine(
  (value) => {
    if (value.length > CONSULTATION_VIDEO_URL_MAX_LENGTH) return false;
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
    } catch {
      return false;
    }
  },
  { error: CONSULTATION_MESSAGES.videoUrlInvalid, ...ifFilled },
);

/** PUT /v1/admin/consultations/:id/video-link: the meeting's address, mailed to the person. */
export const ConsultationVideoLinkSchema = z.object({ videoUrl: VideoUrlSchema });
export type ConsultationVideoLink = z.infer<typeof ConsultationVideoLinkSchema>;

// ─── Availability ────────────────────────────────────────────────────────────────────────────────────────

/** The most ranges a week or the exceptions hold: a calendar, not a data dump. */
export const AVAILABILITY_MAX_WEEKLY_RANGES = 70;
export const AVAILABILITY_MAX_EXCEPTIONS = 366;
export const AVAILABILITY_MAX_RANGES_PER_DAY = 10;

const StartTimeSchema = z
  .string({ error: CONSULTATION_MESSAGES.invalidTime })
  .refine((value) => isWallTime(value), { error: CONSULTATION_MESSAGES.invalidTime });
const EndTimeSchema = z
  .string({ error: CONSULTATION_MESSAGES.invalidTime })
  .refine((value) => isWallTime(value, true), { error: CONSULTATION_MESSAGES.invalidTime });

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isWallTime(range.from) || !isWallTime(range.to, true)) return;
  const length = wallTimeMinutes(range.to) - wallTimeMinutes(range.from);
  if (length <= 0)
    ctx.addIssue({ code: "custom", path: ["to"], message: CONSULTATION_MESSAGES.rangeReversed });
  else if (length < CONSULTATION_MINUTES)
    ctx.addIssue({ code: "custom", path: ["to"], message: CONSULTATION_MESSAGES.rangeTooShort });
}

/** A range of one day: "09:30"–"13:00" (24:00 for midnight), at least one consultation long. */
export const OpeningRangeSchema = z
  .object({ from: StartTimeSchema, to: EndTimeSchema })
  .superRefine(checkRange);

/** ISO weekday: 1 is Monday, 7 Sunday. */
export const WeekdaySchema = z.literal([1, 2, 3, 4, 5, 6, 7], { error: MESSAGES.invalidChoice });

export const WeeklyRangeSchema = z
  .object({ weekday: WeekdaySchema, from: StartTimeSchema, to: EndTimeSchema })
  .superRefine(checkRange);

export const AvailabilityExceptionSchema = z.object({
  date: ConsultationDaySchema,
  /** Empty: closed that day. */
  ranges: z.array(OpeningRangeSchema).max(AVAILABILITY_MAX_RANGES_PER_DAY, { error: MESSAGES.tooLong }),
});

/** Whether two ranges of one day overlap (touching ends do not). */
function overlapping(ranges: { from: string; to: string }[]): number {
  const sorted = ranges
    .map((range, index) => ({ index, from: wallTimeMinutes(range.from), to: wallTimeMinutes(range.to) }))
    .sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (previous && current && current.from < previous.to) return current.index;
  }
  return -1;
}

/** A range whose times are readable (others have their own issues already). */
function valid(range: unknown): range is { from: string; to: string } {
  if (typeof range !== "object" || range === null) return false;
  const { from, to } = range as { from?: unknown; to?: unknown };
  return isWallTime(from) && isWallTime(to, true);
}

/** The week's overlaps and the exceptions' (a day twice, overlapping ranges), even beside other issues. */
function checkCalendar(
  availability: { weekly: unknown[]; exceptions: unknown[] },
  ctx: z.RefinementCtx,
): void {
  for (let weekday = 1; weekday <= 7; weekday++) {
    const indexes = availability.weekly.flatMap((range, index) =>
      valid(range) && (range as { weekday?: unknown }).weekday === weekday ? [index] : [],
    );
    const clash = overlapping(
      indexes.map((index) => availability.weekly[index] as { from: string; to: string }),
    );
    if (clash >= 0)
      ctx.addIssue({
        code: "custom",
        path: ["weekly", indexes[clash] ?? 0, "from"],
        message: CONSULTATION_MESSAGES.rangesOverlap,
      });
  }
  const seen = new Set<unknown>();
  availability.exceptions.forEach((exception, index) => {
    if (typeof exception !== "object" || exception === null) return;
    const { date, ranges } = exception as { date?: unknown; ranges?: unknown };
    if (typeof date === "string" && seen.has(date))
      ctx.addIssue({
        code: "custom",
        path: ["exceptions", index, "date"],
        message: CONSULTATION_MESSAGES.duplicateException,
      });
    seen.add(date);
    if (!Array.isArray(ranges) || !ranges.every(valid)) return;
    const clash = overlapping(ranges);
    if (clash >= 0)
      ctx.addIssue({
        code: "custom",
        path: ["exceptions", index, "ranges", clash, "from"],
        message: CONSULTATION_MESSAGES.rangesOverlap,
      });
  });
}

/**
 * The team's hours (GET/PUT /v1/admin/consultations/availability): the week's ranges, and the days with hours
 * of their own (closed, or other ranges). The PUT replaces both.
 */
export const AvailabilitySchema = z
  .object({
    weekly: z.array(WeeklyRangeSchema).max(AVAILABILITY_MAX_WEEKLY_RANGES, { error: MESSAGES.tooLong }),
    exceptions: z
      .array(AvailabilityExceptionSchema)
      .max(AVAILABILITY_MAX_EXCEPTIONS, { error: MESSAGES.tooLong }),
  })
  // Checked beside the ranges' own issues, so a form shows an overlap at once, not after the rest is fixed.
  .superRefine(checkCalendar, {
    when: ({ value }) => {
      const { weekly, exceptions } = (value ?? {}) as { weekly?: unknown; exceptions?: unknown };
      return Array.isArray(weekly) && Array.isArray(exceptions);
    },
  });
export type Availability = z.infer<typeof AvailabilitySchema>;

// The schema's shape is the slot logic's: an Availability is AvailabilityRules.
export type { AvailabilityRules };
