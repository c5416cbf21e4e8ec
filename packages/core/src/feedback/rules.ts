import { type IsoDate, isBefore } from "../shared/calendar.ts";
import type { Answers } from "./answers.ts";
import type { OffenceCode, SectionKey } from "./result.ts";

// The offences the engine recognises, as data. Each rule names its article and the fact-sheet paragraph and
// sources it encodes (the fact sheet's "B.n [source]", as ADR 005 reads it:
// docs/decisions/005-feedback-engine-readings.md). The engine (evaluate.ts) only combines them: elements →
// offence or not; procedibility and complaint term; maximum penalty for prescription with special-effect
// aggravations; aggravations; exclusions; notes for the result's sections.
//
// Reading answers: true / false are facts the victim stated; "UNKNOWN" and a missing answer both leave an
// element unknown, and an unknown element makes the offence uncertain (WITHRESERVE), never certain.

/** A text or a list that is fixed, or chosen by the answers (read with byAnswers). */
export type ByAnswers<T> = T | ((answers: Answers) => T);

/** How an element of an offence stands on the answers. */
export type ElementStatus = "MET" | "MISSING" | "UNKNOWN";

export interface ElementRule {
  id: string;
  assess: (answers: Answers) => ElementStatus;
  /** whyNoCrime: the element is missing, so the offence is not there. */
  missing: ByAnswers<string>;
  /** lawDetail: the element is unknown, so the offence only might be there. */
  unknown: ByAnswers<string>;
}

export interface PenaltyForm {
  id: string;
  when: (answers: Answers) => boolean;
  penalty: string;
  /** Maximum prison term in months, for art. 157 c.p.; 0 when the penalty is only a fine. */
  maxMonths: number;
  aggravations?: readonly string[];
}

export interface Aggravation {
  id: string;
  when: (answers: Answers) => boolean;
  label: string;
  article: string;
  /**
   * Special-effect increase (more than a third) as its maximum factor: art. 157 c.p. counts it for
   * prescription. Ordinary aggravations leave it undefined and do not move prescription.
   */
  specialEffectFactor?: number;
}

export interface ExOfficioCondition {
  id: string;
  when: (answers: Answers) => boolean;
  /** Completes "si procede d'ufficio …". */
  reason: string;
  article: string;
  /**
   * Set when the condition only might make the offence ex officio: the answer behind it also covers cases
   * that do not qualify (victimVulnerable includes pregnancy), or the law is unconfirmed. The offence then
   * stays complaint-based, with its deadline, and its one complaint statement adds this sentence.
   */
  unconfirmed?: string;
}

export interface Exclusion {
  id: string;
  when: (answers: Answers) => boolean;
  text: string;
  article: string;
}

export interface RuleNote {
  section: SectionKey;
  when: (answers: Answers) => boolean;
  text: string;
  article?: string;
}

export interface OffenceRule {
  code: OffenceCode;
  article: string;
  title: ByAnswers<string>;
  /** For sentences: "la querela per {name}". */
  name: string;
  /** Fact-sheet paragraph and sources encoded here. */
  source: string;
  /** Whether the answers raise this offence at all (then its elements are assessed and reported). */
  inScope: (answers: Answers) => boolean;
  /** What must be true; an offence the law defines in more than one way picks the way the answers fit. */
  elements: ByAnswers<readonly ElementRule[]>;
  /** lawDetail: what the law punishes (in the way the answers fit). */
  description: ByAnswers<string>;
  /** Complaint term; null when always prosecuted ex officio. */
  complaint: { months: number; article: string } | null;
  exOfficio: readonly ExOfficioCondition[];
  /** Ex officio when connected to an ex officio offence: a legal judgment, so said but never assumed. */
  exOfficioIfConnected: boolean;
  /** First match wins; the last one applies always. */
  forms: readonly PenaltyForm[];
  aggravations: readonly Aggravation[];
  exclusions: readonly Exclusion[];
  notes: readonly RuleNote[];
  /** Prescription runs from the end of the conduct, so it has not started while the conduct goes on. */
  continuing: boolean;
  /**
   * The prescription computed from the maximum penalty may not be the last word (an unconfirmed longer
   * term): said with the date, and a date that seems passed leaves the offence uncertain, not expired.
   */
  prescriptionCaveat?: { text: (answers: Answers) => string; deadlineNote: string };
  /**
   * A threat is one of this offence's means (art. 84 c.p., reato complesso; fact sheet B.7): when both are
   * raised the threat is part of this offence, not a second one. The law's words for that means complete
   * "la legge punisce chi …".
   */
  absorbsThreat?: string;
}

// ── Common facts (fact sheet A) ────────────────────────────────────────────────────────────────────────

/** Art. 124 c.p.: three months from knowledge of the fact, unless a law says otherwise. */
export const DEFAULT_COMPLAINT_MONTHS = 3;
/** Art. 157 c.p.: at least 6 years for delitti, also those punished only with a fine. */
export const MIN_PRESCRIPTION_MONTHS = 72;
/** Art. 161 c.p.: interruptions extend prescription by at most a quarter (more for repeat offenders). */
export const INTERRUPTION_FACTOR = 1.25;

/** Dates from which laws apply (in force), per the fact sheet. */
export const IN_FORCE = {
  /** Art. 612-quater c.p., deepfakes (L. 132/2025). */
  deepfake: "2025-10-10",
  /** L. 90/2024: art. 629 c.3 (extortion through computer crimes), art. 615-ter aggravated forms. */
  cyberSecurityLaw: "2024-07-17",
  /** L. 181/2025: aggravation for hatred against the victim as a woman (fraction unconfirmed). */
  femicideLaw: "2025-12-17",
} as const satisfies Record<string, IsoDate>;

const COMPLAINT_124 = { months: DEFAULT_COMPLAINT_MONTHS, article: "124 c.p." } as const;

/** Grounds art. 604-bis and 604-ter c.p. cover. Sexual orientation and gender are not among them. */
export const HATE_GROUNDS = ["RACE", "ETHNICITY", "NATIONALITY", "RELIGION"] as const;
export const UNCOVERED_BIAS_GROUNDS = ["SEXUAL_ORIENTATION", "GENDER"] as const;

export function hasHateGround(answers: Answers): boolean {
  return (HATE_GROUNDS as readonly string[]).includes(answers.discriminatoryMotive ?? "");
}

function tri(value: unknown): ElementStatus {
  return value === true ? "MET" : value === false ? "MISSING" : "UNKNOWN";
}

function onOrAfter(date: IsoDate, from: IsoDate): boolean {
  return !isBefore(date, from);
}

export function isOnline(answers: Answers): boolean {
  return (
    answers.category === "CYBER_STALKING" || (answers.channel !== undefined && answers.channel !== "OTHER")
  );
}

/** The content was published or shared, as far as the answers say. */
function spreadStatus(answers: Answers, assumedWhenSilent: boolean): ElementStatus {
  if (answers.sharingOnlyThreatened === true) return "MISSING";
  if (answers.sharingOnlyThreatened === false || assumedWhenSilent) return "MET";
  return "UNKNOWN";
}

function noConsentStatus(answers: Answers): ElementStatus {
  return answers.consentToShare === false ? "MET" : answers.consentToShare === true ? "MISSING" : "UNKNOWN";
}

const INCAPABLE_UNCONFIRMED =
  "Si procede d'ufficio se la vittima è incapace, per età o per infermità; se la tua condizione è un'altra, per esempio la gravidanza, la querela serve.";
const YOUNG_AGE_UNCONFIRMED =
  "Se la vittima è incapace per la sua giovane età si procede d'ufficio, ma non è detto che valga nel tuo caso.";

/** The content is sexual, as far as the answers say (a revenge-porn case is, unless the victim says not). */
export function sexualContent(answers: Answers): boolean {
  return (
    answers.sexuallyExplicit === true ||
    (answers.category === "REVENGEPORN" && answers.sexuallyExplicit !== false)
  );
}

/** Art. 604-ter c.p.: up to +half for any offence committed with a discriminatory purpose. */
const HATE_AGGRAVATION: Aggravation = {
  id: "hate-purpose",
  when: hasHateGround,
  label:
    "finalità di discriminazione o di odio etnico, nazionale, razziale o religioso: pena aumentata fino alla metà",
  article: "604-ter c.p.",
  specialEffectFactor: 1.5,
};

