import { formatAmount } from "../shared/money.ts";

// The engagement letter (lettera d'incarico) a client accepts before legal defence begins (issue 17): who is
// engaged, for what, the fees already paid and what they do not cover. Its text is versioned: an acceptance
// records the version read, and a new version asks again.

export const DEFENCE_MANDATE_VERSION = "2026-11-1";

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

/** The letter as the client reads it, filled with this practice's facts. */
export function defenceMandate(facts: MandateFacts): MandateSection[] {
  const lawyer = facts.lawyerName
    ? `l'avv. ${facts.lawyerName}, del team legale di Argine`
    : "un avvocato del team legale di Argine, che ti verrà indicato per nome appena assegnato";
  return [
    {
      title: "Chi incarichi",
      paragraphs: [
        `Tu, ${facts.clientName}, incarichi ${lawyer} di assisterti nella pratica ${facts.ticketCode}.`,
        "L'avvocato agisce in autonomia professionale e secondo il codice deontologico forense; Argine organizza il servizio e custodisce i documenti della pratica.",
      ],
    },
    {
      title: "Che cosa comprende",
      paragraphs: [
        "Lo studio degli atti e delle prove che hai raccolto, la valutazione della strada da seguire (querela, esposto, diffida, azione civile) e la redazione e il deposito della querela o dell'esposto presso la Procura o la Polizia Postale.",
        "L'assistenza nei rapporti con le forze dell'ordine e con la controparte fino alla chiusura della fase delle indagini, e un aggiornamento su questa pagina a ogni passaggio.",
      ],
    },
    {
      title: "Compenso già pagato",
      paragraphs: [
        `Per questa attività hai pagato ${formatAmount(facts.paidCents / 100)} (IVA inclusa): non ti sarà chiesto altro per quanto descritto sopra.`,
      ],
    },
    {
      title: "Che cosa non comprende",
      paragraphs: [
        "La difesa nelle fasi successive del processo (udienze, dibattimento, appello), la costituzione di parte civile, le spese vive (contributo unificato, marche, notifiche, consulenze tecniche di parte) e le perizie: prima di ogni attività ulteriore ricevi un preventivo scritto, che sei libera o libero di non accettare.",
      ],
    },
    {
      title: "Riservatezza e recesso",
      paragraphs: [
        "Quanto ci racconti è coperto dal segreto professionale. Puoi revocare l'incarico in ogni momento scrivendo sulla pratica; il recesso dal contratto segue le condizioni di vendita.",
      ],
    },
  ];
}
