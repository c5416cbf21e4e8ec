import {
  addDays,
  addMonths,
  daysBetween,
  formatMonthsItalian,
  type IsoDate,
  isAfter,
  isIsoDate,
  laterOf,
  romeCalendarDay,
} from "../shared/calendar.ts";
import type { Answers } from "./answers.ts";
import type { Evaluation } from "./evaluation.ts";
import type {
  Deadline,
  DeadlineKind,
  FeedbackResult,
  Offence,
  Procedibility,
  SectionEntry,
  SectionKey,
  Sections,
} from "./result.ts";
import { DEADLINE_KINDS, SECTION } from "./result.ts";
import {
  byAnswers,
  type ElementRule,
  type Exclusion,
  type ExOfficioCondition,
  hasHateGround,
  INTERRUPTION_FACTOR,
  insultBeforeOthers,
  intimateImages,
  isInsult,
  isSextortion,
  MIN_PRESCRIPTION_MONTHS,
  mayBeSexualViolence,
  minorAskedForSexualContent,
  OFFENCE_RULES,
  type OffenceRule,
  sexualContent,
} from "./rules.ts";
import { texts } from "./texts.ts";

/** The rule set that produced a result: bump it whenever a rule or a text changes meaning. */
export const RULES_VERSION = "it-2026.12.1";

/** An offence the answers raise, with everything the result needs about it. */
interface Assessment {
  rule: OffenceRule;
  title: string;
  certain: boolean;
  unknown: readonly ElementRule[];
  procedibility: Procedibility;
  /** The conditions that make it ex officio (then procedibility is UFFICIO). */
  exOfficio: readonly ExOfficioCondition[];
  /** Conditions that only might make it ex officio: it stays complaint-based, and the texts say so once. */
  maybeExOfficio: readonly ExOfficioCondition[];
  complaintDeadline: IsoDate | null;
  prescriptionMonths: number;
  prescriptionDate: IsoDate;
  prescriptionNotStarted: boolean;
  penalty: string;
  aggravations: string[];
  exclusions: readonly Exclusion[];
  complaintPassed: boolean;
  prescribed: boolean;
  /**
   * NO: prescribed or complaint term passed. UNCERTAIN: a term seems passed, but the author is unknown, the
   * offence might be ex officio, or the prescription might be longer (unconfirmed).
   */
  pursuable: Pursuable;
  complaintStatus: Pursuable;
  prescriptionStatus: Pursuable;
}

type Pursuable = "YES" | "UNCERTAIN" | "NO";
const PURSUABLE_ORDER: readonly Pursuable[] = ["NO", "UNCERTAIN", "YES"];

interface Missed {
  rule: OffenceRule;
  missing: readonly ElementRule[];
}

/**
 * The automatic first opinion on the questionnaire's answers: offences, evaluation, deadlines, the eight
 * sections, recommended services. Pure and deterministic: `asOf` is the evaluation day, an ISO date on the
 * Europe/Rome calendar (an instant is converted to its Rome day). Answers are expected to have passed
 * AnswersSchema; an invalid date throws a RangeError.
 */
export function evaluateFeedback(answers: Answers, asOf: IsoDate | Date): FeedbackResult {
  const today = asOf instanceof Date ? romeCalendarDay(asOf) : asOf;
  if (!isIsoDate(today)) throw new RangeError(`asOf is not an ISO calendar date: ${String(asOf)}`);

  const assessments: Assessment[] = [];
  const missed: Missed[] = [];
  for (const rule of OFFENCE_RULES) {
    if (!rule.inScope(answers)) continue;
    const statuses = byAnswers(rule.elements, answers).map((element) => ({
      element,
      status: element.assess(answers),
    }));
    const missing = statuses.filter((s) => s.status === "MISSING").map((s) => s.element);
    if (missing.length > 0) {
      missed.push({ rule, missing });
      continue;
    }
    const unknown = statuses.filter((s) => s.status === "UNKNOWN").map((s) => s.element);
    assessments.push(assess(rule, unknown, answers, today));
  }
  const threatAbsorbed = absorbThreat(assessments);

  const evaluation = evaluate(assessments);
  const reviewReason = humanReviewReason(answers);
  const humanReview = reviewReason !== null;
  const offences = assessments.map(toOffence);
  return {
    evaluation,
    offences,
    sections: buildSections({
      answers,
      today,
      assessments,
      missed,
      evaluation,
      reviewReason,
      threatAbsorbed,
    }),
    deadlines: buildDeadlines(answers, today, assessments),
    humanReview,
    recommendedServices: recommendServices(answers, evaluation, assessments, humanReview),
    rulesVersion: RULES_VERSION,
    asOf: today,
    civilRemedies: buildCivilRemedies(answers, evaluation),
  };
}