/** L. 181/2025 (in force 17.12.2025): hatred against the victim as a woman; its fraction is unconfirmed. */
const WOMAN_HATRED_AGGRAVATION: Aggravation = {
  id: "woman-hatred",
  when: (a) => a.discriminatoryMotive === "GENDER" && onOrAfter(a.lastEventDate, IN_FORCE.femicideLaw),
  label:
    "possibile aggravante per atti di odio o discriminazione contro la vittima in quanto donna (L. 181/2025; misura dell'aumento non confermata)",
  article: "L. 181/2025",
};

// ── B.1 Stalking, art. 612-bis c.p. ────────────────────────────────────────────────────────────────────

const STALKING: OffenceRule = {
  code: "STALKING",
  article: "612-bis c.p.",
  title: "Atti persecutori (stalking)",
  name: "stalking",
  source: "B.1 [3][5][19][20][21][22]; A [11]",
  inScope: (a) =>
    a.category === "STALKING" ||
    a.category === "CYBER_STALKING" ||
    (a.repeated === true && (a.effects?.length ?? 0) > 0) ||
    (a.category === "CYBERBULLYING" && a.repeated === true),
  elements: [
    {
      id: "repeated",
      assess: (a) => tri(a.repeated),
      missing:
        "Lo stalking richiede comportamenti ripetuti: da quanto ci hai detto sembra trattarsi di un solo episodio. Un singolo episodio può comunque essere un altro reato, per esempio una minaccia.",
      unknown:
        "Non sappiamo se gli episodi siano stati più di uno: lo stalking richiede comportamenti ripetuti.",
    },
    {
      id: "effects",
      assess: (a) => (a.effects === undefined ? "UNKNOWN" : a.effects.length > 0 ? "MET" : "MISSING"),
      missing:
        "Lo stalking richiede che i comportamenti abbiano provocato almeno una di queste conseguenze: ansia o paura forti e durature, un timore fondato per la tua sicurezza o per quella di una persona cara, oppure la necessità di cambiare le tue abitudini. Dalle tue risposte nessuna di queste sembra presente.",
      unknown:
        "Non ci hai indicato quali effetti hanno avuto su di te questi comportamenti: lo stalking richiede almeno uno tra ansia o paura forti e durature, timore per la tua sicurezza o per quella di una persona cara, o un cambiamento delle tue abitudini.",
    },
  ],
  description:
    "Il reato di atti persecutori (stalking) punisce chi, con minacce o molestie ripetute, provoca nella vittima almeno una di queste conseguenze: un grave e duraturo stato di ansia o di paura; un fondato timore per la propria sicurezza o per quella di un familiare o di una persona cara; la necessità di cambiare le proprie abitudini di vita.",
  complaint: { months: 6, article: "612-bis c.p." },
  exOfficio: [
    {
      id: "minor-victim",
      when: (a) => a.victimIsMinor === true,
      reason: "perché la vittima è minorenne",
      article: "612-bis c.p.",
    },
    {
      id: "vulnerable-victim",
      when: (a) => a.victimVulnerable === true,
      reason: "perché la vittima sembra avere una disabilità o essere in condizione di fragilità",
      article: "612-bis c.p.",
      unconfirmed:
        "Si procede d'ufficio se la vittima ha una disabilità; se la tua condizione è un'altra, per esempio la gravidanza, la querela serve.",
    },
    {
      id: "ammonimento",
      when: (a) => a.ammonimentoIssued === true,
      reason: "perché l'autore era già stato ammonito dal Questore",
      article: "8 D.L. 11/2009",
    },
  ],
  exOfficioIfConnected: true,
  forms: [{ id: "base", when: () => true, penalty: "reclusione da 1 anno a 6 anni e 6 mesi", maxMonths: 78 }],
  aggravations: [
    {
      id: "partner",
      when: (a) =>
        a.authorRelationship === "SPOUSE" ||
        a.authorRelationship === "PARTNER" ||
        a.authorRelationship === "EX_PARTNER",
      label: "commesso dal coniuge, dal partner o da un ex partner",
      article: "612-bis c.p.",
    },
    {
      id: "online",
      when: isOnline,
      label: "commesso con strumenti informatici o telematici (cyberstalking)",
      article: "612-bis c.p.",
    },
    {
      id: "minor-victim",
      when: (a) => a.victimIsMinor === true,
      label: "vittima minorenne: pena aumentata fino alla metà",
      article: "612-bis c.p.",
      specialEffectFactor: 1.5,
    },
    {
      id: "vulnerable-victim",
      when: (a) => a.victimVulnerable === true,
      label: "vittima in gravidanza o con disabilità: pena aumentata fino alla metà",
      article: "612-bis c.p.",
      specialEffectFactor: 1.5,
    },
    HATE_AGGRAVATION,
    WOMAN_HATRED_AGGRAVATION,
  ],
  exclusions: [],
  notes: [
    {
      section: "aggravatingAndPenalties",
      when: () => true,
      text: "La pena aumenta fino alla metà anche se il fatto è commesso con armi o da una persona travisata, cioè con il volto nascosto o camuffato.",
      article: "612-bis c.p.",
    },
    {
      section: "actionsAndDeadlines",
      when: (a) => a.ongoing === true && a.complaintFiled !== true,
      text: "Poiché i comportamenti sono ancora in corso, le date sono calcolate dall'ultimo episodio che ci hai indicato: non aspettare nuovi episodi per agire, e conserva le prove di ognuno.",
      article: "612-bis c.p.",
    },
    {
      section: "usefulToKnow",
      when: (a) => a.complaintFiled !== true,
      text: "La querela per stalking si può ritirare solo davanti al giudice.",
      article: "612-bis c.p.",
    },
    {
      section: "usefulToKnow",
      when: (a) => a.threatSerious === true && a.repeated === true,
      text: "Quando le condotte comprendono minacce gravi e ripetute, la querela per stalking non si può più ritirare.",
      article: "612-bis c.p.",
    },
    {
      section: "actionsAndDeadlines",
      when: (a) => a.complaintFiled !== true && a.ammonimentoIssued !== true,
      text: "Finché non presenti querela, puoi chiedere al Questore di ammonire l'autore: è un avvertimento formale a smettere. Se l'autore è già stato ammonito, per lo stalking si procede d'ufficio. Se per il tuo caso serve la querela, tienine comunque d'occhio il termine.",
      article: "8 D.L. 11/2009",
    },
    {
      section: "usefulToKnow",
      when: (a) => a.ammonimentoIssued === true || a.complaintFiled !== true,
      text: "Dal 9 dicembre 2023 chi è stato ammonito può chiedere la revoca dell'ammonimento solo dopo 3 anni.",
      article: "1 L. 168/2023",
    },
  ],
  continuing: true,
  absorbsThreat: "«con condotte reiterate, minaccia o molesta» un'altra persona (Cass. V 21407/2016)",
};

// ── B.3 Defamation, art. 595 c.p. (and insult, D.Lgs. 7/2016) ──────────────────────────────────────────

/** What an insult is since 2016 (fact sheet B.3 [16]); what the victim can do about it is in texts.ts. */
const INSULT_IS_CIVIL = "è un'ingiuria: dal 2016 non è più reato ma un illecito civile (D.Lgs. 7/2016).";

function audienceStatus(a: Answers): ElementStatus {
  if (a.audience === "FEW" || a.audience === "MANY") return "MET";
  if (a.audience === "VICTIM_ONLY") return "MISSING";
  // A public post or web page reaches an indefinite number of people.
  return a.channel === "SOCIAL_PUBLIC" || a.channel === "WEBSITE" ? "MET" : "UNKNOWN";
}

/**
 * An offence that only reached the victim, or was said while the victim took part in the exchange as it
 * happened (in person, a call, a video call, a live chat), even with others taking part: an insult, not
 * defamation, which needs the victim's absence (Cass. V 10905/2020). A post or a group message the victim
 * reads later does not make them present: the questionnaire says so, and then the answer is false.
 */
export function isInsult(a: Answers): boolean {
  return a.audience === "VICTIM_ONLY" || a.victimPresent === true;
}

/** The insult happened before other people too: the higher civil sanction applies. */
export function insultBeforeOthers(a: Answers): boolean {
  return a.victimPresent === true && audienceStatus(a) === "MET";
}

