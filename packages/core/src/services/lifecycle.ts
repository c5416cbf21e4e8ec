import type { ServiceStatus } from "./service-messages.ts";
import type { ServiceType } from "./service-type.ts";

// The life of a bought service (ADR 020). Who may move a service from one status to another:
//   TO_START → IN_PROGRESS            staff, when the work begins (DEFENCE only after the client accepted the
//                                     mandate: mandateRequired); the system, when a capture starts
//   IN_PROGRESS → DOCUMENTS_READY     staff, once the finished document is uploaded (documentRequired); the
//                                     system, when a capture's files are stored
//   IN_PROGRESS | DOCUMENTS_READY → COMPLETED   staff, nothing more to do
//   DOCUMENTS_READY | COMPLETED → IN_PROGRESS   staff, reopening the work (a document to redo, a new fact)
//   any but CANCELLED → CANCELLED     the system only, when the service is refunded (ADR 017)
// The legalization's session states come from its provider (ADR 021); the service follows this table, moved
// by the system as its capture starts and its files arrive.

export type ServiceLifecycleActor = "staff" | "system";

const TRANSITIONS: Record<ServiceStatus, Partial<Record<ServiceStatus, readonly ServiceLifecycleActor[]>>> = {
  TO_START: { IN_PROGRESS: ["staff", "system"], CANCELLED: ["system"] },
  IN_PROGRESS: { DOCUMENTS_READY: ["staff", "system"], COMPLETED: ["staff"], CANCELLED: ["system"] },
  DOCUMENTS_READY: { COMPLETED: ["staff"], IN_PROGRESS: ["staff"], CANCELLED: ["system"] },
  COMPLETED: { IN_PROGRESS: ["staff"], CANCELLED: ["system"] },
  CANCELLED: {},
};

export function canChangeServiceStatus(
  from: ServiceStatus,
  to: ServiceStatus,
  actor: ServiceLifecycleActor,
): boolean {
  return TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses staff can move a service to from `from` (the lawyer box's choices). */
export function nextServiceStatuses(from: ServiceStatus): ServiceStatus[] {
  return (Object.entries(TRANSITIONS[from]) as [ServiceStatus, readonly ServiceLifecycleActor[]][])
    .filter(([, actors]) => actors.includes("staff"))
    .map(([to]) => to);
}

/** Legal defence starts with the client's engagement letter (mandate.ts), accepted before any work. */
export function mandateRequired(serviceType: string): boolean {
  return serviceType === "DEFENCE";
}

/**
 * "Documents ready" means a lawyer's document is there to open. The legalization's files come from its
 * provider instead (ADR 021), so it is the one type that does not need an uploaded document.
 */
export function documentRequired(serviceType: string): boolean {
  return serviceType !== "LEGALIZATION";
}

/** The work staff do by hand, listed in their queue: every type but the capture the product runs itself. */
export const QUEUED_SERVICE_TYPES = [
  "TAKEDOWN",
  "INJUCTION",
  "ADVICE",
  "DEFENCE",
  "COMPENSATION",
] as const satisfies readonly ServiceType[];

/** Waiting for work: the queue lists services in these statuses. */
export const WAITING_SERVICE_STATUSES = [
  "TO_START",
  "IN_PROGRESS",
] as const satisfies readonly ServiceStatus[];

/** Why a change is refused, in Italian; null when it may go ahead. */
export function serviceStatusChangeError(
  service: { serviceType: string; status: ServiceStatus; mandateAcceptedAt: unknown; hasDocument: boolean },
  to: ServiceStatus,
): string | null {
  if (service.status === to) return null;
  if (!canChangeServiceStatus(service.status, to, "staff")) return SERVICE_STATUS_ERRORS.notAllowed;
  if (to === "IN_PROGRESS" && mandateRequired(service.serviceType) && !service.mandateAcceptedAt) {
    return SERVICE_STATUS_ERRORS.mandateMissing;
  }
  if (to === "DOCUMENTS_READY" && documentRequired(service.serviceType) && !service.hasDocument) {
    return SERVICE_STATUS_ERRORS.documentMissing;
  }
  return null;
}

export const SERVICE_STATUS_ERRORS = {
  notAllowed: "Il servizio non può passare a questo stato da quello attuale.",
  mandateMissing: "La difesa legale non può iniziare prima che il cliente abbia accettato il mandato.",
  documentMissing: "Carica prima il documento finito: il cliente lo potrà aprire appena è pronto.",
} as const;