// ── Offence assessment ────────────────────────────────────────────────────────────────────────────────

/**
 * When the complaint term starts: the day the victim learned of the fact and its author, but never before
 * the last act (each act, such as each post, has its own term; the latest one is still open).
 */
export function complaintTermStart(answers: Answers): IsoDate {
  return laterOf(answers.knowledgeDate ?? answers.lastEventDate, answers.lastEventDate);
}

function assess(
  rule: OffenceRule,
  unknown: readonly ElementRule[],
  answers: Answers,
  today: IsoDate,
): Assessment {
  const form = rule.forms.find((f) => f.when(answers));
  if (!form) throw new Error(`No penalty form for ${rule.code}`);
  const aggravations = rule.aggravations.filter((a) => a.when(answers));

  // Art. 157 c.p.: the maximum penalty with the largest special-effect increase, at least 6 years.
  const factor = Math.max(1, ...aggravations.map((a) => a.specialEffectFactor ?? 1));
  const prescriptionMonths = Math.max(MIN_PRESCRIPTION_MONTHS, Math.ceil(form.maxMonths * factor));
  const prescriptionNotStarted = rule.continuing && answers.ongoing === true;
  // Ongoing conduct: not started yet, so the earliest possible date is as if it ended today.
  const prescriptionStart = prescriptionNotStarted
    ? laterOf(answers.lastEventDate, today)
    : answers.lastEventDate;
  const prescriptionDate = addMonths(prescriptionStart, prescriptionMonths);

  const applying = rule.complaint === null ? [] : rule.exOfficio.filter((c) => c.when(answers));
  const exOfficio = applying.filter((c) => c.unconfirmed === undefined);
  const maybeExOfficio = exOfficio.length > 0 ? [] : applying.filter((c) => c.unconfirmed !== undefined);
  const procedibility: Procedibility =
    rule.complaint === null || exOfficio.length > 0 ? "UFFICIO" : "QUERELA";
  const complaintDeadline =
    rule.complaint && procedibility === "QUERELA" && answers.complaintFiled !== true
      ? addMonths(complaintTermStart(answers), rule.complaint.months)
      : null;

  const complaintPassed = complaintDeadline !== null && isAfter(today, complaintDeadline);
  const prescribed = isAfter(today, prescriptionDate);
  // The term runs from knowing who the author is (Cass. IV 13938/2008): not known, not surely passed.
  const authorUnknown = answers.authorKnown === false || answers.authorKnown === "UNKNOWN";
  const complaintStatus: Pursuable = !complaintPassed
    ? "YES"
    : authorUnknown || maybeExOfficio.length > 0
      ? "UNCERTAIN"
      : "NO";
  const prescriptionStatus: Pursuable = !prescribed ? "YES" : rule.prescriptionCaveat ? "UNCERTAIN" : "NO";
  const pursuable =
    PURSUABLE_ORDER[
      Math.min(PURSUABLE_ORDER.indexOf(complaintStatus), PURSUABLE_ORDER.indexOf(prescriptionStatus))
    ] ?? "NO";

  const attempted = rule.code === "EXTORTION" && answers.victimComplied === false;
  return {
    rule,
    title: byAnswers(rule.title, answers),
    certain: unknown.length === 0,
    unknown,
    procedibility,
    exOfficio,
    maybeExOfficio,
    complaintDeadline,
    prescriptionMonths,
    prescriptionDate,
    prescriptionNotStarted,
    penalty: attempted ? `${form.penalty}, ridotta per il tentativo` : form.penalty,
    aggravations: [...(form.aggravations ?? []), ...aggravations.map((a) => a.label)],
    exclusions: rule.exclusions.filter((e) => e.when(answers)),
    complaintPassed,
    prescribed,
    pursuable,
    complaintStatus,
    prescriptionStatus,
  };
}

