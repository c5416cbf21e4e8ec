import type { PracticeStatus } from "./practice-status.ts";

// The practice lifecycle (ADR 006). Who may move a practice from one status to another:
//   PENDING → TO_PAID   the system, when services are chosen and an order awaits payment
//   TO_PAID → PENDING   the system, when that order is abandoned
//   PENDING | TO_PAID → OPEN   the system, when a service is paid
//   any open status → CLOSED   the owner client (after confirming) or staff
//   CLOSED → OPEN | PENDING    staff only: reopening needs the team (spec §4)

export type LifecycleActor = "client" | "staff" | "system";

const TRANSITIONS: Record<PracticeStatus, Partial<Record<PracticeStatus, readonly LifecycleActor[]>>> = {
  PENDING: { TO_PAID: ["system"], OPEN: ["system"], CLOSED: ["client", "staff"] },
  TO_PAID: { PENDING: ["system"], OPEN: ["system"], CLOSED: ["client", "staff"] },
  OPEN: { CLOSED: ["client", "staff"] },
  CLOSED: { OPEN: ["staff"], PENDING: ["staff"] },
};

export function canTransition(from: PracticeStatus, to: PracticeStatus, actor: LifecycleActor): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses an actor can move a practice to from `from`. */
export function nextStatuses(from: PracticeStatus, actor: LifecycleActor): PracticeStatus[] {
  return (Object.entries(TRANSITIONS[from]) as [PracticeStatus, readonly LifecycleActor[]][])
    .filter(([, actors]) => actors.includes(actor))
    .map(([to]) => to);
}

/** A client may delete their practice only while it is PENDING: nothing was ordered or paid on it. */
export function canDelete(status: PracticeStatus): boolean {
  return status === "PENDING";
}
