import { daysBetween, type IsoDate } from "@argine/core/feedback/calendar";
import type { Deadline, DeadlineKind, Procedibility } from "@argine/core/feedback/result";
import type { ProductCode } from "@argine/core/orders/product";
import type { Evaluation } from "@argine/core/practices/evaluation";

// The result screen's words: the four evaluations (spec §4), the complaint countdown, deadline and
// procedibility labels, article references and the service pages of the recommended products.

export type EvaluationTone = "valid" | "reserve" | "notValid" | "expired";

export interface EvaluationCopy {
  tone: EvaluationTone;
  /** Spec §2 "Feedback result": valid, valid with reserve, not valid, expired/prescribed. */
  badge: string;
  title: string;
  lead: string;
}

export const EVALUATION_COPY: Record<Evaluation, EvaluationCopy> = {
  VALID: {
    tone: "valid",
    badge: "Valutazione: valida",
    title: "Sembra che ci sia un reato",
    lead: "Da quello che ci hai raccontato, i fatti sembrano costituire un reato che si può ancora perseguire. Non è colpa tua: la legge ti tutela, e ci sono passi concreti che puoi fare.",
  },
  WITHRESERVE: {
    tone: "reserve",
    badge: "Valutazione: valida con riserva",
    title: "Potrebbe esserci un reato",
    lead: "Da quello che ci hai raccontato potrebbe esserci un reato, ma alcuni elementi non sono certi oppure potrebbe valere un'eccezione prevista dalla legge. Un professionista può aiutarti a chiarirli: intanto, qui sotto trovi che cosa sappiamo già.",
  },
  NOTVALID: {
    tone: "notValid",
    badge: "Valutazione: non valida",
    title: "Non sembra esserci un reato",
    lead: "Da quello che ci hai raccontato, i fatti non sembrano costituire un reato. Questo non vuol dire che quello che hai vissuto non conti: qui sotto ti spieghiamo perché e che cosa puoi fare comunque.",
  },
  EXPIRED: {
    tone: "expired",
    badge: "Valutazione: reato prescritto o termine scaduto",
    title: "I termini per agire sembrano scaduti",
    lead: "Da quello che ci hai raccontato i fatti sembrano un reato, ma i termini per perseguirlo in sede penale (la querela o la prescrizione) sembrano scaduti. Possono esserci comunque altre strade, per esempio chiedere la rimozione dei contenuti o il risarcimento del danno in sede civile.",
  },
};

export interface ComplaintCountdown {
  /** Calendar days from the evaluation day to the last day for the complaint (0: today). */
  days: number;
  date: IsoDate;
  text: string;
}

/** "Hai ancora N giorni per sporgere querela", with the singular and the last day. */
export function countdownText(days: number): string {
  if (days <= 0) return "Il termine per sporgere querela scade oggi";
  if (days === 1) return "Hai ancora 1 giorno per sporgere querela";
  return `Hai ancora ${days} giorni per sporgere querela`;
}

/**
 * The nearest complaint deadline not yet passed on the evaluation day, or null (prosecuted ex officio,
 * complaint already filed, or every term passed).
 */
export function complaintCountdown(deadlines: readonly Deadline[], asOf: IsoDate): ComplaintCountdown | null {
  const next = deadlines
    .filter((deadline) => deadline.kind === "QUERELA" && daysBetween(asOf, deadline.date) >= 0)
    .sort((a, b) => daysBetween(b.date, a.date))[0];
  if (!next) return null;
  const days = daysBetween(asOf, next.date);
  return { days, date: next.date, text: countdownText(days) };
}

/** How close a deadline is: "scade oggi", "scade domani", "tra N giorni", "scaduta". */
export function relativeDeadline(date: IsoDate, asOf: IsoDate): string {
  const days = daysBetween(asOf, date);
  if (days < 0) return "scaduta";
  if (days === 0) return "scade oggi";
  if (days === 1) return "scade domani";
  return `tra ${days} giorni`;
}

export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  QUERELA: "Querela",
  PRESCRIPTION: "Prescrizione",
  GARANTE: "Garante per la protezione dei dati personali",
  PLATFORM: "Richiesta di rimozione alla piattaforma",
};

/** Kinds whose nearness matters day by day (prescription is counted in years). */
export function showsRelative(kind: DeadlineKind): boolean {
  return kind !== "PRESCRIPTION";
}

export const PROCEDIBILITY_TEXT: Record<Procedibility, string> = {
  QUERELA: "Si procede a querela: serve una tua querela entro il termine.",
  UFFICIO: "Si procede d'ufficio: le autorità possono agire anche senza la tua querela.",
};

/** "612-bis c.p." → "art. 612-bis c.p."; "2043 e 2059 c.c." → "artt. …"; "L. 181/2025" stays. */
export function formatArticle(article: string): string {
  if (!/^\d/.test(article)) return article;
  return /^\d[\w-]*( e |, )\d/.test(article) ? `artt. ${article}` : `art. ${article}`;
}

/** The service page of each catalogue product (spec §2 "Service pages"); the rest go to the index. */
export const SERVICE_PATHS: Record<ProductCode, string> = {
  FEEDBACK: "/services/feedback",
  LEGALIZATION: "/services/legalization",
  TAKEDOWN: "/services/takedown",
  INJUCTION: "/services/formal-notice",
  ADVICE: "/services",
  DEFENCE: "/services/difesa",
  PACKAGE: "/services",
};

/** Names to show when the catalogue cannot be read. */
export const SERVICE_FALLBACK_NAMES: Record<ProductCode, string> = {
  FEEDBACK: "Feedback",
  LEGALIZATION: "Legalizzazione delle prove",
  TAKEDOWN: "Rimozione dei contenuti",
  INJUCTION: "Diffida",
  ADVICE: "Consulenza",
  DEFENCE: "Difesa legale",
  PACKAGE: "Pacchetto legalizzazione, rimozione e diffida",
};