const PUBLICITY_CHANNELS: readonly string[] = ["SOCIAL_PUBLIC", "WEBSITE"];

const DEFAMATION: OffenceRule = {
  code: "DEFAMATION",
  article: "595 c.p.",
  title: "Diffamazione",
  name: "diffamazione",
  source: "B.3 [30]-[38], [16]; A [1][33]",
  inScope: (a) => a.category === "DEFAMATION" || a.harmsReputation === true,
  elements: [
    {
      id: "reputation",
      assess: (a) => tri(a.harmsReputation),
      missing:
        "Per la diffamazione il contenuto deve offendere l'onore o la reputazione: da quanto ci hai detto non sembra questo il caso.",
      unknown:
        "Non sappiamo con certezza se il contenuto offenda la tua reputazione: è un elemento necessario della diffamazione.",
    },
    {
      id: "identifiable",
      assess: (a) => tri(a.victimIdentifiable),
      missing:
        "Per la diffamazione chi legge deve poter capire che si parla di te, anche se il tuo nome non compare: da quanto ci hai detto non sembra possibile.",
      unknown:
        "Non è certo che altre persone possano capire che il contenuto riguarda te: serve perché ci sia diffamazione.",
    },
    {
      id: "audience",
      assess: audienceStatus,
      missing: `La diffamazione richiede che l'offesa raggiunga almeno due persone oltre a te, anche in momenti diversi: il contenuto sembra invece essere stato visto solo da te. Un'offesa rivolta solo a te ${INSULT_IS_CIVIL}`,
      unknown:
        "Non sappiamo quante persone abbiano visto il contenuto: la diffamazione richiede che l'offesa raggiunga almeno due persone oltre a te.",
    },
    {
      id: "victim-absent",
      // Present while it happened: an insult, even with others there. When nobody else saw it, the audience
      // element already explains the insult. No answer reads as absent (a post, a message): the usual case.
      assess: (a) =>
        a.victimPresent === true
          ? a.audience === "VICTIM_ONLY"
            ? "MET"
            : "MISSING"
          : a.victimPresent === "UNKNOWN"
            ? "UNKNOWN"
            : "MET",
      missing: (a) =>
        insultBeforeOthers(a)
          ? `Eri presente mentre l'offesa avveniva, per esempio in una videochiamata o in una chat dal vivo: la diffamazione richiede invece che la persona offesa sia assente, anche quando altre persone sentono o leggono l'offesa (Cass. V 10905/2020). Un'offesa fatta in tua presenza, anche davanti ad altri, ${INSULT_IS_CIVIL} La presenza di altre persone la rende più grave.`
          : `Eri presente mentre l'offesa avveniva: la diffamazione richiede invece che la persona offesa sia assente (Cass. V 10905/2020). Un'offesa fatta in tua presenza ${INSULT_IS_CIVIL}`,
      unknown:
        "Non sappiamo se eri presente mentre l'offesa avveniva. Se partecipavi allo scambio in quel momento (di persona, in una telefonata, in una videochiamata o in una chat dal vivo), anche insieme ad altre persone, si tratta di ingiuria, un illecito civile, e non di diffamazione; un post o un messaggio di gruppo letto in un secondo momento non conta come presenza.",
    },
  ],
  description:
    "La diffamazione punisce chi offende la reputazione di una persona riconoscibile comunicando con due o più persone, anche in momenti diversi, quando la persona offesa non è presente.",
  complaint: COMPLAINT_124,
  exOfficio: [],
  exOfficioIfConnected: false,
  forms: [
    {
      id: "publicity",
      when: (a) => PUBLICITY_CHANNELS.includes(a.channel ?? ""),
      penalty: "reclusione da 6 mesi a 3 anni o multa non inferiore a 516 euro",
      maxMonths: 36,
      aggravations: ["commessa con un mezzo di pubblicità (un post pubblico su un social network lo è)"],
    },
    {
      id: "specific-fact",
      when: (a) => a.specificFact === true,
      penalty: "reclusione fino a 2 anni o multa fino a 2.065 euro",
      maxMonths: 24,
      aggravations: ["attribuzione di un fatto determinato"],
    },
    {
      id: "base",
      when: () => true,
      penalty: "reclusione fino a 1 anno o multa fino a 1.032 euro",
      maxMonths: 12,
    },
  ],
  aggravations: [
    {
      id: "specific-fact-with-publicity",
      when: (a) => a.specificFact === true && PUBLICITY_CHANNELS.includes(a.channel ?? ""),
      label: "attribuzione di un fatto determinato",
      article: "595 c.p.",
    },
    HATE_AGGRAVATION,
  ],
  exclusions: [
    {
      id: "truth-public-interest",
      when: (a) => a.truthAndPublicInterest === true || a.truthAndPublicInterest === "UNKNOWN",
      text: "Se quanto è stato scritto è vero, riguarda un interesse pubblico ed è espresso in modo misurato, l'autore potrebbe invocare il diritto di cronaca o di critica, che esclude il reato. La critica, però, non può travisare i fatti.",
      article: "51 c.p.",
    },
    {
      id: "provocation",
      when: (a) => a.provoked === true,
      text: "Se l'autore ha reagito in uno stato d'ira subito dopo un tuo comportamento ingiusto, non è punibile per provocazione. Resta però possibile chiedergli il risarcimento del danno in sede civile.",
      article: "599 c.p.",
    },
  ],
  notes: [
    {
      section: "aggravatingAndPenalties",
      when: (a) => PUBLICITY_CHANNELS.includes(a.channel ?? ""),
      text: "Un post su un social network è considerato un «mezzo di pubblicità», non stampa: per questo si applica la pena più alta prevista per la diffamazione pubblica.",
      article: "595 c.p.",
    },
    {
      section: "aggravatingAndPenalties",
      when: () => true,
      text: "Dopo la sentenza 150/2021 della Corte costituzionale, il carcere per la diffamazione si applica solo nei casi di eccezionale gravità.",
      article: "595 c.p.",
    },
    {
      section: "usefulToKnow",
      when: () => true,
      text: "Sui social network il termine per la querela si calcola separatamente per ogni post: per i contenuti più vecchi potrebbe essere già scaduto anche se per i più recenti sei ancora in tempo.",
      article: "124 c.p.",
    },
    {
      section: "exclusions",
      when: () => true,
      text: "Di regola chi diffama non può difendersi provando che il fatto attribuito è vero. La prova della verità è ammessa solo in alcuni casi: se la persona offesa è un pubblico ufficiale e il fatto riguarda le sue funzioni, se contro di lei è aperto un procedimento penale per quel fatto, o se è lei stessa a chiederla.",
      article: "596 c.p.",
    },
    {
      section: "exclusions",
      when: (a) => a.victimPublicOfficial === true,
      text: "Hai indicato di essere un pubblico ufficiale e che i fatti riguardano le tue funzioni: in questo caso l'autore potrebbe chiedere di provare che quanto ha scritto è vero.",
      article: "596 c.p.",
    },
    {
      section: "exclusions",
      when: (a) => a.truthAndPublicInterest === false,
      text: "Hai indicato che le affermazioni non sono vere o non riguardano un interesse pubblico: in questo caso il diritto di cronaca e di critica non dovrebbe applicarsi.",
      article: "51 c.p.",
    },
  ],
  continuing: false,
};

// ── B.4 Revenge porn, art. 612-ter c.p. ────────────────────────────────────────────────────────────────