/**
 * Art. 84 c.p. (fact sheet B.7): a threat that is the means of stalking, extortion or sexual violence is part
 * of that offence, so it is dropped from the assessments, with no deadline of its own. Returns whether it was.
 */
function absorbThreat(assessments: Assessment[]): boolean {
  const threat = assessments.findIndex((a) => a.rule.code === "THREAT");
  if (threat < 0 || !assessments.some((a) => a.rule.absorbsThreat !== undefined)) return false;
  assessments.splice(threat, 1);
  return true;
}

function toOffence(a: Assessment): Offence {
  return {
    code: a.rule.code,
    article: a.rule.article,
    title: a.title,
    procedibility: a.procedibility,
    complaintDeadline: a.complaintDeadline,
    prescriptionDate: a.prescriptionDate,
    penalty: a.penalty,
    aggravations: a.aggravations,
    certain: a.certain,
  };
}

/** The contract's evaluation rules, in order. */
function evaluate(assessments: readonly Assessment[]): Evaluation {
  if (assessments.length === 0) return "NOTVALID";
  const pursuable = assessments.filter((a) => a.pursuable !== "NO");
  if (pursuable.length === 0) return "EXPIRED";
  const valid = pursuable.some((a) => a.certain && a.pursuable === "YES" && a.exclusions.length === 0);
  return valid ? "VALID" : "WITHRESERVE";
}

type HumanReviewReason = "MINOR" | "SEXUAL_DEMAND" | "MAYBE_SEXUAL_DEMAND";

/**
 * Why a person must look first, or null: a minor and sexual content, a minor asked for sexual content, or
 * extortion of a minor (sextortion above all); and, at any age, a threat to obtain sexual images or acts
 * (sexual violence), also when what was demanded is unknown but intimate content is involved.
 */
function humanReviewReason(answers: Answers): HumanReviewReason | null {
  const minorCase =
    answers.victimIsMinor === true &&
    (sexualContent(answers) ||
      minorAskedForSexualContent(answers) ||
      isSextortion(answers) ||
      answers.demand === true ||
      answers.category === "EXTORTION");
  if (minorCase) return "MINOR";
  if (!mayBeSexualViolence(answers)) return null;
  return answers.demandKind === "SEXUAL" ? "SEXUAL_DEMAND" : "MAYBE_SEXUAL_DEMAND";
}

export function needsHumanReview(answers: Answers): boolean {
  return humanReviewReason(answers) !== null;
}

/** Sexual images or acts of a minor are involved, asked for or demanded: Polizia Postale, no copies. */
function minorSexual(answers: Answers): boolean {
  return (
    minorAskedForSexualContent(answers) ||
    (answers.victimIsMinor === true && (intimateImages(answers) || answers.demandKind === "SEXUAL"))
  );
}

/** The author is known not to be known: the complaint term has not begun, and its date is only prudent. */
function authorNotKnown(answers: Answers): boolean {
  return answers.authorKnown === false;
}

/** An offence to reputation said to the victim alone or in their presence: a civil wrong (D.Lgs. 7/2016). */
function insultCase(answers: Answers): boolean {
  return isInsult(answers) && (answers.category === "DEFAMATION" || answers.harmsReputation === true);
}

function contentOnline(answers: Answers): boolean {
  const publicChannel =
    answers.channel === "SOCIAL_PUBLIC" ||
    answers.channel === "SOCIAL_PRIVATE" ||
    answers.channel === "MESSAGING_GROUP" ||
    answers.channel === "WEBSITE";
  return (publicChannel || (answers.crimeUrl ?? "").trim() !== "") && answers.sharingOnlyThreatened !== true;
}

// ── Deadlines ─────────────────────────────────────────────────────────────────────────────────────────

/** The platform must remove within 48 hours; the Garante decides within 48 hours: days, if sent today. */
const RESPONSE_DAYS = 2;

function complaintNote(a: Assessment, prudent: boolean): string {
  if (prudent)
    return "Data prudente per la querela, calcolata da quando hai saputo dei fatti: il termine decorre da quando saprai chi è l'autore";
  if (!a.complaintPassed) return "Ultimo giorno per presentare querela";
  if (a.complaintStatus === "NO") return "Termine per la querela scaduto";
  return a.maybeExOfficio.length > 0
    ? "Termine per la querela scaduto, ma si potrebbe procedere d'ufficio"
    : "Termine per la querela calcolato dai fatti: potrebbe non essere scaduto finché non sai chi è l'autore";
}

