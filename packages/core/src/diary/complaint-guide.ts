import { formatArticle } from "../feedback/presentation.ts";
import type { FeedbackResult, Offence, OffenceCode } from "../feedback/result.ts";
import { texts } from "../feedback/texts.ts";
import { compareIsoDates, formatItalianDate, type IsoDate, isBefore } from "../shared/calendar.ts";
import { withDayArticle } from "../shared/italian-grammar.ts";

// "Come presentare la querela" (issue 40): the short guide the dossier ends with and the diary's screen shows.
// Where and how to file, what to bring, the terms of the questionnaire's result, and, for a minor or sexual
// content, who helps first. Only what is certain is said as certain (the fact sheet and the feedback's texts);
// where practice varies (a complaint sent by PEC) it says whom to ask.

export interface GuideSection {
  heading: string;
  paragraphs: string[];
}

export const COMPLAINT_GUIDE_TITLE = "Come presentare la querela";

export interface ComplaintGuideInput {
  offences: readonly Offence[];
  /** The ISO day in Rome the guide is read for: a term before it has passed. */
  today: IsoDate;
  /** A minor, or sexual images or acts: the guide opens with who helps first. */
  minorOrSexual: boolean;
}

/** "Come presentare la querela": where and how, what to bring, the deadline from the result, who helps first. */
export function complaintGuide(input: ComplaintGuideInput): GuideSection[] {
  return [
    ...(input.minorOrSexual ? [firstOfAll()] : []),
    WHERE,
    HOW,
    WHAT_TO_BRING,
    deadlines(input.offences, input.today),
  ];
}

const SEXUAL_OFFENCES: readonly OffenceCode[] = ["REVENGE_PORN", "DEEPFAKE", "SEXUAL_VIOLENCE"];

/**
 * Whether a result calls for "Prima di tutto": a sexual offence; a case the engine sends to a person first
 * (a minor with sexual content or a demand, a sexual demand at any age); or a minor victim, which the result
 * shows by the removal request to the platform (art. 2 L. 71/2017), an option the engine gives minors only.
 */
export function minorOrSexualCase(
  result: Pick<FeedbackResult, "offences" | "humanReview" | "deadlines"> | null,
): boolean {
  if (!result) return false;
  return (
    result.humanReview ||
    result.offences.some((o) => SEXUAL_OFFENCES.includes(o.code)) ||
    result.deadlines.some((d) => d.kind === "PLATFORM")
  );
}

const withArticle = (text: string, article?: string) =>
  article ? `${text} (${formatArticle(article)})` : text;
/** A sentence of ours that names its article before the full stop. */
const sentence = (text: string, article: string) => `${withArticle(text, article)}.`;

function firstOfAll(): GuideSection {
  return {
    heading: "Prima di tutto",
    paragraphs: [
      texts.supportViolence.text,
      "Se riguarda una persona minorenne, c'è il 114 Emergenza Infanzia, gratuito e attivo giorno e notte, che può chiamare anche un genitore; per parlare con qualcuno c'è anche il 19696 di Telefono Azzurro. Vai subito alla Polizia Postale insieme a un genitore o a un adulto di cui ti fidi.",
      sentence("Per chi ha meno di 14 anni la querela la presenta un genitore o il tutore", "120 c.p."),
      "Se le immagini riguardano una persona minorenne, non farne copie, screenshot o inoltri e non mostrarle a nessuno: porta i link, i nomi dei profili e i messaggi di testo, e lascia che sia la Polizia Postale a occuparsi del materiale.",
      withArticle(texts.garanteIntimate.text, texts.garanteIntimate.article),
    ],
  };
}

const WHERE: GuideSection = {
  heading: "Dove presentarla",
  paragraphs: [
    "Puoi andare in un qualsiasi ufficio della Polizia di Stato, anche della Polizia Postale e delle Comunicazioni, o in una qualsiasi stazione dei Carabinieri: ricevono la querela e la trasmettono loro alla Procura della Repubblica giusta.",
    "La Polizia Postale ha anche un sito, il Commissariato di P.S. online (commissariatodips.it), dove trovi informazioni e puoi fare una segnalazione.",
    "Puoi anche presentarla per iscritto alla Procura della Repubblica presso il tribunale, consegnandola di persona o con una raccomandata. Se vuoi inviarla per PEC, chiedi prima alla Procura o a un avvocato come firmarla perché sia valida.",
    "Se preferisci, può presentarla per te un avvocato, con una procura che gli firmi tu.",
  ],
};

