// The legalization files' retention (spec §9): made files are kept a year; the client is warned
// 30 and 7 days before they go, and can download them all (a ZIP) until then.

import { FILES_RETENTION_YEARS } from "../shared/constants.ts";

const DAY_MS = 24 * 3600 * 1000;

/** The same moment `years` calendar years later (earlier when negative). */
function yearsOn(at: Date, years: number): Date {
  const moved = new Date(at);
  moved.setUTCFullYear(moved.getUTCFullYear() + years);
  return moved;
}

/** When made files go: FILES_RETENTION_YEARS calendar years after they were made (spec §9). */
export const filesExpireAt = (madeAt: Date): Date => yearsOn(madeAt, FILES_RETENTION_YEARS);

/** Days before the files go that the client is warned, the earliest first. */
export const RETENTION_WARNING_DAYS = [30, 7] as const;
export type RetentionWarningDays = (typeof RETENTION_WARNING_DAYS)[number];

export type RetentionStep = { kind: "warn"; days: RetentionWarningDays } | { kind: "delete" } | null;

/**
 * What the retention job does now for a session's files: delete them once expired; otherwise the nearest
 * warning reached and not yet sent (a warning missed, the server down that day, goes late rather than
 * never; the 7 days' warning alone when both are due).
 */
export function retentionStep(
  expireAt: Date,
  now: Date,
  warned: { warned30At: Date | null; warned7At: Date | null },
): RetentionStep {
  const left = expireAt.getTime() - now.getTime();
  if (left <= 0) return { kind: "delete" };
  if (left <= 7 * DAY_MS) return warned.warned7At ? null : { kind: "warn", days: 7 };
  if (left <= 30 * DAY_MS) return warned.warned30At || warned.warned7At ? null : { kind: "warn", days: 30 };
  return null;
}

/** How far ahead the job looks: the sessions whose first warning may be due. */
export const RETENTION_HORIZON_MS = 30 * DAY_MS;

/** The archive's file name: the practice number says which case it belongs to. */
export const legalizationArchiveFileName = (ticketCode: string) => `legalizzazione-${ticketCode}.zip`;

/**
 * How long a questionnaire's practice nobody claimed is kept (ADR 039): long enough for the complaint terms a
 * victim may still be counting on (three months, six for some offences, twelve for sexual violence) and a
 * return with the PDF's code and key after that, then its answers are deleted.
 */
export const UNCLAIMED_PRACTICE_RETENTION_DAYS = 400;

/**
 * How long the money documents of an erased account are kept (ADR 037): ten years from the last one issued for
 * the order (art. 2220 c.c. for the accounting records), then the order goes with them.
 */
export const ERASED_ORDER_RETENTION_YEARS = 10;

/** Before when an erased account's order must have had its last document issued for the pass to delete it. */
export const erasedOrderCutoff = (now: Date): Date => yearsOn(now, -ERASED_ORDER_RETENTION_YEARS);

/** Before when an unclaimed practice was opened for the retention pass to delete it. */
export const unclaimedPracticeCutoff = (now: Date): Date =>
  new Date(now.getTime() - UNCLAIMED_PRACTICE_RETENTION_DAYS * DAY_MS);
