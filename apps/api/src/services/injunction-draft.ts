import { AppError } from "@argine/core/errors/app-error";
import type { Answers } from "@argine/core/feedback/answers";
import { formatArticle } from "@argine/core/feedback/presentation";
import type { FeedbackResult, Offence } from "@argine/core/feedback/result";
import type { Actor } from "@argine/core/identity/policy";
import { injunctionDraftFileName } from "@argine/core/services/services-api";
import { formatItalianDate, romeCalendarDay } from "@argine/core/shared/calendar";
import { withDayArticle } from "@argine/core/shared/italian-grammar";
import { type BillingRow, findBilling } from "@argine/db/queries/billing";
import { findPractice, type PracticeRow } from "@argine/db/queries/practices";
import { findUserById } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { type DocxParagraph, renderDocx } from "../docx/docx-document.ts";
import type { FileDownload } from "../http/send-file.ts";
import { authorizedService } from "./service-access.ts";
import { staffName } from "./service-view.ts";

// The formal notice's draft (ADR 020): a "diffida e messa in mora" written from the practice and the
// engine's feedback, which the lawyer opens in Word, completes where the brackets ask, and uploads back as
// the finished document. It is a draft for a professional, never sent as it is: whatever the facts leave
// unknown stays a visible "[…]" placeholder rather than a guess.

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The term to comply, from the letter's receipt: short, since the content keeps harming while online. */
export const DAYS_TO_COMPLY = 7;

/** What the letter says, as the use case gathers it. */
export interface InjunctionFacts {
  ticketCode: string;
  /** The client's name and address, or null for an anonymous practice (or one with nobody's billing data). */
  client: { name: string; address: string | null } | null;
  platform: string | null;
  crimeUrl: string | null;
  answers: Partial<Pick<Answers, "firstEventDate" | "lastEventDate" | "knowledgeDate" | "ongoing">>;
  offences: readonly Offence[];
  lawyerName: string | null;
  /** The day the draft is written (Rome), ISO. */
  today: string;
}

const or = (value: string | null | undefined, placeholder: string) => value?.trim() || placeholder;

function addressOf(billing: BillingRow | undefined): string | null {
  if (!billing) return null;
  const province = billing.province ? ` (${billing.province})` : "";
  return `${billing.address}, ${billing.cap} ${billing.city}${province}`;
}

function whenText({ firstEventDate, lastEventDate, ongoing }: InjunctionFacts["answers"]): string {
  if (!firstEventDate) return "in data [data dei fatti]";
  const first = formatItalianDate(firstEventDate);
  if (ongoing) return `a partire ${withDayArticle("dal", first)} e tuttora in corso`;
  if (!lastEventDate || lastEventDate === firstEventDate) return `in data ${first}`;
  return `${withDayArticle("dal", first)} ${withDayArticle("al", formatItalianDate(lastEventDate))}`;
}

function offenceLine(offence: Offence): string {
  const doubt = offence.certain ? "" : " (da verificare: alcuni elementi non sono ancora noti)";
  return `– ${offence.title}, ${formatArticle(offence.article)}${doubt};`;
}

