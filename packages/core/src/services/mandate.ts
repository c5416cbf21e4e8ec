import { ITALIAN_MONTHS } from "../shared/calendar.ts";
import { formatAmount } from "../shared/money.ts";

// The engagement letter (lettera d'incarico) a client accepts before legal defence begins (ADR 020): who is
// engaged, for what, the fees already paid and what they do not cover. Its text is versioned: an acceptance
// records the version read, and a new version asks again.
//
// What the defence covers is one text (ADR 027): DEFENCE_SCOPE is shown beside the price before paying (the
// product card, the checkout summary, the public page), is the catalogue's description in the seed, and fills
// the letter's two scope sections; a change here is a change of what is sold, so it bumps the version.

/** The letter's version: the year and month it was written, then its number in that month. */
export const DEFENCE_MANDATE_VERSION = "2026-11-2";

/**
 * A version as people read it: "2026-11-2" → "versione di novembre 2026, n. 2" (written as it is, the code
 * reads as a date cut short); an unknown shape is shown whole.
 */
export function formatMandateVersion(version: string): string {
  const match = /^(\d{4})-(\d{2})-(\d+)$/.exec(version);
  const month = match ? ITALIAN_MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `versione di ${month} ${match[1]}, n. ${match[3]}` : `versione ${version}`;
}

/**
 * What a fixed-price online defence honestly covers: the complaint written and filed and the assistance in
 * the preliminary investigations. Hearings, trial, appeal and the parte civile are separate engagements with
 * their own quote (ADR 027).
 */
export const DEFENCE_SCOPE = {
  /** One sentence: the catalogue's description of DEFENCE and the card's line. */
  summary:
    "Un avvocato scrive e deposita la tua querela e ti assiste nelle indagini preliminari. Udienze, processo e costituzione di parte civile non sono compresi: si concordano a parte, con un preventivo.",
  includes: [
    "Lo studio dei fatti e delle prove che hai raccolto e la scelta, insieme a te, della strada da seguire: querela, denuncia, esposto o diffida.",
    "La redazione della querela (o della denuncia, per i reati per cui si procede d'ufficio) e il suo deposito, con le prove, presso la Procura della Repubblica o la Polizia Postale.",
    "L'assistenza durante le indagini preliminari: i rapporti con la Procura, con le forze dell'ordine e con la controparte, e un aggiornamento nella tua area personale a ogni passaggio.",
  ],
  excludes: [
    "La difesa nelle fasi successive alle indagini: udienze, dibattimento e appello.",
    "La costituzione di parte civile per chiedere il risarcimento del danno nel processo penale.",
    "Le spese vive (contributo unificato, marche, notifiche), le consulenze tecniche di parte e le perizie.",
    "Per ciascuna di queste attività ricevi prima un preventivo scritto, a parte, che sei libera o libero di non accettare.",
  ],
} as const;

/** The titles of the letter's two scope sections, which the public page and the checkout name too. */
export const DEFENCE_SCOPE_TITLES = {
  includes: "Che cosa comprende",
  excludes: "Che cosa non comprende",
} as const;

export interface MandateFacts {
  clientName: string;
  ticketCode: string;
  /** What the client paid for DEFENCE on this practice, in cents (VAT included). */
  paidCents: number;
  /** The lawyer who holds the service, when assigned. */
  lawyerName: string | null;
}

export interface MandateSection {
  title: string;
  paragraphs: string[];
}

/** The letter's facts as words: the client's own, or the placeholders of the public template. */
interface MandateWords {
  client: string;
  ticketCode: string;
  paid: string;
  lawyer: string | null;
}

function mandateSections(words: MandateWords): MandateSection[] {
  const engaged = words.lawyer
    ? `all'avv. ${words.lawyer}, del team legale di Argine,`
    : "a un avvocato del team legale di Argine (ti diremo chi è appena la pratica sarà assegnata)";
  return [
    {
      title: "Chi incarichi",
      paragraphs: [
        `Con questa lettera tu, ${words.client}, affidi ${engaged} l'incarico di assisterti nella pratica ${words.ticketCode}.`,
        "L'avvocato agisce in autonomia professionale e secondo il codice deontologico forense; Argine organizza il servizio e custodisce i documenti della pratica.",
      ],
    },
    { title: DEFENCE_SCOPE_TITLES.includes, paragraphs: [...DEFENCE_SCOPE.includes] },
    {
      title: "Compenso già pagato",
      paragraphs: [
        `Per questa attività hai pagato ${words.paid} (IVA inclusa): non ti sarà chiesto altro per quanto descritto sopra.`,
      ],
    },
    { title: DEFENCE_SCOPE_TITLES.excludes, paragraphs: [...DEFENCE_SCOPE.excludes] },
    {
      title: "Riservatezza e recesso",
      paragraphs: [
        "Quanto ci racconti è coperto dal segreto professionale. Puoi revocare l'incarico in ogni momento scrivendo sulla pratica; il recesso dal contratto segue le condizioni di vendita.",
      ],
    },
  ];
}

/** The letter as the client reads it, filled with this practice's facts. */
export function defenceMandate(facts: MandateFacts): MandateSection[] {
  return mandateSections({
    client: facts.clientName,
    ticketCode: facts.ticketCode,
    paid: formatAmount(facts.paidCents / 100),
    lawyer: facts.lawyerName,
  });
}

/**
 * The same letter before buying (the public page's "La lettera d'incarico"): placeholders stand for the
 * client's name, the practice and the amount paid; the lawyer is named once assigned.
 */
export function defenceMandateTemplate(): MandateSection[] {
  return mandateSections({
    client: "[nome e cognome]",
    ticketCode: "[codice della pratica]",
    paid: "[prezzo pagato]",
    lawyer: null,
  });
}
