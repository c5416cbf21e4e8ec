import { EVALUATION, type Evaluation } from "./evaluation.ts";
import type { Deadline, DeadlineKind, FeedbackResult, Procedibility, SectionEntry } from "./result.ts";

// How a result is worded wherever it is shown — the result screen and the PDF say the same words.

export interface EvaluationCopy {
  /** Spec §2 "Feedback result": valid, valid with reserve, not valid, expired/prescribed. */
  badge: string;
  title: string;
  lead: string;
}

const badge = (evaluation: Evaluation) => `Valutazione: ${EVALUATION.labels[evaluation]}`;

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
  GARANTE: "Segnalazione al Garante per la protezione dei dati personali",
  PLATFORM: "Richiesta di rimozione alla piattaforma",
};

/**
 * The engine's deadlines that are options the victim has, not terms to meet: the Garante decides within
 * 48 hours, the platform must answer within 24 and remove within 48 (the dates only say "if sent today").
 */
const OPTION_KINDS: readonly DeadlineKind[] = ["GARANTE", "PLATFORM"];

/** How a result is grouped for the reader, the same on the screen and in the PDF. */
export interface ResultGroups {
  /** "Le scadenze": the complaint and prescription dates, by date. */
  deadlines: Deadline[];
  /** What the victim can ask for at once, with the time the other side has to answer. */
  options: Deadline[];
  /** What the victim can do instead of a complaint, each with its source. */
  civilRemedies: SectionEntry[];
}

export function groupResult(result: Pick<FeedbackResult, "deadlines" | "civilRemedies">): ResultGroups {
  return {
    deadlines: result.deadlines.filter((d) => !OPTION_KINDS.includes(d.kind)),
    options: result.deadlines.filter((d) => OPTION_KINDS.includes(d.kind)),
    // Results stored before the field existed have none.
    civilRemedies: result.civilRemedies ?? [],
  };
}

export const RESULT_GROUP_COPY = {
  deadlines: { title: "Le scadenze" },
  options: {
    title: "Richieste che puoi fare subito",
    intro:
      "Non sono scadenze: sono strade che puoi scegliere, anche senza querela. I tempi indicati sono quelli entro cui deve rispondere chi riceve la tua richiesta.",
  },
  civilRemedies: {
    title: "Che cosa puoi fare invece della querela",
    intro:
      "Non serve una querela: sono strade davanti al giudice civile, di solito con l'aiuto di un avvocato.",
  },
} as const;

export const PROCEDIBILITY_TEXT: Record<Procedibility, string> = {
  QUERELA: "Si procede a querela: serve una tua querela entro il termine.",
  UFFICIO: "Si procede d'ufficio: le autorità possono agire anche senza la tua querela.",
};

/** "612-bis c.p." → "art. 612-bis c.p."; "2043 e 2059 c.c." → "artt. …"; "L. 181/2025" stays. */
export function formatArticle(article: string): string {
  if (!/^\d/.test(article)) return article;
  return /^\d[\w-]*( e |, )\d/.test(article) ? `artt. ${article}` : `art. ${article}`;
}
