import { formatArticle } from "../feedback/presentation.ts";
import type { Offence } from "../feedback/result.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import type { KnownPlatform } from "./platforms.ts";

// A takedown's notice, one per URL (ADR 021): what became of it, and its text, a notice of illegal content
// under art. 16(2) of the EU Digital Services Act (Regulation (EU) 2022/2065): (a) why the content is
// illegal, (b) its exact URL, (c) the notifier's name and email, (d) the statement of good faith.

/** PENDING until staff send it, SENT, then the platform's answer (the client sees each as labelled). */
export const TAKEDOWN_NOTICE_STATUS = labelledEnum({
  PENDING: "in preparazione",
  SENT: "segnalazione inviata",
  REMOVED: "contenuto rimosso",
  REFUSED: "rimozione rifiutata",
  NO_ANSWER: "nessuna risposta",
});
export type TakedownNoticeStatus = EnumValue<typeof TAKEDOWN_NOTICE_STATUS>;

/** The platform's answers staff record once a notice is sent. */
export const TAKEDOWN_ANSWERS = [
  "REMOVED",
  "REFUSED",
  "NO_ANSWER",
] as const satisfies readonly TakedownNoticeStatus[];

export interface NoticeFacts {
  url: string;
  platform: KnownPlatform | null;
  offences: readonly Offence[];
  /** Who signs: the client, or the lawyer for an anonymous practice; null while an anonymous one has none. */
  notifier: { name: string; email: string; lawyer: boolean } | null;
  ticketCode: string;
}

export interface NoticeText {
  title: string;
  paragraphs: string[];
}

const GOOD_FAITH =
  "Dichiaro in buona fede che le informazioni e le affermazioni contenute nella presente segnalazione sono accurate e complete (art. 16, par. 2, lett. d, Regolamento (UE) 2022/2065).";

function offenceLine(offence: Offence): string {
  return `– ${offence.title} (${formatArticle(offence.article)})`;
}

/** The notice, paragraph by paragraph: the PDF prints them, the text to paste joins them. */
export function takedownNotice(facts: NoticeFacts): NoticeText {
  const recipient = facts.platform ? `Spett.le ${facts.platform.name}` : "Spett.le gestore del servizio";
  const reasons = facts.offences.length
    ? [
        "Il contenuto è illecito secondo la legge italiana: a un primo esame dei fatti integra le seguenti fattispecie di reato:",
        ...facts.offences.map(offenceLine),
      ].join("\n")
    : "Il contenuto è illecito secondo la legge italiana: lede i diritti della persona che vi è ritratta o nominata, che non ha dato il proprio consenso alla sua pubblicazione.";
  const notifier = facts.notifier
    ? `${facts.notifier.lawyer ? "Avv. " : ""}${facts.notifier.name}, email ${facts.notifier.email}${
        facts.notifier.lawyer ? ", per conto della persona interessata" : ""
      }.`
    : "[nome, cognome ed email dell'avvocato incaricato]";
  return {
    title: "Segnalazione di contenuto illegale (art. 16 Regolamento (UE) 2022/2065, Digital Services Act)",
    paragraphs: [
      recipient,
      "con la presente segnalo, ai sensi dell'art. 16 del Regolamento (UE) 2022/2065 (Digital Services Act), un contenuto illegale presente sul Vostro servizio, e ne chiedo la rimozione o la disabilitazione dell'accesso senza ritardo.",
      `Indirizzo esatto (URL) del contenuto: ${facts.url}`,
      reasons,
      `Autore della segnalazione: ${notifier}`,
      GOOD_FAITH,
      `Riferimento: pratica Argine ${facts.ticketCode}.`,
    ],
  };
}

/** The notice as plain text, ready to paste into the platform's form. */
export function takedownNoticeText(notice: NoticeText): string {
  return [notice.title, ...notice.paragraphs].join("\n\n");
}
