import type { ConsultationStatus } from "./consultation-terms.ts";

// A consultation's lifecycle (ADR 031 and its amendment). Who may move a booking from one status to another:
//   requested → booked        the person, confirming from the mail's link (only a booked one holds its slot:
//                             a visitor's request holds none, so a flood of requests leaves the calendar free)
//   requested → cancelled     the person, from the link
//   booked → cancelled        the person, from the link or her area (until CONSULTATION_CHANGE_CUTOFF_MINUTES
//                             before the start)
//   booked → done | missed    staff, once it started
//   done ⇄ missed             staff, correcting what they marked
// A signed-in client whose confirmed e-mail it is books straight as booked. A move to another slot keeps a
// booked consultation booked, and confirms a request (its link proves the mailbox). A cancelled
// consultation is final: its slot is free again, and the person books anew.

export type ConsultationActor = "person" | "staff";

const TRANSITIONS: Record<
  ConsultationStatus,
  Partial<Record<ConsultationStatus, readonly ConsultationActor[]>>
> = {
  requested: { booked: ["person"], cancelled: ["person"] },
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

/** A booked consultation takes a new slot, and a request too (the move confirms it). */
export function canMove(status: ConsultationStatus): boolean {
  return status === "booked" || status === "requested";
}

/** Whether the consultation is still to come in a way the person can act on (asked or held). */
export function isOpen(status: ConsultationStatus): boolean {
  return status === "booked" || status === "requested";
}