function buildDeadlines(answers: Answers, today: IsoDate, assessments: readonly Assessment[]): Deadline[] {
  type Raw = Deadline & { subject: string };
  const raw: Raw[] = [];
  // Author not known: the term has not begun (fact sheet A [2]); the date from the facts is only prudent.
  const prudent = authorNotKnown(answers);
  for (const a of assessments) {
    if (a.complaintDeadline && a.rule.complaint) {
      raw.push({
        kind: "QUERELA",
        date: a.complaintDeadline,
        article: a.rule.complaint.article,
        subject: a.rule.name,
        note: complaintNote(a, prudent),
        ...(prudent ? { prudent: true as const } : {}),
      });
    }
    raw.push({
      kind: "PRESCRIPTION",
      date: a.prescriptionDate,
      article: "157 c.p.",
      subject: a.rule.name,
      note: a.rule.prescriptionCaveat
        ? a.rule.prescriptionCaveat.deadlineNote
        : a.prescribed
          ? "Reato prescritto"
          : a.prescriptionNotStarted
            ? "Prescrizione non ancora iniziata: data calcolata come se le condotte finissero oggi"
            : "Prescrizione del reato, salvo interruzioni",
    });
  }
  if (intimateImages(answers)) {
    raw.push({
      kind: "GARANTE",
      date: addDays(today, RESPONSE_DAYS),
      article: "144-bis D.Lgs. 196/2003",
      subject: "",
      note: texts.garanteDeadlineNote,
    });
  }
  if (answers.victimIsMinor === true) {
    raw.push({
      kind: "PLATFORM",
      date: addDays(today, RESPONSE_DAYS),
      article: "2 L. 71/2017",
      subject: "",
      note: texts.platformDeadlineNote,
    });
  }

  // One entry per kind, day and article: offences sharing a date are listed in its note.
  const merged = new Map<string, Omit<Raw, "subject"> & { subjects: string[] }>();
  for (const { subject, ...d } of raw) {
    const key = `${d.kind}|${d.date}|${d.article}|${d.note}`;
    const existing = merged.get(key);
    if (existing) {
      if (subject && !existing.subjects.includes(subject)) existing.subjects.push(subject);
    } else {
      merged.set(key, { ...d, subjects: subject ? [subject] : [] });
    }
  }
  const kindOrder = (kind: DeadlineKind) => DEADLINE_KINDS.indexOf(kind);
  // Plain code-unit order, not localeCompare: the result must not depend on the runtime's locale.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...merged.values()]
    .map(({ subjects, note, ...deadline }) => ({
      ...deadline,
      note: subjects.length > 0 ? `${note} (${subjects.join(", ")}).` : note,
    }))
    .sort(
      (x, y) =>
        daysBetween(y.date, x.date) ||
        kindOrder(x.kind) - kindOrder(y.kind) ||
        byText(x.article, y.article) ||
        byText(x.note, y.note),
    );
}

// ── Recommended services ──────────────────────────────────────────────────────────────────────────────

function recommendServices(
  answers: Answers,
  evaluation: Evaluation,
  assessments: readonly Assessment[],
  humanReview: boolean,
): FeedbackResult["recommendedServices"] {
  // Minors and sexual content never go to a self-service flow (nor are such images captured).
  if (humanReview) return ["ADVICE"];
  const services: FeedbackResult["recommendedServices"] = [];
  if (contentOnline(answers)) services.push("LEGALIZATION", "TAKEDOWN");
  const extortion = assessments.some((a) => a.rule.code === "EXTORTION");
  // A formal notice to a known author; never to an extortioner, who must not be engaged.
  if (answers.authorKnown === true && !extortion && (assessments.length > 0 || insultCase(answers))) {
    services.push("INJUCTION");
  }
  if (evaluation === "VALID" || evaluation === "WITHRESERVE") services.push("DEFENCE");
  if (evaluation !== "VALID") services.push("ADVICE");
  return services;
}

// ── Civil remedies ────────────────────────────────────────────────────────────────────────────────────

/**
 * What the victim can do instead of a complaint: the civil sanction and damages for an insult, damages for
 * harm that is not a crime, damages once the criminal terms seem passed (fact sheet A [14][15], B.3 [16]).
 */