const REVENGE_PORN: OffenceRule = {
  code: "REVENGE_PORN",
  article: "612-ter c.p.",
  title: "Diffusione illecita di immagini o video sessualmente espliciti (revenge porn)",
  name: "revenge porn",
  source: "B.4 [4][21][39][41][68]",
  inScope: (a) => (a.category === "REVENGEPORN" || a.sexuallyExplicit === true) && a.aiGenerated !== true,
  elements: [
    {
      id: "sexually-explicit",
      assess: (a) => tri(a.sexuallyExplicit),
      missing:
        "La diffusione illecita di immagini intime (revenge porn) riguarda solo contenuti sessualmente espliciti: da quanto ci hai detto non è questo il caso.",
      unknown:
        "Non è certo che il contenuto sia sessualmente esplicito, come richiede il reato di revenge porn.",
    },
    {
      id: "meant-private",
      assess: (a) => tri(a.meantPrivate),
      missing:
        "Il reato di revenge porn riguarda contenuti destinati a rimanere privati: da quanto ci hai detto non era così.",
      unknown:
        "Non è certo che il contenuto fosse destinato a restare privato, come richiede il reato di revenge porn.",
    },
    {
      id: "spread",
      assess: (a) => spreadStatus(a, a.category === "REVENGEPORN"),
      missing:
        "Per ora la diffusione delle immagini è stata solo minacciata: il reato di revenge porn richiede che siano state effettivamente diffuse. La minaccia in sé può però essere un reato, e puoi già chiedere al Garante privacy di impedire la diffusione.",
      unknown:
        "Non sappiamo se le immagini siano già state diffuse o se la diffusione sia stata solo minacciata.",
    },
    {
      id: "no-consent",
      assess: noConsentStatus,
      missing:
        "Da quanto ci hai detto, la diffusione è avvenuta con il tuo consenso: il reato di revenge porn richiede invece che il consenso della persona ritratta manchi.",
      unknown:
        "Non è chiaro se tu avessi acconsentito alla diffusione: il reato richiede che il consenso manchi.",
    },
    {
      id: "author",
      assess: (a) => {
        if (a.authorMadeOrTook === true || a.sharedToHarm === true) return "MET";
        return a.authorMadeOrTook === false && a.sharedToHarm === false ? "MISSING" : "UNKNOWN";
      },
      missing:
        "Chi ha diffuso le immagini non le ha realizzate né sottratte, e non sembra averle diffuse per danneggiarti: per chi riceve questi contenuti e li diffonde, il reato richiede l'intenzione di nuocere.",
      unknown:
        "Non sappiamo se l'autore abbia realizzato o sottratto le immagini, o se, dopo averle ricevute, le abbia diffuse per danneggiarti: basta una delle due cose.",
    },
  ],
  description:
    "La diffusione illecita di immagini o video sessualmente espliciti (il cosiddetto revenge porn) punisce chi li diffonde senza il consenso della persona ritratta quando erano destinati a rimanere privati: sia chi li ha realizzati o sottratti, qualunque sia il motivo, sia chi li ha ricevuti e li diffonde per danneggiare quella persona.",
  complaint: { months: 6, article: "612-ter c.p." },
  exOfficio: [
    {
      id: "vulnerable-victim",
      when: (a) => a.victimVulnerable === true,
      reason: "perché la vittima è in condizione di inferiorità fisica o psichica o in gravidanza",
      article: "612-ter c.p.",
    },
    {
      // Art. 612-ter is not ex officio for a minor as such; art. 600-ter, which is, may apply (unconfirmed).
      id: "minor-victim",
      when: (a) => a.victimIsMinor === true,
      reason: "perché la vittima è minorenne",
      article: "612-ter c.p.",
      unconfirmed:
        "Con una vittima minorenne il fatto potrebbe rientrare anche nella pornografia minorile (art. 600-ter c.p.), per la quale si procede d'ufficio, ma non è confermato.",
    },
    {
      id: "ammonimento",
      when: (a) => a.ammonimentoIssued === true,
      reason: "perché l'autore era già stato ammonito dal Questore",
      article: "612-ter c.p.",
    },
  ],
  exOfficioIfConnected: true,
  forms: [
    {
      id: "base",
      when: () => true,
      penalty: "reclusione da 1 a 6 anni e multa da 5.000 a 15.000 euro",
      maxMonths: 72,
    },
  ],
  aggravations: [
    {
      id: "partner",
      when: (a) => a.authorRelationship === "SPOUSE" || a.authorRelationship === "EX_PARTNER",
      label: "commesso dal coniuge o da un ex partner",
      article: "612-ter c.p.",
    },
    {
      id: "online",
      when: isOnline,
      label: "commesso con strumenti informatici o telematici",
      article: "612-ter c.p.",
    },
    {
      id: "vulnerable-victim",
      when: (a) => a.victimVulnerable === true,
      label:
        "vittima in condizione di inferiorità fisica o psichica o in gravidanza: pena aumentata da un terzo alla metà",
      article: "612-ter c.p.",
      specialEffectFactor: 1.5,
    },
    HATE_AGGRAVATION,
    WOMAN_HATRED_AGGRAVATION,
  ],
  exclusions: [],
  notes: [
    {
      section: "usefulToKnow",
      when: (a) => a.complaintFiled !== true,
      text: "La querela per revenge porn si può ritirare solo davanti al giudice.",
      article: "612-ter c.p.",
    },
    {
      // Fact sheet B.4 [68]: no element of 612-ter asks whether the victim can be recognised.
      section: "lawDetail",
      when: (a) => a.victimIdentifiable === false || a.victimIdentifiable === "UNKNOWN",
      text: "Per questo reato non serve che tu sia riconoscibile nelle immagini o nei video: la legge ti tutela comunque (Cass. V 11743/2025).",
      article: "612-ter c.p.",
    },
  ],
  continuing: false,
};

// ── B.4 Deepfakes, art. 612-quater c.p. (L. 132/2025) ──────────────────────────────────────────────────

const DEEPFAKE: OffenceRule = {
  code: "DEEPFAKE",
  article: "612-quater c.p.",
  title: "Diffusione illecita di contenuti falsificati con l'intelligenza artificiale (deepfake)",
  name: "deepfake",
  source: "B.4 [45][46]",
  inScope: (a) => a.aiGenerated === true,
  elements: [
    {
      id: "in-force",
      assess: (a) => (onOrAfter(a.lastEventDate, IN_FORCE.deepfake) ? "MET" : "MISSING"),
      missing:
        "Il reato di deepfake è in vigore dal 10 ottobre 2025 e non si applica ai fatti avvenuti prima di quella data. Quei fatti possono però rientrare in altri reati, come la diffamazione.",
      unknown:
        "Non sappiamo quando è avvenuta la diffusione: il reato di deepfake vale per i fatti dal 10 ottobre 2025.",
    },
    {
      id: "spread",
      assess: (a) => spreadStatus(a, true),
      missing:
        "Il contenuto falsificato sembra non essere ancora stato diffuso: il reato di deepfake richiede la diffusione. La minaccia di diffonderlo può però essere a sua volta un reato.",
      unknown: "Non sappiamo se il contenuto falsificato sia già stato diffuso.",
    },
    {
      id: "no-consent",
      assess: noConsentStatus,
      missing:
        "Da quanto ci hai detto, la diffusione è avvenuta con il tuo consenso: il reato di deepfake richiede invece che il consenso manchi.",
      unknown:
        "Non è chiaro se tu avessi acconsentito alla diffusione: il reato di deepfake richiede che il consenso manchi.",
    },
  ],
  description:
    "Dal 10 ottobre 2025 è reato diffondere, senza il consenso della persona interessata, immagini, video o voci falsificati o alterati con l'intelligenza artificiale, in grado di trarre in inganno sulla loro autenticità, quando ciò le provoca un danno ingiusto.",
  // No special term in the law, so the general three months (derived).
  complaint: COMPLAINT_124,
  exOfficio: [
    {
      id: "incapable-victim",
      when: (a) => a.victimVulnerable === true,
      reason: "perché la vittima sembra incapace, per età o per infermità",
      article: "612-quater c.p.",
      unconfirmed: INCAPABLE_UNCONFIRMED,
    },
    {
      id: "young-victim",
      when: (a) => a.victimIsMinor === true,
      reason: "perché la vittima sembra incapace per la sua giovane età",
      article: "612-quater c.p.",
      unconfirmed: YOUNG_AGE_UNCONFIRMED,
    },
    {
      id: "public-authority",
      when: (a) => a.victimPublicOfficial === true,
      reason: "perché la vittima è una pubblica autorità colpita a causa delle sue funzioni",
      article: "612-quater c.p.",
      unconfirmed:
        "Si procede d'ufficio se la vittima è una pubblica autorità e il fatto riguarda le sue funzioni; se non è così, la querela serve.",
    },
  ],
  exOfficioIfConnected: true,
  forms: [{ id: "base", when: () => true, penalty: "reclusione da 1 a 5 anni", maxMonths: 60 }],
  aggravations: [HATE_AGGRAVATION],
  exclusions: [],
  notes: [
    {
      section: "lawDetail",
      when: (a) =>
        isBefore(a.firstEventDate, IN_FORCE.deepfake) && onOrAfter(a.lastEventDate, IN_FORCE.deepfake),
      text: "Il reato di deepfake riguarda solo le diffusioni avvenute dal 10 ottobre 2025 in poi: quelle precedenti possono rientrare in altri reati.",
      article: "612-quater c.p.",
    },
  ],
  continuing: false,
};

