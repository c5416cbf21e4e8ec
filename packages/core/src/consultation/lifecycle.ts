import type { ConsultationStatus } from "./consultation-api.ts";

// A consultation's lifecycle (ADR 031). Who may move a booking from one status to another:
//   booked → cancelled        the person, from the mail's link (until CONSULTATION_CHANGE_CUTOFF_MINUTES
//                             before the start)
//   booked → done | missed    staff, once it started
//   done ⇄ missed             staff, correcting what they marked
// A move to another slot keeps it booked (a new start, the invitation's SEQUENCE one higher). A cancelled
// consultation is final: its slot is free again, and the person books anew.

export type ConsultationActor = "person" | "staff";

const TRANSITIONS: Record<
  ConsultationStatus,
  Partial<Record<ConsultationStatus, readonly ConsultationActor[]>>
> = {
  booked: { cancelled: ["person"], done: ["staff"], missed: ["staff"] },
  cancelled: {},
  done: { missed: ["staff"] },
  missed: { done: ["staff"] },
};

export function canTransition(
  from: ConsultationStatus,
  to: ConsultationStatus,
  actor: ConsultationActor,
): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses from which an actor may move a consultation to `to` (the conditional update's guard). */
export function statusesBefore(to: ConsultationStatus, actor: ConsultationActor): ConsultationStatus[] {
  return (Object.keys(TRANSITIONS) as ConsultationStatus[]).filter((from) => canTransition(from, to, actor));
}

/** Only a booked consultation takes a new slot. */
export function canMove(status: ConsultationStatus): boolean {
  return status === "booked";
}