/** The letter, paragraph by paragraph. */
export function injunctionLetter(facts: InjunctionFacts): DocxParagraph[] {
  const clientName = or(facts.client?.name, "[nome e cognome dell'assistito]");
  const clientAddress = or(facts.client?.address, "[indirizzo dell'assistito]");
  const platform = or(facts.platform, "[piattaforma]");
  const url = or(facts.crimeUrl, "[indirizzo (URL) del contenuto]");
  const knowledge = facts.answers.knowledgeDate
    ? `, e la parte assistita ne ha avuto conoscenza ${withDayArticle("il", formatItalianDate(facts.answers.knowledgeDate))}`
    : "";
  const offences = facts.offences.length
    ? facts.offences.map((offence) => offenceLine(offence))
    : ["– [reati e articoli di legge da indicare];"];
  const lawyer = or(facts.lawyerName, "[nome e cognome dell'avvocato]");

  return [
    { content: "Spett.le\n[destinatario]\n[indirizzo del destinatario]", align: "right" },
    { content: "A mezzo PEC / raccomandata A/R", align: "right" },
    { content: "DIFFIDA AD ADEMPIERE E MESSA IN MORA", style: "Title" },
    {
      content: [
        { text: "Oggetto: ", bold: true },
        {
          text: `diffida e messa in mora nell'interesse di ${clientName} (rif. pratica ${facts.ticketCode}).`,
        },
      ],
    },
    {
      content: `Scrivo in nome e per conto di ${clientName}, residente in ${clientAddress} (di seguito «la parte assistita»), che mi ha conferito incarico a tal fine.`,
      align: "both",
    },
    { content: "Premesso che", style: "Heading1" },
    {
      content: `– sulla piattaforma ${platform}, all'indirizzo ${url}, sono stati pubblicati e diffusi contenuti che riguardano la parte assistita, ${whenText(facts.answers)}${knowledge};`,
      align: "both",
    },
    { content: "– [breve descrizione dei fatti e delle condotte a Voi riferibili];", align: "both" },
    {
      content:
        "– tali condotte, a un primo esame, integrano le seguenti fattispecie di reato, oltre a costituire illecito civile fonte di obbligo di risarcimento del danno patrimoniale e non patrimoniale (art. 185 c.p., artt. 2043 e 2059 c.c.):",
      align: "both",
    },
    ...offences.map((line) => ({ content: line, align: "both" as const })),
    { content: "Tutto ciò premesso, con la presente", style: "Heading1" },
    {
      content: [{ text: "DIFFIDO", bold: true }, { text: " formalmente Voi in indirizzo a:" }],
      align: "both",
    },
    {
      content: `1. rimuovere, entro e non oltre ${DAYS_TO_COMPLY} giorni dal ricevimento della presente, i contenuti sopra indicati e ogni loro copia da ${platform} e da ogni altro luogo, pubblico o privato, in cui li abbiate pubblicati o condivisi;`,
      align: "both",
    },
    {
      content:
        "2. cessare immediatamente ogni condotta lesiva nei confronti della parte assistita e astenervi per il futuro dal contattarla, direttamente o tramite terzi, e dal pubblicare o diffondere contenuti che la riguardino;",
      align: "both",
    },
    {
      content: `3. dare conferma scritta dell'avvenuto adempimento, entro lo stesso termine, all'indirizzo [PEC o indirizzo dello studio].`,
      align: "both",
    },
    {
      content: [
        { text: "Con avvertimento che", bold: true },
        {
          text: ", decorso inutilmente il termine, la parte assistita si riserva di sporgere querela presso la competente Autorità giudiziaria per i reati sopra indicati e di agire in sede civile per il risarcimento di tutti i danni subiti e subendi, senza ulteriore avviso e con aggravio di spese a Vostro carico.",
        },
      ],
      align: "both",
    },
    {
      content:
        "La presente vale quale formale messa in mora e atto interruttivo della prescrizione ai sensi degli artt. 1219 e 2943 c.c.",
      align: "both",
    },
    { content: "Distinti saluti." },
    { content: `[luogo], ${formatItalianDate(facts.today)}` },
    { content: `Avv. ${lawyer}\n[firma]`, align: "right" },
    { content: `Rif. pratica Argine ${facts.ticketCode}` },
  ];
}

async function factsOf(deps: Deps, practice: PracticeRow, lawyerId: string | null): Promise<InjunctionFacts> {
  // An anonymous client is not named to the team, so not in a letter they draft either.
  const owner =
    practice.ownerId && !practice.anonymous ? await findUserById(deps.db, practice.ownerId) : undefined;
  const lawyer = lawyerId ? await findUserById(deps.db, lawyerId) : undefined;
  const feedback = practice.feedback as FeedbackResult | null;
  return {
    ticketCode: practice.ticketCode,
    client: owner
      ? { name: staffName(owner), address: addressOf(await findBilling(deps.db, owner.id)) }
      : null,
    platform: practice.platform,
    crimeUrl: practice.crimeUrl,
    answers: practice.answers as InjunctionFacts["answers"],
    offences: feedback?.offences ?? [],
    lawyerName: lawyer ? staffName(lawyer) : null,
    today: romeCalendarDay(now(deps.clock)),
  };
}

/**
 * GET /v1/services/{id}/injunction-draft (staff, the formal notice only: another service has no draft and
 * answers 404 like an unknown one): the draft as a .docx the upload widget takes back.
 */
export async function injunctionDraft(deps: Deps, actor: Actor, id: string): Promise<FileDownload> {
  const { service, practice } = await authorizedService(deps.db, actor, id, "upload-document");
  if (service.serviceType !== "INJUCTION") throw new AppError("NOT_FOUND");
  const row = await findPractice(deps.db, practice.id);
  if (!row) throw new AppError("NOT_FOUND");
  const letter = injunctionLetter(await factsOf(deps, row, service.assignedLawyerId));
  return {
    filename: injunctionDraftFileName(row.ticketCode),
    contentType: DOCX_TYPE,
    body: Buffer.from(renderDocx(letter)),
  };
}