// ── B.6 Extortion and sextortion, art. 629 c.p. ────────────────────────────────────────────────────────

/** Extortion through or threatening computer crimes (art. 629 c.3, L. 90/2024), for facts since it applies. */
function extortionThroughComputerCrime(a: Answers): boolean {
  return a.accountAccessed === true && onOrAfter(a.lastEventDate, IN_FORCE.cyberSecurityLaw);
}

export function isSextortion(a: Answers): boolean {
  return (
    (a.demand === true || a.category === "EXTORTION") &&
    (a.sexuallyExplicit === true || (a.sharingOnlyThreatened === true && a.sexuallyExplicit !== false))
  );
}

/** Intimate images are involved or threatened: the Garante route and hash-based blocking apply. */
export function intimateImages(a: Answers): boolean {
  return sexualContent(a) || isSextortion(a);
}

/** Something was demanded under threat, as far as the answers say. */
function demandRaised(a: Answers): boolean {
  return a.demand === true || a.category === "EXTORTION";
}

/** What was demanded is not known: not answered, or "preferisco non dirlo". */
function demandKindUnknown(a: Answers): boolean {
  return a.demandKind === undefined || a.demandKind === "UNKNOWN";
}

/**
 * A threat to obtain sexual images or acts is sexual violence (art. 609-bis c.p.), never extortion; when
 * what was demanded is unknown and intimate content is involved, it may be either, so both are assessed.
 */
export function mayBeSexualViolence(a: Answers): boolean {
  return demandRaised(a) && (a.demandKind === "SEXUAL" || (demandKindUnknown(a) && intimateImages(a)));
}

const EXTORTION: OffenceRule = {
  code: "EXTORTION",
  article: "629 c.p.",
  title: (a) =>
    a.victimComplied === true
      ? "Estorsione"
      : a.victimComplied === false
        ? "Tentata estorsione"
        : "Estorsione (tentata o consumata)",
  name: "estorsione",
  source: "B.6 [52][53][54]",
  inScope: (a) => demandRaised(a) && a.demandKind !== "SEXUAL",
  elements: [
    {
      id: "demand-under-threat",
      assess: (a) => tri(a.demand),
      missing:
        "Non risulta una richiesta di denaro o di altro accompagnata da una minaccia: senza questa richiesta non c'è estorsione. La minaccia in sé può però essere un reato autonomo.",
      unknown:
        "Non sappiamo se ti sia stato chiesto denaro o altro sotto minaccia: è l'elemento che caratterizza l'estorsione.",
    },
    {
      // Extortion needs a financial loss for the victim [52]: certain only for money or goods.
      id: "financial-loss",
      assess: (a) => (a.demandKind === "MONEY" ? "MET" : "UNKNOWN"),
      missing:
        "L'estorsione richiede che la richiesta procuri all'autore un ingiusto profitto con un danno economico per te: da quanto ci hai detto non è così.",
      unknown: (a) =>
        a.demandKind === "OTHER"
          ? "Ti è stato chiesto qualcosa di diverso dal denaro: l'estorsione c'è solo se la richiesta procura all'autore un ingiusto profitto con un danno economico per te. Se non è così, costringere qualcuno con una minaccia a fare qualcosa può essere un altro reato, come la violenza privata (art. 610 c.p.), da valutare con un avvocato."
          : `Non sappiamo che cosa ti sia stato chiesto: l'estorsione richiede un danno economico per te, per esempio una richiesta di denaro.${
              // When sexual violence is assessed too, its own text says the rest.
              mayBeSexualViolence(a)
                ? ""
                : " Se invece con la minaccia ti sono state chieste immagini intime o atti sessuali, si tratta di violenza sessuale (art. 609-bis c.p.)."
            }`,
    },
  ],
  description:
    "L'estorsione punisce chi, con violenza o minaccia (per esempio la minaccia di pubblicare immagini intime), costringe una persona a fare o a non fare qualcosa, procurandosi un ingiusto profitto con danno della vittima. Se la vittima non cede, si tratta di tentata estorsione, che è comunque reato.",
  complaint: null,
  exOfficio: [],
  exOfficioIfConnected: false,
  forms: [
    {
      id: "computer-crime-incapable-victim",
      when: (a) => extortionThroughComputerCrime(a) && a.victimVulnerable === true,
      penalty: "reclusione da 8 a 22 anni",
      maxMonths: 264,
      aggravations: [
        "commessa mediante reati informatici o minacciando di commetterli, con vittima incapace (L. 90/2024)",
      ],
    },
    {
      id: "computer-crime",
      when: extortionThroughComputerCrime,
      penalty: "reclusione da 6 a 12 anni",
      maxMonths: 144,
      aggravations: ["commessa mediante reati informatici o minacciando di commetterli (L. 90/2024)"],
    },
    {
      id: "base",
      when: () => true,
      penalty: "reclusione da 5 a 10 anni e multa da 1.000 a 4.000 euro",
      maxMonths: 120,
    },
  ],
  aggravations: [HATE_AGGRAVATION],
  exclusions: [],
  notes: [
    {
      section: "aggravatingAndPenalties",
      when: () => true,
      text: "Se ricorrono particolari circostanze aggravanti (quelle dell'art. 628, terzo comma, del codice penale), la pena dell'estorsione va da 7 a 20 anni.",
      article: "629 c.p.",
    },
    {
      section: "aggravatingAndPenalties",
      when: (a) => a.victimComplied === false,
      text: "Poiché non hai ceduto alla richiesta, si tratta di tentata estorsione: la pena è ridotta rispetto a quella dell'estorsione consumata, e per questo anche il termine di prescrizione potrebbe essere più breve di quello indicato. È un motivo in più per denunciare subito.",
      article: "56 c.p.",
    },
    {
      section: "actionsAndDeadlines",
      when: isSextortion,
      text: "Non pagare e non inviare altro materiale: pagare non garantisce che le richieste finiscano, e spesso le fa aumentare. Conserva le prove e non cancellare nulla: chat, nomi dei profili, numeri di telefono, richieste di pagamento ed eventuali ricevute, con data e ora. Poi blocca l'autore e segnala subito il fatto alla Polizia Postale.",
      article: "629 c.p.",
    },
    {
      section: "actionsAndDeadlines",
      when: (a) => !isSextortion(a),
      text: "Non cedere ad altre richieste e non cancellare nulla: conserva messaggi, richieste e ricevute con data e ora, perché sono le prove, e denuncia il fatto il prima possibile.",
      article: "629 c.p.",
    },
    {
      section: "damageCompensation",
      when: (a) => a.victimComplied === true,
      text: "Quello che hai pagato o consegnato può esserti restituito, oltre al risarcimento del danno.",
      article: "185 c.p.",
    },
  ],
  continuing: false,
  absorbsThreat: "costringe qualcuno a fare o a non fare qualcosa «mediante violenza o minaccia»",
};

// ── B.6 Sexual violence, art. 609-bis c.p.: by threat ("sextortion" for sexual images or acts), or a child
// asked for sexual images or acts ───────────────────────────────────────────────────────────────────────

/** A minor says the author asked for sexual images, videos or acts, with or without a threat. */
export function minorAskedForSexualContent(a: Answers): boolean {
  return a.victimIsMinor === true && a.askedForSexualContent === true;
}

/**
 * Which way of the law the answers fit: a child asked for sexual content (no threat needed, fact sheet B.6
 * [70]), unless a threat to obtain it is stated, which is sexual violence at any age [66].
 */
function childAsked(a: Answers): boolean {
  return minorAskedForSexualContent(a) && !(a.demand === true && a.demandKind === "SEXUAL");
}