const HOW: GuideSection = {
  heading: "Come si fa",
  paragraphs: [
    "Puoi raccontare i fatti a voce: chi ti riceve li scrive in un verbale, che rileggi con calma prima di firmarlo. Oppure puoi portare la querela già scritta e firmata.",
    "Di' chiaramente che chiedi che chi l'ha fatto sia punito: è questo che fa di una segnalazione una querela. Se non sai chi è stato, puoi presentarla contro ignoti.",
    sentence(
      "Indica un indirizzo dove ricevere le comunicazioni sul procedimento; può essere anche una PEC",
      "153-bis c.p.p.",
    ),
    sentence(
      "Chiedi una copia della querela o un'attestazione che l'hanno ricevuta, con la data: ne hai diritto",
      "107 disp. att. c.p.p.",
    ),
    sentence(
      "Puoi chiedere, nella querela, di ricevere un avviso se il pubblico ministero chiede di archiviare il caso: così potrai opporti",
      "408 c.p.p.",
    ),
  ],
};

const WHAT_TO_BRING: GuideSection = {
  heading: "Cosa portare",
  paragraphs: [
    "Un documento d'identità valido.",
    "Questo dossier: il PDF stampato e il file ZIP su una chiavetta USB (o da inviare per PEC). Lo ZIP contiene i file originali e le marche temporali che provano che non sono stati modificati.",
    "I link (URL) dei contenuti e i nomi dei profili, anche se sono già nel dossier.",
    "I nomi e i recapiti delle persone che hanno visto i fatti o possono confermarli.",
    "Il telefono o il computer con i messaggi originali: non cancellarli, anche dopo la querela.",
  ],
};

/** The complaint's terms, the earliest first; the offences prosecuted ex officio after them. */
function deadlines(offences: readonly Offence[], today: IsoDate): GuideSection {
  const dated = offences
    .filter((o) => o.procedibility === "QUERELA" && o.complaintDeadline)
    .sort((a, b) => compareIsoDates(a.complaintDeadline ?? today, b.complaintDeadline ?? today));
  const filed = offences.filter((o) => o.procedibility === "QUERELA" && !o.complaintDeadline);
  const exOfficio = offences.filter((o) => o.procedibility === "UFFICIO");
  const paragraphs = [
    ...dated.map((o) => deadlineLine(o, o.complaintDeadline ?? today, today)),
    ...filed.map(
      (o) =>
        `${withArticle(o.title, o.article)}: risulta che la querela sia già stata presentata. Se ci sono episodi nuovi, segnala anche quelli.`,
    ),
    ...exOfficio.map(
      (o) =>
        `${withArticle(o.title, o.article)}: si procede d'ufficio, quindi non c'è un termine per la querela e chiunque può denunciare il fatto. Conviene comunque farlo il prima possibile.`,
    ),
  ];
  if (dated.some((o) => isBefore(o.complaintDeadline ?? today, today)))
    paragraphs.push(
      "Un termine passato non vuol dire per forza che non si possa fare più nulla: il termine decorre da quando hai saputo del fatto e di chi l'ha commesso, e possono esserci altre strade. Fallo vedere subito a un avvocato.",
    );
  if (!paragraphs.length)
    paragraphs.push(
      withArticle(texts.querelaIntro.text, texts.querelaIntro.article),
      "Per conoscere la data esatta nel tuo caso, compila il questionario o chiedi a un avvocato: e non aspettare, perché le prove online possono sparire.",
    );
  return { heading: "Entro quando", paragraphs };
}

function deadlineLine(offence: Offence, deadline: IsoDate, today: IsoDate): string {
  const day = withDayArticle("il", formatItalianDate(deadline));
  const subject = withArticle(offence.title, offence.article);
  return isBefore(deadline, today)
    ? `${subject}: il termine per la querela sembra scaduto ${day}.`
    : `${subject}: presenta la querela entro ${day}.`;
}
