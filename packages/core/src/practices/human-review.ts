// Cases a person must look at before any self-service step (ADR 011): the legal engine sets `humanReview`
// when the questionnaire is submitted and the practice keeps it (practices.human_review). Why, derived from
// the stored answers, is human-review-reason.ts (the API's side: it reads the engine's rules); here are the
// reasons, what the case page says about each, and when a case is "da esaminare subito".

/** Why a case waits for a person, most serious first. */
export const HUMAN_REVIEW_REASONS = [
  "MINOR_SEXUAL_CONTENT",
  "SEXUAL_VIOLENCE",
  "SEXTORTION",
  "MINOR_EXTORTION",
  "OTHER",
] as const;
export type HumanReviewReason = (typeof HUMAN_REVIEW_REASONS)[number];

/**
 * "Da esaminare subito": waits for a person and no lawyer has taken it yet (an open case). The list's SQL
 * says the same (db queries/practices.ts URGENT, on practices_urgent_idx).
 */
export function isUrgent(practice: {
  humanReview: boolean;
  assignedLawyerId: string | null;
  status: string;
}): boolean {
  return practice.humanReview && practice.assignedLawyerId === null && practice.status !== "CLOSED";
}

export const URGENT_BADGE = "Da esaminare subito";

/** The case page's banner: what staff need to know at once, and the calm version the client reads. */
export const HUMAN_REVIEW_TEXTS = {
  MINOR_SEXUAL_CONTENT: {
    staff:
      "Vittima minorenne e contenuti sessuali: non acquisire né conservare copie delle immagini (potrebbe costituire detenzione di materiale pedopornografico, art. 600-quater c.p.). Indirizza subito alla Polizia Postale, al Garante e a Take It Down.",
    client:
      "Un avvocato del nostro team esamina per primo il tuo caso, con la massima riservatezza. Non devi inviarci le immagini: nel frattempo puoi rivolgerti subito ai servizi qui sotto.",
  },
  SEXUAL_VIOLENCE: {
    staff:
      "Possibile violenza sessuale (art. 609-bis c.p.): esamina il caso prima di ogni altro passo e valuta con la persona la denuncia e i centri antiviolenza (1522).",
    client:
      "Un avvocato del nostro team esamina per primo il tuo caso, con la massima riservatezza, e ti scrive qui. Se sei in pericolo chiama il 112; il 1522 risponde giorno e notte, gratis.",
  },
  SEXTORTION: {
    staff:
      "Richiesta di immagini o atti sessuali sotto minaccia (sextortion): esamina il caso prima di offrire qualsiasi servizio; il takedown si attiva solo dopo la tua revisione.",
    client:
      "Un avvocato del nostro team esamina per primo il tuo caso e ti scrive qui. Non pagare e non inviare altro a chi ti minaccia, e conserva i messaggi.",
  },
  MINOR_EXTORTION: {
    staff:
      "Vittima minorenne e ricatto: esamina il caso prima di ogni altro passo e valuta la segnalazione alla Polizia Postale.",
    client:
      "Un avvocato del nostro team esamina per primo il tuo caso, con la massima riservatezza, e ti scrive qui.",
  },
  OTHER: {
    staff: "Il questionario chiede che una persona esamini il caso prima di ogni altro passo.",
    client: "Un avvocato del nostro team esamina per primo il tuo caso e ti scrive qui.",
  },
} as const satisfies Record<HumanReviewReason, { staff: string; client: string }>;

/** Where a minor's sexual images are reported, instead of any capture or takedown of ours. */
export const MINOR_SEXUAL_CONTENT_HELP = [
  {
    name: "Polizia Postale",
    href: "https://www.commissariatodips.it",
    text: "Segnala i contenuti e chiedi aiuto al Commissariato di P.S. online: se ne occupa con personale specializzato.",
  },
  {
    name: "Garante per la protezione dei dati personali",
    href: "https://www.garanteprivacy.it",
    text: "Con la segnalazione prevista dall'art. 144-bis del Codice privacy il Garante può bloccare la diffusione di immagini sessuali, anche solo minacciata.",
  },
  {
    name: "Take It Down",
    href: "https://takeitdown.ncmec.org",
    text: "Per chi era minorenne quando le immagini sono state fatte: crea sul dispositivo un'impronta (hash) delle immagini, senza caricarle, e le piattaforme aderenti le bloccano.",
  },
] as const;