/** Under 14 a child cannot consent to sexual acts: asking is enough (art. 609-bis c.2 with 609-ter [70]). */
const CHILD_ASKED_ELEMENTS: readonly ElementRule[] = [
  {
    id: "asked-for-sexual-content",
    assess: (a) => tri(a.askedForSexualContent),
    missing: "Da quanto ci hai detto nessuno ti ha chiesto immagini, video o atti sessuali.",
    unknown: "Non sappiamo se ti siano stati chiesti immagini, video o atti sessuali.",
  },
  {
    id: "victim-under-14",
    assess: (a) => (a.victimAge14Plus === false ? "MET" : "UNKNOWN"),
    missing: "Avevi almeno 14 anni.",
    unknown: (a) =>
      `${
        a.victimAge14Plus === true ? "Avevi almeno 14 anni." : "Non sappiamo se avevi meno di 14 anni."
      } Sotto i 14 anni la legge esclude un consenso valido, e chiedere immagini o atti sessuali è violenza sessuale anche senza minacce. Dai 14 ai 17 anni, una richiesta così fatta senza minacce può essere violenza sessuale oppure un altro reato contro le persone minorenni, come gli atti sessuali con minorenne da parte di chi ha un ruolo di fiducia (art. 609-quater c.p.) o, sotto i 16 anni, l'adescamento di minorenni (art. 609-undecies c.p.): non è confermato, e lo valuta con cura una persona esperta.`,
  },
  {
    id: "adult-author",
    assess: (a) => (a.authorIsMinor === false ? "MET" : "UNKNOWN"),
    missing: "Chi ti ha fatto la richiesta è minorenne.",
    unknown: (a) =>
      a.authorIsMinor === true
        ? "Chi ti ha fatto la richiesta è a sua volta minorenne: tra minorenni la legge valuta questi fatti in modo diverso, e serve il parere di un avvocato."
        : "Non sappiamo se chi ti ha fatto la richiesta sia maggiorenne: se lo è, per la legge si tratta di violenza sessuale; se è minorenne, la valutazione può cambiare.",
  },
];

/** A threat to obtain sexual images or acts (fact sheet B.6 [66][71]). */
const THREAT_ELEMENTS: readonly ElementRule[] = [
  {
    id: "demand-under-threat",
    assess: (a) => tri(a.demand),
    missing:
      "Non risulta una richiesta accompagnata da una minaccia: la violenza sessuale richiede che qualcuno ti costringa, con violenza o minaccia.",
    unknown:
      "Non sappiamo se la richiesta sia stata accompagnata da una minaccia: la violenza sessuale richiede che qualcuno ti costringa, con violenza o minaccia.",
  },
  {
    id: "sexual-demand",
    assess: (a) => (a.demandKind === "SEXUAL" ? "MET" : "UNKNOWN"),
    missing: "Da quanto ci hai detto non ti sono stati chiesti immagini intime o atti sessuali.",
    unknown:
      "Non sappiamo che cosa ti sia stato chiesto: se con la minaccia ti sono state chieste immagini intime o atti sessuali, anche solo davanti a una videocamera, si tratta di violenza sessuale e non di estorsione.",
  },
];

const SEXUAL_VIOLENCE: OffenceRule = {
  code: "SEXUAL_VIOLENCE",
  article: "609-bis c.p.",
  title: "Violenza sessuale",
  name: "violenza sessuale",
  source: "B.6 [66][67][70][71]; A [5]",
  inScope: (a) => mayBeSexualViolence(a) || minorAskedForSexualContent(a),
  description: (a) =>
    childAsked(a)
      ? "La violenza sessuale punisce anche chi compie atti sessuali con una persona che non ha ancora 14 anni, anche senza violenza né minacce e anche se sembra d'accordo: a quell'età la legge non riconosce un consenso valido. Per la Cassazione lo è anche indurre una persona di meno di 14 anni a mandare foto o video intimi di sé, anche solo in chat (Cass. III 41577/2023)."
      : "La violenza sessuale punisce chi, con violenza o minaccia, costringe una persona a compiere o a subire atti sessuali. Per la Cassazione lo è anche costringere qualcuno, minacciandolo, a inviare immagini intime o a compiere atti sessuali davanti a una videocamera, anche senza alcun contatto fisico (Cass. III 10692/2024).",
  elements: (a) => (childAsked(a) ? CHILD_ASKED_ELEMENTS : THREAT_ELEMENTS),
  // L. 69/2019: twelve months, the only offence with this term [5][67].
  complaint: { months: 12, article: "609-septies c.p." },
  exOfficio: [
    {
      id: "minor-victim",
      when: (a) => a.victimIsMinor === true,
      reason: "perché la vittima è minorenne",
      article: "609-septies c.p.",
    },
  ],
  // Art. 609-septies lists other ex officio cases [67]; connection is said, never assumed.
  exOfficioIfConnected: true,
  forms: [{ id: "base", when: () => true, penalty: "reclusione da 6 a 12 anni", maxMonths: 144 }],
  aggravations: [
    {
      // Art. 609-ter [70]: the increase is not in the fact sheet, so it does not move the prescription.
      id: "victim-under-14",
      when: (a) => a.victimIsMinor === true && a.victimAge14Plus === false,
      label: "vittima con meno di 14 anni: la pena è aumentata (art. 609-ter c.p.)",
      article: "609-ter c.p.",
    },
    HATE_AGGRAVATION,
  ],
  exclusions: [],
  notes: [
    {
      section: "lawDetail",
      when: childAsked,
      text: "Hai indicato che l'autore ti ha chiesto foto, video o atti di tipo sessuale: è un fatto grave, e la legge ti protegge anche se non ti ha minacciato.",
      article: "609-bis c.p.",
    },
    {
      section: "lawDetail",
      when: (a) => childAsked(a) && a.victimAge14Plus === false,
      text: "Non serve alcuna minaccia, e non bisogna dimostrare come l'autore ti abbia convinto o spinto: sotto i 14 anni il consenso non conta (Cass. III 41577/2023). Per questo non è colpa tua, anche se hai fatto quello che ti chiedeva e anche se sembrava una persona gentile o di fiducia.",
      article: "609-bis c.p.",
    },
    {
      section: "lawDetail",
      when: (a) => !childAsked(a),
      text: "Costringere qualcuno con una minaccia a inviare immagini intime o a compiere atti sessuali è violenza sessuale e non estorsione, che richiede invece un danno economico per la vittima (Cass. III 25266/2020).",
      article: "609-bis c.p.",
    },
    {
      section: "aggravatingAndPenalties",
      when: (a) => a.victimComplied === false,
      text: "Poiché non hai fatto quello che ti chiedeva, il fatto potrebbe essere valutato come tentativo: la pena sarebbe ridotta, ma resta un reato grave.",
      article: "56 c.p.",
    },
    {
      section: "usefulToKnow",
      when: (a) => a.victimIsMinor !== true && a.complaintFiled !== true,
      text: "La querela per violenza sessuale, una volta presentata, non si può ritirare. Hai 12 mesi per presentarla: prima di farlo puoi parlarne con un centro antiviolenza o con un avvocato.",
      article: "609-septies c.p.",
    },
    {
      section: "actionsAndDeadlines",
      when: () => true,
      text: "Non inviare altre immagini e non fare quello che ti chiede: cedere non fa finire le richieste. Non cancellare nulla: conserva le chat, i nomi dei profili, i numeri di telefono e le richieste, con data e ora. Poi blocca l'autore e segnala subito il fatto alla Polizia Postale.",
      article: "609-bis c.p.",
    },
  ],
  continuing: false,
  prescriptionCaveat: {
    text: (a) =>
      `Il termine è calcolato sulla pena massima: per la violenza sessuale la legge potrebbe raddoppiarlo (art. 157, sesto comma), ma non è confermato${
        a.victimComplied === false
          ? "; se il fatto si è fermato al tentativo, potrebbe invece essere più breve"
          : ""
      }. Un avvocato può verificarlo.`,
    deadlineNote:
      "Prescrizione calcolata sulla pena massima, salvo interruzioni: un raddoppio del termine per questo reato non è confermato",
  },
  absorbsThreat: "costringe qualcuno «con violenza o minaccia» a compiere o a subire atti sessuali",
};

// ── B.7 Threats, art. 612 c.p. ─────────────────────────────────────────────────────────────────────────

