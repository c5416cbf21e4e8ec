import { EVALUATION_LABELS, type Evaluation } from "../practices/evaluation.ts";
import type { DeadlineKind, Procedibility } from "./result.ts";

// How a result is worded wherever it is shown — the result screen and the PDF say the same words.

export interface EvaluationCopy {
  /** Spec §2 "Feedback result": valid, valid with reserve, not valid, expired/prescribed. */
  badge: string;
  title: string;
  lead: string;
}

const badge = (evaluation: Evaluation) => `Valutazione: ${EVALUATION_LABELS[evaluation]}`;

export const EVALUATION_COPY: Record<Evaluation, EvaluationCopy> = {
  VALID: {
    badge: badge("VALID"),
    title: "Sembra che ci sia un reato",
    lead: "Da quello che ci hai raccontato, i fatti sembrano costituire un reato che si può ancora perseguire. Non è colpa tua: la legge ti tutela, e ci sono passi concreti che puoi fare.",
  },
  WITHRESERVE: {
    badge: badge("WITHRESERVE"),
    title: "Potrebbe esserci un reato",
    lead: "Da quello che ci hai raccontato potrebbe esserci un reato, ma alcuni elementi non sono certi oppure potrebbe valere un'eccezione prevista dalla legge. Un professionista può aiutarti a chiarirli: intanto, qui sotto trovi che cosa sappiamo già.",
  },
  NOTVALID: {
    badge: badge("NOTVALID"),
    title: "Non sembra esserci un reato",
    lead: "Da quello che ci hai raccontato, i fatti non sembrano costituire un reato. Questo non vuol dire che quello che hai vissuto non conti: qui sotto ti spieghiamo perché e che cosa puoi fare comunque.",
  },
  EXPIRED: {
    badge: badge("EXPIRED"),
    title: "I termini per agire sembrano scaduti",
    lead: "Da quello che ci hai raccontato i fatti sembrano un reato, ma i termini per perseguirlo in sede penale (la querela o la prescrizione) sembrano scaduti. Possono esserci comunque altre strade, per esempio chiedere la rimozione dei contenuti o il risarcimento del danno in sede civile.",
  },
};

export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  QUERELA: "Querela",
  PRESCRIPTION: "Prescrizione",
  GARANTE: "Garante per la protezione dei dati personali",
  PLATFORM: "Richiesta di rimozione alla piattaforma",
};

export const PROCEDIBILITY_TEXT: Record<Procedibility, string> = {
  QUERELA: "Si procede a querela: serve una tua querela entro il termine.",
  UFFICIO: "Si procede d'ufficio: le autorità possono agire anche senza la tua querela.",
};

/** "612-bis c.p." → "art. 612-bis c.p."; "2043 e 2059 c.c." → "artt. …"; "L. 181/2025" stays. */
export function formatArticle(article: string): string {
  if (!/^\d/.test(article)) return article;
  return /^\d[\w-]*( e |, )\d/.test(article) ? `artt. ${article}` : `art. ${article}`;
}
