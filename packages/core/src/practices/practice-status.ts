import { z } from "zod";

// Practice statuses and their labels (spec §4). TO_PAID is the provider's spelling, kept as is.
export const PRACTICE_STATUSES = ["PENDING", "OPEN", "CLOSED", "TO_PAID"] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];
export const PracticeStatusSchema = z.enum(PRACTICE_STATUSES);

export const PRACTICE_STATUS_LABELS = {
  PENDING: "in attesa",
  OPEN: "aperto",
  CLOSED: "conclusa",
  TO_PAID: "da pagare",
} as const satisfies Record<PracticeStatus, string>;

export function isPracticeStatus(value: unknown): value is PracticeStatus {
  return (PRACTICE_STATUSES as readonly unknown[]).includes(value);
}

/** The Italian label; an unknown status is shown as it came rather than hidden. */
export function practiceStatusLabel(status: string): string {
  return isPracticeStatus(status) ? PRACTICE_STATUS_LABELS[status] : status;
}

/** PATCH /v1/practices/{id}/status: clients can only close; staff also reopen (lifecycle.ts decides). */
export const PracticeStatusUpdateBodySchema = z.object({ status: PracticeStatusSchema });
export type PracticeStatusUpdateBody = z.infer<typeof PracticeStatusUpdateBodySchema>;