const THREAT: OffenceRule = {
  code: "THREAT",
  article: "612 c.p.",
  title: "Minaccia",
  name: "minaccia",
  source: "B.7 [55][56][28]; A [8]",
  inScope: (a) => a.threatened === true || a.category === "THREAT" || a.sharingOnlyThreatened === true,
  elements: [
    {
      id: "unjust-harm-threatened",
      assess: (a) => (a.sharingOnlyThreatened === true ? "MET" : tri(a.threatened)),
      missing:
        "Da quanto ci hai detto non ti è stato prospettato un male ingiusto: senza una minaccia il reato di minaccia non c'è.",
      unknown:
        "Non è chiaro se ti sia stato prospettato un male ingiusto, come richiede il reato di minaccia.",
    },
  ],
  description: "Il reato di minaccia punisce chi prospetta a un'altra persona un male ingiusto.",
  complaint: COMPLAINT_124,
  exOfficio: [
    {
      id: "art-339-ways",
      when: (a) => a.threatAggravated === true,
      reason:
        "perché la minaccia è stata fatta in uno dei modi indicati dall'art. 339 del codice penale, per esempio con armi, con uno scritto anonimo o da più persone riunite",
      article: "612 c.p.",
    },
    {
      id: "serious-with-special-effect-aggravation",
      when: (a) => a.threatSerious === true && hasHateGround(a),
      reason:
        "perché la minaccia è grave e aggravata dalla finalità di discriminazione o di odio, un'aggravante a effetto speciale",
      article: "623-ter c.p.",
    },
    {
      id: "incapable-victim",
      when: (a) => a.victimVulnerable === true,
      reason: "perché la vittima sembra incapace, per età o per infermità",
      article: "612 c.p.",
      unconfirmed: INCAPABLE_UNCONFIRMED,
    },
    {
      id: "young-victim",
      when: (a) => a.victimIsMinor === true,
      reason: "perché la vittima sembra incapace per la sua giovane età",
      article: "612 c.p.",
      unconfirmed: YOUNG_AGE_UNCONFIRMED,
    },
  ],
  exOfficioIfConnected: false,
  forms: [
    {
      id: "serious-or-aggravated",
      when: (a) => a.threatSerious === true || a.threatAggravated === true,
      penalty: "reclusione fino a 1 anno",
      maxMonths: 12,
      aggravations: ["minaccia grave o fatta con armi, scritto anonimo o da più persone riunite"],
    },
    { id: "base", when: () => true, penalty: "multa fino a 1.032 euro", maxMonths: 0 },
  ],
  aggravations: [HATE_AGGRAVATION],
  exclusions: [],
  notes: [],
  continuing: false,
};

// ── B.5 Hate propaganda, art. 604-bis c.p. ─────────────────────────────────────────────────────────────

/** What may apply to hateful messages that are not propaganda (fact sheet B.5 [69], [49]). */
const OTHER_THAN_PROPAGANDA =
  "Gli stessi messaggi possono però essere altri reati, valutati qui accanto: una minaccia, lo stalking se sono ripetuti e ti hanno cambiato la vita, la diffamazione se li hanno letti altre persone; e quando sono mossi da odio razziale, etnico, nazionale o religioso la pena di quei reati aumenta fino alla metà (art. 604-ter c.p.).";

const HATE_PROPAGANDA: OffenceRule = {
  code: "HATE_PROPAGANDA",
  article: "604-bis c.p.",
  title: "Propaganda e istigazione a delinquere per motivi di discriminazione razziale, etnica e religiosa",
  name: "propaganda d'odio",
  source: "B.5 [47][48][49][51]",
  inScope: (a) =>
    a.category === "HATE_SPEECH" || a.incitement === "DISCRIMINATION" || a.incitement === "VIOLENCE",
  elements: [
    {
      id: "protected-ground",
      assess: (a) =>
        a.discriminatoryMotive === undefined ? "UNKNOWN" : hasHateGround(a) ? "MET" : "MISSING",
      missing: (a) =>
        (UNCOVERED_BIAS_GROUNDS as readonly string[]).includes(a.discriminatoryMotive ?? "")
          ? "L'art. 604-bis protegge solo dalle discriminazioni per motivi razziali, etnici, nazionali o religiosi: non copre l'orientamento sessuale né il genere, perché la proposta di legge che li avrebbe inclusi (il cosiddetto ddl Zan) non è stata approvata. Questi fatti si valutano come diffamazione, minaccia o stalking, e senza l'aggravante di discriminazione dell'art. 604-ter."
          : "L'art. 604-bis protegge solo dalle discriminazioni per motivi razziali, etnici, nazionali o religiosi: il motivo che ci hai indicato non rientra tra questi. I fatti possono comunque essere altri reati, come la diffamazione, la minaccia o lo stalking.",
      unknown:
        "Non sappiamo per quale motivo sei stato preso di mira: l'art. 604-bis riguarda solo motivi razziali, etnici, nazionali o religiosi.",
    },
    {
      id: "propaganda-or-incitement",
      assess: (a) =>
        a.incitement === "DISCRIMINATION" || a.incitement === "VIOLENCE"
          ? "MET"
          : a.incitement === "NONE"
            ? "MISSING"
            : "UNKNOWN",
      missing: (a) =>
        hasHateGround(a)
          ? "L'art. 604-bis richiede propaganda di idee razziste o istigazione alla discriminazione o alla violenza: da quanto ci hai detto non è questo il caso. Offese e minacce motivate dall'odio razziale, etnico, nazionale o religioso possono però essere altri reati, con la pena aumentata fino alla metà (art. 604-ter)."
          : "L'art. 604-bis richiede propaganda di idee razziste o istigazione alla discriminazione o alla violenza: da quanto ci hai detto non è questo il caso.",
      unknown:
        "Non è chiaro se ci sia stata propaganda o istigazione alla discriminazione o alla violenza, come richiede l'art. 604-bis.",
    },
    {
      // Propaganda and incitement need spreading (Cass. I 39243/2024, 38423/2023 [69]): certain only when many
      // people, or anyone, could see it; a private message to one person is not propaganda.
      id: "spreading",
      assess: (a) => (a.audience === "MANY" ? "MET" : a.audience === "VICTIM_ONLY" ? "MISSING" : "UNKNOWN"),
      missing: `La propaganda e l'istigazione punite dall'art. 604-bis devono diffondersi: le idee devono raggiungere un numero indeterminato di persone, con la capacità concreta di fare proseliti. Messaggi privati mandati solo a te, anche con link a contenuti razzisti o negazionisti, non sono propaganda (Cass. I 39243/2024). ${OTHER_THAN_PROPAGANDA}`,
      unknown: (a) =>
        `${
          a.audience === "FEW"
            ? "I contenuti li hanno visti alcune persone: non è certo che basti."
            : "Non sappiamo quante persone abbiano visto i contenuti."
        } La propaganda e l'istigazione punite dall'art. 604-bis devono diffondersi: le idee devono raggiungere un numero indeterminato di persone, con la capacità concreta di fare proseliti, e messaggi mandati a una sola persona non bastano (Cass. I 39243/2024). ${OTHER_THAN_PROPAGANDA}`,
    },
  ],
  description:
    "L'art. 604-bis punisce chi fa propaganda di idee fondate sulla superiorità o sull'odio razziale o etnico, chi istiga a commettere o commette atti di discriminazione per motivi razziali, etnici, nazionali o religiosi e, in modo più grave, chi istiga a commettere o commette violenza per gli stessi motivi.",
  // No complaint clause in art. 604-bis, so ex officio (derived).
  complaint: null,
  exOfficio: [],
  exOfficioIfConnected: false,
  forms: [
    {
      id: "violence",
      when: (a) => a.incitement === "VIOLENCE",
      penalty: "reclusione da 6 mesi a 4 anni",
      maxMonths: 48,
      aggravations: ["istigazione alla violenza"],
    },
    {
      id: "propaganda-discrimination",
      when: () => true,
      penalty: "reclusione fino a 1 anno e 6 mesi o multa fino a 6.000 euro",
      maxMonths: 18,
    },
  ],
  aggravations: [],
  exclusions: [],
  notes: [
    {
      section: "aggravatingAndPenalties",
      when: () => true,
      text: "La pena va da 2 a 6 anni se la propaganda o l'istigazione si fonda sulla negazione o sulla minimizzazione grave della Shoah o di crimini di genocidio, con un pericolo concreto di diffusione.",
      article: "604-bis c.p.",
    },
  ],
  continuing: false,
};

// ── B.8 Related offences ───────────────────────────────────────────────────────────────────────────────