function buildCivilRemedies(answers: Answers, evaluation: Evaluation): SectionEntry[] {
  const entries: SectionEntry[] = [];
  const insult = insultCase(answers);
  if (insult) entries.push(texts.insultRemedy(insultBeforeOthers(answers), answers.specificFact === true));
  if (evaluation === "NOTVALID") {
    if (!insult) entries.push(texts.damagesWithoutCrime);
    entries.push(texts.civilDamagesPrescription);
  }
  if (evaluation === "EXPIRED") entries.push(texts.damagesAfterCriminalTerms);
  return entries;
}

// ── Sections ──────────────────────────────────────────────────────────────────────────────────────────

interface SectionInput {
  answers: Answers;
  today: IsoDate;
  assessments: readonly Assessment[];
  missed: readonly Missed[];
  evaluation: Evaluation;
  reviewReason: HumanReviewReason | null;
  /** The threats are part of an absorbing offence (art. 84 c.p.): its lawDetail says so. */
  threatAbsorbed: boolean;
}

/** "da 6 anni a 7 anni e 6 mesi": art. 161 c.p.'s outer bound, when it is a whole number of months. */
function interruptionExample(months: number): string | null {
  const extended = months * INTERRUPTION_FACTOR;
  return Number.isInteger(extended)
    ? `da ${formatMonthsItalian(months)} a ${formatMonthsItalian(extended)}`
    : null;
}

