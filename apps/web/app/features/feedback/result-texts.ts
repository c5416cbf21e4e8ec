import type { ProductCode } from "@argine/core/catalogue/product";
import type { Evaluation } from "@argine/core/feedback/evaluation";
import type { Deadline, DeadlineKind } from "@argine/core/feedback/result";
import { daysBetween, type IsoDate } from "@argine/core/shared/calendar";

// The result screen's own words: the complaint countdown, how near a deadline is and the service pages of
// the recommended products. The evaluations' words, deadline and procedibility labels and article references
// are shared with the PDF: @argine/core/feedback/presentation.

export type EvaluationTone = "valid" | "reserve" | "notValid" | "expired";

/** The colour of each evaluation's box; its words come from core's feedback presentation. */
export const EVALUATION_TONE: Record<Evaluation, EvaluationTone> = {
  VALID: "valid",
  WITHRESERVE: "reserve",
  NOTVALID: "notValid",
  EXPIRED: "expired",
};

export interface ComplaintCountdown {
  /** Calendar days from the evaluation day to the last day for the complaint (0: today). */
  days: number;
  date: IsoDate;
  text: string;
  /** The author is not known: the term has not begun, and the date is a prudent one (core's Deadline). */
  prudent: boolean;
}

/**
 * "Hai ancora N giorni per sporgere querela", with the singular and the last day; with the author not known,
 * the days to a prudent date, said as such.
 */
export function countdownText(days: number, prudent = false): string {
  if (prudent) {
    if (days <= 0) return "Per sicurezza, presenta querela oggi";
    return `Per sicurezza, presenta querela entro ${days === 1 ? "1 giorno" : `${days} giorni`}`;
  }
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
  const prudent = next.prudent === true;
  return { days, date: next.date, text: countdownText(days, prudent), prudent };
}

/** How close a deadline is: "scade oggi", "scade domani", "tra N giorni", "scaduta". */
export function relativeDeadline(date: IsoDate, asOf: IsoDate): string {
  const days = daysBetween(asOf, date);
  if (days < 0) return "scaduta";
  if (days === 0) return "scade oggi";
  if (days === 1) return "scade domani";
  return `tra ${days} giorni`;
}

/** Kinds whose nearness matters day by day (prescription is counted in years). */
export function showsRelative(kind: DeadlineKind): boolean {
  return kind !== "PRESCRIPTION";
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
  COMPENSATION: "/compensation",
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
  COMPENSATION: "Richiesta di risarcimento",
};