const IMPERSONATION: OffenceRule = {
  code: "IMPERSONATION",
  article: "494 c.p.",
  title: "Sostituzione di persona",
  name: "sostituzione di persona",
  source: "B.8 [58][59][65]",
  inScope: (a) => a.impersonation === true,
  elements: [
    {
      id: "false-identity",
      assess: (a) => tri(a.impersonation),
      missing: "Non risulta l'uso di una falsa identità per ingannare altre persone.",
      unknown: "Non sappiamo se sia stata usata una falsa identità per ingannare altre persone.",
    },
  ],
  description:
    "La sostituzione di persona punisce chi inganna altre persone usando una falsa identità, per procurarsi un vantaggio o per arrecare un danno. Anche un profilo falso creato con le foto e i dati di un'altra persona rientra in questo reato.",
  complaint: null,
  exOfficio: [],
  exOfficioIfConnected: false,
  forms: [{ id: "base", when: () => true, penalty: "reclusione fino a 1 anno", maxMonths: 12 }],
  aggravations: [HATE_AGGRAVATION],
  exclusions: [],
  notes: [],
  continuing: false,
};

/** Private content the author recorded or passed on, spread without consent, not sexually explicit. */
function privateContentSpread(a: Answers): boolean {
  return (
    a.meantPrivate === true &&
    a.consentToShare !== true &&
    a.sexuallyExplicit !== true &&
    a.aiGenerated !== true &&
    a.sharingOnlyThreatened !== true
  );
}

const PRIVATE_LIFE_INTRUSION: OffenceRule = {
  code: "PRIVATE_LIFE_INTRUSION",
  article: "615-bis c.p.",
  title: "Interferenze illecite nella vita privata",
  name: "interferenze illecite nella vita privata",
  source: "B.8 [60]",
  // It needs a recording of private life in a private place, or its spreading: never intimate content or
  // access to an account alone (ADR 005).
  inScope: (a) => a.secretRecording === true || a.secretRecording === "UNKNOWN",
  elements: [
    {
      id: "secret-recording-in-private-place",
      assess: (a) => tri(a.secretRecording),
      missing:
        "Da quanto ci hai detto nessuno ha registrato di nascosto immagini o suoni della tua vita privata in un luogo privato: senza una registrazione così non si tratta di interferenze illecite nella vita privata.",
      unknown:
        "Non sai se qualcuno abbia registrato di nascosto immagini o suoni della tua vita privata in un luogo privato, come una casa o una telefonata privata, o se abbia diffuso registrazioni così: solo in quel caso si tratta di questo reato.",
    },
  ],
  description:
    "Le interferenze illecite nella vita privata puniscono chi, con strumenti di ripresa audio o video, si procura di nascosto immagini o notizie della vita privata che si svolge in luoghi privati, come una casa, e chi diffonde quelle registrazioni.",
  complaint: COMPLAINT_124,
  exOfficio: [],
  exOfficioIfConnected: false,
  forms: [{ id: "base", when: () => true, penalty: "reclusione da 6 mesi a 4 anni", maxMonths: 48 }],
  aggravations: [HATE_AGGRAVATION],
  exclusions: [],
  notes: [
    {
      section: "aggravatingAndPenalties",
      when: () => true,
      text: "Se il fatto è commesso da un pubblico ufficiale o da un investigatore privato, la pena va da 1 a 5 anni e si procede d'ufficio.",
      article: "615-bis c.p.",
    },
  ],
  continuing: false,
};

const UNAUTHORISED_ACCESS: OffenceRule = {
  code: "UNAUTHORISED_ACCESS",
  article: "615-ter c.p.",
  title: "Accesso abusivo a un sistema informatico",
  name: "accesso abusivo",
  source: "B.8 [61][62]",
  inScope: (a) => a.accountAccessed === true,
  elements: [
    {
      id: "access-without-permission",
      assess: (a) => tri(a.accountAccessed),
      missing: "Non risulta un accesso senza permesso ai tuoi account o dispositivi.",
      unknown: "Non sappiamo se qualcuno sia entrato senza permesso nei tuoi account o dispositivi.",
    },
  ],
  description:
    "L'accesso abusivo a un sistema informatico punisce chi entra senza permesso in un sistema protetto, come un account o un dispositivo, o vi rimane contro la volontà di chi ne ha diritto.",
  complaint: COMPLAINT_124,
  exOfficio: [],
  exOfficioIfConnected: false,
  forms: [{ id: "base", when: () => true, penalty: "reclusione fino a 3 anni", maxMonths: 36 }],
  aggravations: [HATE_AGGRAVATION],
  exclusions: [],
  notes: [
    {
      section: "aggravatingAndPenalties",
      when: () => true,
      text: "Nelle forme aggravate la pena va da 2 a 10 anni; se l'accesso riguarda sistemi di interesse pubblico, da 3 a 10 o da 4 a 12 anni. In questi casi si procede d'ufficio.",
      article: "615-ter c.p.",
    },
  ],
  continuing: false,
};

const UNLAWFUL_DATA_PROCESSING: OffenceRule = {
  code: "UNLAWFUL_DATA_PROCESSING",
  article: "167 D.Lgs. 196/2003",
  title: "Trattamento illecito di dati personali",
  name: "trattamento illecito di dati",
  source: "B.8 [63][64]; B.2 [25]",
  inScope: (a) => privateContentSpread(a) && a.consentToShare === false,
  elements: [
    {
      // The questionnaire does not ask what kind of data was spread.
      id: "sensitive-or-judicial-data",
      assess: () => "UNKNOWN",
      missing: "I dati diffusi non sembrano dati sensibili o giudiziari.",
      unknown:
        "Non sappiamo se i contenuti diffusi contengano dati sensibili (per esempio sulla salute, sulla vita sessuale o sulle convinzioni religiose) o giudiziari: la norma penale riguarda questi dati.",
    },
    {
      id: "intent-to-profit-or-harm",
      assess: (a) => {
        if (a.sharedToHarm === true || a.demand === true) return "MET";
        return a.sharedToHarm === false ? "MISSING" : "UNKNOWN";
      },
      missing:
        "Per il reato di trattamento illecito di dati chi li diffonde deve volerne trarre profitto o volerti danneggiare, e deve derivarne un danno concreto: senza questi elementi resta soltanto un illecito amministrativo.",
      unknown:
        "Non sappiamo se chi ha diffuso i dati volesse trarne profitto o danneggiarti: senza questa intenzione c'è soltanto un illecito amministrativo.",
    },
    {
      id: "actual-harm",
      assess: (a) =>
        (a.effects?.length ?? 0) > 0 || a.victimComplied === true || a.harmsReputation === true
          ? "MET"
          : "UNKNOWN",
      missing: "La diffusione non sembra averti causato un danno concreto.",
      unknown:
        "Non sappiamo se la diffusione ti abbia causato un danno concreto (nocumento), che il reato richiede.",
    },
  ],
  description:
    "L'art. 167 del Codice privacy punisce chi tratta o diffonde illecitamente dati personali sensibili o giudiziari con l'intenzione di trarne profitto o di arrecare danno, quando ne deriva un danno concreto (nocumento) alla persona.",
  // The fact sheet gives no complaint clause: prosecuted ex officio.
  complaint: null,
  exOfficio: [],
  exOfficioIfConnected: false,
  forms: [
    {
      id: "sensitive-data",
      when: () => true,
      penalty: "reclusione da 1 a 3 anni (dati sensibili o giudiziari)",
      maxMonths: 36,
    },
  ],
  aggravations: [],
  exclusions: [],
  notes: [],
  continuing: false,
};

/** Every rule, in the order offences are reported. */
export const OFFENCE_RULES: readonly OffenceRule[] = [
  STALKING,
  REVENGE_PORN,
  DEEPFAKE,
  EXTORTION,
  SEXUAL_VIOLENCE,
  DEFAMATION,
  THREAT,
  HATE_PROPAGANDA,
  IMPERSONATION,
  PRIVATE_LIFE_INTRUSION,
  UNAUTHORISED_ACCESS,
  UNLAWFUL_DATA_PROCESSING,
];

/** A rule's text or list that may depend on the answers, as the answers make it. */
export function byAnswers<T extends string | readonly ElementRule[]>(
  value: ByAnswers<T>,
  answers: Answers,
): T {
  return typeof value === "function" ? value(answers) : value;
}