function buildSections(input: SectionInput): Sections {
  const { answers, today, assessments, missed, evaluation, reviewReason, threatAbsorbed } = input;
  const humanReview = reviewReason !== null;
  const sections: Record<SectionKey, SectionEntry[]> = {
    lawDetail: [],
    whyNoCrime: [],
    aggravatingAndPenalties: [],
    damageCompensation: [],
    usefulToKnow: [],
    additionalNotes: [],
    actionsAndDeadlines: [],
    exclusions: [],
  };
  const add = (key: SectionKey, ...entries: SectionEntry[]) => sections[key].push(...entries);
  const minor = answers.victimIsMinor === true;
  const intimate = intimateImages(answers);
  const querelaOffences = assessments.filter((a) => a.procedibility === "QUERELA");
  const exOfficioOffences = assessments.filter((a) => a.procedibility === "UFFICIO");

  // Summary and what the law says.
  add("lawDetail", texts.summary(evaluation));
  for (const a of assessments) {
    add("lawDetail", {
      text: texts.offenceFound(byAnswers(a.rule.description, answers), a.certain),
      article: a.rule.article,
    });
    if (threatAbsorbed && a.rule.absorbsThreat)
      add("lawDetail", texts.threatAbsorbed(a.rule.name, a.rule.absorbsThreat, a.certain));
    for (const element of a.unknown)
      add("lawDetail", { text: byAnswers(element.unknown, answers), article: a.rule.article });
  }
  if (answers.category === "CYBERBULLYING" && answers.victimIsMinor === false)
    add("lawDetail", texts.cyberbullyingAdult);
  if (minor) add("lawDetail", texts.cyberbullyingLaw);

  // Why some offences are not there.
  for (const m of missed) {
    for (const element of m.missing) {
      add("whyNoCrime", { text: byAnswers(element.missing, answers), article: m.rule.article });
    }
  }
  if (assessments.length === 0 && missed.length === 0) add("whyNoCrime", texts.nothingInScope);

  // Penalties, aggravations, prescription.
  for (const a of assessments) {
    const aggravations =
      a.aggravations.length > 0 ? ` Circostanze che la aggravano: ${a.aggravations.join("; ")}.` : "";
    add("aggravatingAndPenalties", {
      text: `${a.title}: la legge prevede ${a.penalty}.${aggravations}`,
      article: a.rule.article,
    });
    add(
      "aggravatingAndPenalties",
      a.prescriptionNotStarted
        ? texts.prescriptionOngoing(a.title, a.prescriptionMonths, a.prescriptionDate)
        : texts.prescription(
            a.title,
            a.prescriptionMonths,
            a.prescriptionDate,
            a.prescribed,
            a.rule.prescriptionCaveat?.text(answers),
          ),
    );
  }
  if (assessments.length > 0) {
    add("aggravatingAndPenalties", texts.prescriptionRule);
    const shortest = Math.min(...assessments.map((a) => a.prescriptionMonths));
    add("aggravatingAndPenalties", texts.prescriptionInterruption(interruptionExample(shortest)));
  }
  if (
    hasHateGround(answers) &&
    assessments.some((a) => a.rule.aggravations.some((g) => g.article === "604-ter c.p."))
  ) {
    add("aggravatingAndPenalties", texts.hateNoBalancing);
    if (querelaOffences.length > 0) add("additionalNotes", texts.hateExOfficioUnconfirmed);
  }
  if (assessments.some((a) => a.aggravations.some((label) => label.includes("L. 181/2025")))) {
    add("additionalNotes", texts.womanHatredUnconfirmed);
  }

  // Exclusions.
  for (const a of assessments) {
    for (const e of a.exclusions) add("exclusions", { text: e.text, article: e.article });
  }
  if (assessments.length > 0 && assessments.every((a) => a.exclusions.length === 0))
    add("exclusions", texts.noExclusions);

  // Damages for the offences; without one, the civil remedies (civilRemedies) say what is left.
  if (assessments.length > 0)
    add("damageCompensation", texts.damages, texts.damagesCivil, texts.damagesPrescription);

  // Actions and deadlines, most urgent first.
  if (reviewReason) add("actionsAndDeadlines", texts.humanReview(reviewReason), texts.policeNow(minor));
  // A child's case: the people who help come before any legal step.
  if (reviewReason === "MINOR") add("actionsAndDeadlines", texts.childHelp);
  add("actionsAndDeadlines", minorSexual(answers) ? texts.keepEvidenceMinorSexual : texts.keepEvidence);

  // Rule notes, for the offences that seem to be there.
  for (const a of assessments) {
    for (const note of a.rule.notes) {
      if (note.when(answers))
        add(note.section, { text: note.text, ...(note.article ? { article: note.article } : {}) });
    }
  }
  if (answers.complaintFiled === true && assessments.length > 0) {
    add("actionsAndDeadlines", texts.complaintFiled);
    if (assessments.some((a) => a.rule.code === "STALKING")) add("usefulToKnow", texts.ammonimentoBarred);
  }
  const authorUnknown = answers.authorKnown === false || answers.authorKnown === "UNKNOWN";
  // One statement per offence: its complaint term, or that it is prosecuted ex officio. A reading that is
  // not certain (it might be ex officio) is said once, inside that statement, as uncertain.
  for (const a of querelaOffences) {
    if (!a.complaintDeadline || !a.rule.complaint) continue;
    const article = a.rule.complaint.article;
    const maybe = a.maybeExOfficio.map((c) => c.unconfirmed ?? "");
    if (a.rule.exOfficioIfConnected && exOfficioOffences.length > 0) {
      maybe.push(texts.connectedMaybe(a.rule.name, exOfficioOffences.map((o) => o.rule.name).join(", ")));
    }
    if (!a.complaintPassed) {
      const daysLeft = daysBetween(today, a.complaintDeadline);
      add(
        "actionsAndDeadlines",
        texts.querelaOpen(
          a.title,
          a.complaintDeadline,
          daysLeft,
          today,
          article,
          maybe,
          authorNotKnown(answers),
        ),
      );
    } else if ((authorUnknown || maybe.length > 0) && a.prescriptionStatus !== "NO") {
      add(
        "actionsAndDeadlines",
        texts.querelaPassedUncertain(a.title, a.complaintDeadline, answers.authorKnown, maybe, article),
      );
    } else {
      add("actionsAndDeadlines", texts.querelaPassed(a.title, a.complaintDeadline, article));
    }
  }
  for (const a of exOfficioOffences) {
    const reason =
      a.exOfficio.length > 0
        ? a.exOfficio.map((c) => c.reason).join(" e ")
        : "per legge, senza bisogno di querela";
    const article = a.exOfficio[0]?.article ?? a.rule.article;
    add("actionsAndDeadlines", texts.exOfficio(a.title, reason, article));
  }
  if (querelaOffences.length > 0 && answers.complaintFiled !== true) {
    add("usefulToKnow", texts.querelaIntro);
    if (answers.knowledgeDate !== undefined && isAfter(answers.knowledgeDate, answers.lastEventDate)) {
      add("usefulToKnow", texts.knowledgeLater);
    }
    if (authorUnknown) add("actionsAndDeadlines", texts.authorUnknown(authorNotKnown(answers)));
  }
  if (assessments.some((a) => a.pursuable !== "NO") && answers.complaintFiled !== true) {
    add("actionsAndDeadlines", texts.whereToFile);
    if (minor) add("actionsAndDeadlines", texts.minorComplaint);
  }
  if (evaluation === "EXPIRED") add("actionsAndDeadlines", texts.expiredOptions);

  // Intimate images: Garante (art. 144-bis) and hash-based blocking (StopNCII for adults, Take It Down for minors).
  if (intimate) {
    add("actionsAndDeadlines", texts.garanteIntimate, minor ? texts.takeItDown : texts.stopNcii);
    add("usefulToKnow", texts.garanteIntimateDetails);
  }
  if (minorSexual(answers)) add("additionalNotes", texts.childPornography);

  // Minors: L. 71/2017 remedies, whatever the offences.
  if (minor) {
    add("actionsAndDeadlines", texts.removalRequest(answers.victimAge14Plus), texts.removalEscalation);
    if (answers.authorIsMinor !== false && answers.complaintFiled !== true) {
      add(
        "actionsAndDeadlines",
        texts.minorAmmonimento(answers.authorIsMinor === true),
        texts.minorAmmonimentoOther,
      );
    }
    add("additionalNotes", texts.minorDecree2025);
  } else if (answers.category === "CYBERBULLYING" && answers.victimIsMinor === undefined) {
    add("actionsAndDeadlines", texts.cyberbullyingAgeUnknown);
  }

  // Online content: the Digital Services Act notice.
  if (contentOnline(answers)) {
    if (!humanReview) add("actionsAndDeadlines", texts.dsaNotice);
    add("usefulToKnow", texts.dsa, texts.agcom);
    if (minorSexual(answers)) add("usefulToKnow", texts.dsaChildMaterial);
  }

  // Withdrawal of the complaint and the course of prescription.
  if (querelaOffences.length > 0) {
    add("usefulToKnow", texts.tacitWithdrawal(minor || answers.victimVulnerable === true));
  }
  if (assessments.length > 0) {
    add("usefulToKnow", texts.prescriptionStops);
    add("additionalNotes", texts.prescriptionBill);
  }

  // Why the evaluation is "with reserve".
  if (evaluation === "WITHRESERVE") {
    const reasons = reserveReasons(assessments);
    if (reasons.length > 0)
      add("additionalNotes", { text: `${texts.reserveReasonsIntro} ${reasons.join("; ")}.` });
  }
  const codes = new Set(assessments.map((a) => a.rule.code));
  if (reviewReason === "MINOR") {
    add("additionalNotes", texts.supportChild);
  } else if (
    codes.has("STALKING") ||
    codes.has("REVENGE_PORN") ||
    codes.has("DEEPFAKE") ||
    codes.has("SEXUAL_VIOLENCE")
  ) {
    add("additionalNotes", texts.supportViolence);
  } else if (codes.has("THREAT") || codes.has("EXTORTION")) {
    add("additionalNotes", texts.supportDanger);
  }
  add("additionalNotes", texts.disclaimer);

  return Object.fromEntries(SECTION.values.map((key) => [key, dedupe(sections[key])])) as Sections;
}

function reserveReasons(assessments: readonly Assessment[]): string[] {
  const reasons: string[] = [];
  for (const a of assessments) {
    if (a.pursuable === "NO") continue;
    if (!a.certain) reasons.push(`per ${a.rule.name} alcuni elementi non sono certi`);
    if (a.exclusions.length > 0)
      reasons.push(`per ${a.rule.name} potrebbe esserci una causa che esclude il reato`);
    if (a.complaintStatus === "UNCERTAIN") {
      reasons.push(
        a.maybeExOfficio.length > 0
          ? `per ${a.rule.name} il termine per la querela sembra scaduto, ma si potrebbe procedere d'ufficio`
          : `per ${a.rule.name} il termine per la querela dipende da quando hai saputo chi è l'autore`,
      );
    }
    if (a.prescriptionStatus === "UNCERTAIN") {
      reasons.push(`per ${a.rule.name} la prescrizione potrebbe essere più lunga di quella calcolata`);
    }
  }
  return reasons;
}

function dedupe(entries: readonly SectionEntry[]): SectionEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.text}|${e.article ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
