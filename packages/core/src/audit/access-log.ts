import type { Role } from "../identity/roles.ts";
import type { AuditAction } from "./audit-actions.ts";

// "Chi ha visto la mia pratica" (the client's case page): which of the audit log's lines count as a staff
// member opening the client's case, and how each is said to the client.

/** The lines naming the practice itself (their resource id is the practice's id), and what was opened. */
export const PRACTICE_OPENINGS = {
  "practice.read": "La pratica",
  "practice.comment": "I messaggi della pratica",
  "practice.change-status": "La pratica, per cambiarne lo stato",
  "practice.manage-services": "La pratica, per gestirne i servizi",
  "practice.contact-client": "La pratica, per scriverti un'email",
  "practice.assign": "La pratica, per prenderla in carico",
  "practice.assignment.take": "La pratica, presa in carico",
  "practice.assignment.release": "La pratica, lasciata a un collega",
  "diary.read": "Il diario degli episodi che hai condiviso",
} as const satisfies Partial<Record<AuditAction, string>>;

/** The lines naming one of the practice's services (their resource id is the service's id). */
export const SERVICE_OPENINGS = {
  "service.read": "Un servizio della pratica",
  "service.upload-evidence": "I file caricati per un servizio",
  "service.upload-document": "I documenti di un servizio",
  "service.change-status": "Un servizio, per aggiornarne lo stato",
  "service.accept-mandate": "Il mandato di un servizio",
  "service.legalize": "Le prove da legalizzare",
} as const satisfies Partial<Record<AuditAction, string>>;

const OPENINGS: Record<string, string> = { ...PRACTICE_OPENINGS, ...SERVICE_OPENINGS };

/** What a line says was opened, in plain Italian. */
export function openedWhat(action: string): string {
  return OPENINGS[action] ?? "La pratica";
}

/** The staff member's role as the client reads it: the highest they hold now. */
export function staffRoleLabel(roles: readonly string[]): string {
  if (roles.includes("admin" satisfies Role)) return "Amministratore";
  if (roles.includes("lawyer" satisfies Role)) return "Avvocato";
  return "Membro del team";
}
