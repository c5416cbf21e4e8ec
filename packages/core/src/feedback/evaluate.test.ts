import { describe, expect, it } from "vitest";
import { type Answers, AnswersSchema } from "./answers.ts";
import { evaluateFeedback, RULES_VERSION } from "./evaluate.ts";
import { type FeedbackResult, FeedbackResultSchema, type OffenceCode, type SectionKey } from "./result.ts";

// Engine behaviour, paragraph by paragraph of the legal fact sheet (A = common rules,
// B.n = offences). Every case is valid input (AnswersSchema) and gives a valid output (FeedbackResultSchema).

const AS_OF = "2026-11-22";

function run(input: Partial<Answers> & Pick<Answers, "category">, asOf = AS_OF): FeedbackResult {
  const answers = AnswersSchema.parse({
    firstEventDate: "2026-10-15",
    lastEventDate: "2026-10-15",
    ...input,
  });
  const result = evaluateFeedback(answers, asOf);
  FeedbackResultSchema.parse(result);
  return result;
}

function offence(result: FeedbackResult, code: OffenceCode) {
  const found = result.offences.find((o) => o.code === code);
  if (!found) throw new Error(`${code} not found in ${result.offences.map((o) => o.code).join(", ")}`);
  return found;
}

const codes = (result: FeedbackResult) => result.offences.map((o) => o.code);
const section = (result: FeedbackResult, key: SectionKey) =>
  result.sections[key].map((e) => e.text).join("\n");
const allText = (result: FeedbackResult) =>
  Object.values(result.sections)
    .flat()
    .map((e) => e.text)
    .join("\n");
const articles = (result: FeedbackResult, key: SectionKey) => result.sections[key].map((e) => e.article);

// Typical complete answers per offence, adults, author known.
const STALKING: Partial<Answers> & Pick<Answers, "category"> = {
  category: "STALKING",
  repeated: true,
  effects: ["ANXIETY_FEAR"],
  authorKnown: true,
  channel: "PRIVATE_MESSAGE",
  firstEventDate: "2026-06-01",
  lastEventDate: "2026-10-15",
};
const DEFAMATION: Partial<Answers> & Pick<Answers, "category"> = {
  category: "DEFAMATION",
  channel: "SOCIAL_PUBLIC",
  audience: "MANY",
  victimIdentifiable: true,
  harmsReputation: true,
  victimPresent: false,
  truthAndPublicInterest: false,
  authorKnown: true,
};
const REVENGE_PORN: Partial<Answers> & Pick<Answers, "category"> = {
  category: "REVENGEPORN",
  sexuallyExplicit: true,
  meantPrivate: true,
  consentToShare: false,
  authorMadeOrTook: true,
  channel: "SOCIAL_PUBLIC",
  authorKnown: true,
};
const SEXTORTION: Partial<Answers> & Pick<Answers, "category"> = {
  category: "EXTORTION",
  demand: true,
  demandKind: "MONEY",
  victimComplied: false,
  sexuallyExplicit: true,
  meantPrivate: true,
  sharingOnlyThreatened: true,
  authorKnown: false,
  channel: "PRIVATE_MESSAGE",
};

describe("A. Complaint deadline (art. 124 c.p.)", () => {
  it("is three months from the last event when the victim learned of it then", () => {
    const result = run(DEFAMATION);
    expect(offence(result, "DEFAMATION")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-01-15",
    });
    expect(result.deadlines).toContainEqual(
      expect.objectContaining({ kind: "QUERELA", date: "2027-01-15", article: "124 c.p." }),
    );
  });

  it("runs from a later knowledge date: the fact and its author (Cass. IV 13938/2008)", () => {
    const result = run({ ...DEFAMATION, knowledgeDate: "2026-11-02" });
    expect(offence(result, "DEFAMATION").complaintDeadline).toBe("2027-02-02");
    expect(section(result, "usefulToKnow")).toContain(
      "da quando hai saputo del fatto e di chi l'ha commesso",
    );
  });

  it("never runs from before the last act: a knowledge date before it counts from the last act", () => {
    const result = run({ ...DEFAMATION, firstEventDate: "2026-08-01", knowledgeDate: "2026-08-01" });
    expect(offence(result, "DEFAMATION").complaintDeadline).toBe("2027-01-15");
  });

  it("ends on the last day of February for 30 November + 3 months, in common and leap years", () => {
    const common = run(
      { ...DEFAMATION, firstEventDate: "2026-11-30", lastEventDate: "2026-11-30" },
      "2026-12-01",
    );
    expect(offence(common, "DEFAMATION").complaintDeadline).toBe("2027-02-28");
    const leap = run(
      { ...DEFAMATION, firstEventDate: "2027-11-30", lastEventDate: "2027-11-30" },
      "2027-12-01",
    );
    expect(offence(leap, "DEFAMATION").complaintDeadline).toBe("2028-02-29");
    expect(section(leap, "actionsAndDeadlines")).toContain("entro il 29 febbraio 2028");
  });

  it("lasts six months for stalking and revenge porn (31 August → end of February)", () => {
    const stalking = run({ ...STALKING, lastEventDate: "2026-08-31" });
    expect(offence(stalking, "STALKING").complaintDeadline).toBe("2027-02-28");
    const revengePorn = run(
      { ...REVENGE_PORN, firstEventDate: "2027-08-31", lastEventDate: "2027-08-31" },
      "2027-09-01",
    );
    expect(offence(revengePorn, "REVENGE_PORN").complaintDeadline).toBe("2028-02-29");
    expect(revengePorn.deadlines).toContainEqual(
      expect.objectContaining({ kind: "QUERELA", article: "612-ter c.p." }),
    );
  });

  it("is never twelve months: that term is only for sexual violence", () => {
    for (const input of [
      STALKING,
      DEFAMATION,
      REVENGE_PORN,
      { category: "THREAT" as const, threatened: true },
    ]) {
      for (const o of run(input).offences) {
        if (o.complaintDeadline) expect(o.complaintDeadline < "2027-10-15").toBe(true);
      }
    }
  });

  it("still allows the complaint on its last day and counts the days left", () => {
    const lastDay = run(DEFAMATION, "2027-01-15");
    expect(lastDay.evaluation).toBe("VALID");
    expect(section(lastDay, "actionsAndDeadlines")).toContain("è l'ultimo giorno utile");
    const before = run(DEFAMATION, "2027-01-14");
    expect(section(before, "actionsAndDeadlines")).toContain("resta 1 giorno");
    expect(section(run(DEFAMATION), "actionsAndDeadlines")).toContain(
      "entro il 15 gennaio 2027. Alla data di questa valutazione (22 novembre 2026) restano 54 giorni.",
    );
  });

  it("makes a complaint-based offence EXPIRED the day after its term", () => {
    const result = run(DEFAMATION, "2027-01-16");
    expect(result.evaluation).toBe("EXPIRED");
    expect(section(result, "actionsAndDeadlines")).toContain("sembra scaduto il 15 gennaio 2027");
    expect(result.deadlines).toContainEqual(
      expect.objectContaining({ kind: "QUERELA", note: "Termine per la querela scaduto (diffamazione)." }),
    );
    expect(result.recommendedServices).toEqual(["LEGALIZATION", "TAKEDOWN", "INJUCTION", "ADVICE"]);
  });

  it("has no complaint deadline once a complaint was filed, so the term cannot expire", () => {
    const result = run({ ...DEFAMATION, complaintFiled: true }, "2027-06-01");
    expect(offence(result, "DEFAMATION").complaintDeadline).toBeNull();
    expect(result.evaluation).toBe("VALID");
    expect(result.deadlines.map((d) => d.kind)).toEqual(["PRESCRIPTION"]);
    expect(section(result, "actionsAndDeadlines")).toContain("già presentato querela");
  });

  it("does not call the term expired while the author is unknown: it runs from knowing who did it", () => {
    const result = run({ ...DEFAMATION, authorKnown: false }, "2027-03-01");
    expect(result.evaluation).toBe("WITHRESERVE");
    expect(offence(result, "DEFAMATION").complaintDeadline).toBe("2027-01-15");
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).toContain("poiché non lo sai ancora, non è ancora iniziato");
    expect(actions).toContain("Puoi presentare querela contro ignoti già adesso");
    const unsure = run({ ...DEFAMATION, authorKnown: "UNKNOWN" }, "2027-03-01");
    expect(unsure.evaluation).toBe("WITHRESERVE");
    expect(section(unsure, "actionsAndDeadlines")).toContain(
      "se ancora non lo sai, potresti essere in tempo",
    );
  });

  it("with the author not known has not begun the term: a prudent date from the knowledge date, said so, and a complaint against unknown persons now", () => {
    const result = run({ ...DEFAMATION, authorKnown: false, knowledgeDate: "2026-11-02" });
    // The date is counted from knowing the facts (2 November), not from the post (15 October).
    expect(offence(result, "DEFAMATION").complaintDeadline).toBe("2027-02-02");
    expect(result.evaluation).toBe("VALID");
    expect(result.deadlines).toContainEqual({
      kind: "QUERELA",
      date: "2027-02-02",
      article: "124 c.p.",
      note: "Data prudente per la querela, calcolata da quando hai saputo dei fatti: il termine decorre da quando saprai chi è l'autore (diffamazione).",
      prudent: true,
    });
    const statement = result.sections.actionsAndDeadlines.find((e) => e.text.startsWith("Diffamazione:"));
    expect(statement).toEqual({
      text: "Diffamazione: poiché non sai ancora chi è l'autore, il termine per la querela non è ancora iniziato: decorre da quando saprai chi è. Ti indichiamo comunque una data prudente, calcolata da quando hai saputo dei fatti: presenta querela entro il 2 febbraio 2027. Alla data di questa valutazione (22 novembre 2026) restano 72 giorni.",
      article: "124 c.p.",
    });
    expect(section(result, "actionsAndDeadlines")).toContain(
      "Puoi presentare querela contro ignoti già adesso, senza aspettare di sapere chi è l'autore",
    );
    // A known author: the last day, not a prudent one.
    const known = run({ ...DEFAMATION, knowledgeDate: "2026-11-02" });
    expect(known.deadlines.find((d) => d.kind === "QUERELA")).not.toHaveProperty("prudent");
    expect(section(known, "actionsAndDeadlines")).not.toContain("contro ignoti");
    expect(section(known, "actionsAndDeadlines")).not.toContain("data prudente");
  });
});

describe("A. Withdrawal, prescription, damages, Digital Services Act", () => {
  it("warns that a complaint counts as withdrawn if the complainant fails to testify (D.Lgs. 150/2022), except for minors and the vulnerable", () => {
    const adult = run(DEFAMATION);
    expect(section(adult, "usefulToKnow")).toContain(
      "non ti presenti senza un giustificato motivo a testimoniare",
    );
    expect(articles(adult, "usefulToKnow")).toContain("152 c.p.");
    const minor = run({ ...DEFAMATION, victimIsMinor: true });
    expect(section(minor, "usefulToKnow")).toContain(
      "non vale per chi è minorenne, incapace o in condizione di vulnerabilità",
    );
  });

  it("computes prescription as max(6 years, maximum penalty) from the last act", () => {
    const result = run({
      ...DEFAMATION,
      firstEventDate: "2024-02-29",
      lastEventDate: "2024-02-29",
      complaintFiled: true,
    });
    expect(offence(result, "DEFAMATION").prescriptionDate).toBe("2030-02-28");
    expect(section(result, "aggravatingAndPenalties")).toContain(
      "si prescrive in 6 anni dall'ultimo episodio, cioè il 28 febbraio 2030",
    );
    expect(section(result, "aggravatingAndPenalties")).toContain("da 6 anni a 7 anni e 6 mesi");
    expect(articles(result, "aggravatingAndPenalties")).toEqual(
      expect.arrayContaining(["157 c.p.", "161 c.p."]),
    );
  });

  it("is EXPIRED once prescription has passed, even with a complaint filed, and not on the day itself", () => {
    const filed = {
      ...DEFAMATION,
      firstEventDate: "2020-11-22",
      lastEventDate: "2020-11-22",
      complaintFiled: true,
    };
    expect(run(filed, "2026-11-22").evaluation).toBe("VALID");
    const expired = run(filed, "2026-11-23");
    expect(expired.evaluation).toBe("EXPIRED");
    expect(expired.deadlines).toContainEqual(
      expect.objectContaining({ kind: "PRESCRIPTION", note: "Reato prescritto (diffamazione)." }),
    );
  });

  it("explains that prescription stops after the first-instance judgment and that the 2024 bill is not confirmed", () => {
    const result = run(DEFAMATION);
    expect(section(result, "usefulToKnow")).toContain(
      "Dopo la sentenza di primo grado la prescrizione smette di decorrere",
    );
    expect(section(result, "additionalNotes")).toContain(
      "non ci risulta confermata l'approvazione definitiva",
    );
  });

  it("covers damages: art. 185 c.p., artt. 2043 and 2059 c.c., 5 years or the longer criminal period (art. 2947 c.c.)", () => {
    const result = run(DEFAMATION);
    expect(articles(result, "damageCompensation")).toEqual(["185 c.p.", "2043 e 2059 c.c.", "2947 c.c."]);
    expect(section(result, "damageCompensation")).toContain("si prescrive in 5 anni");
  });

  it("points online content to the DSA notice (art. 16), binding every hosting service, with AGCOM as coordinator", () => {
    const result = run(DEFAMATION);
    expect(articles(result, "actionsAndDeadlines")).toContain("16 Reg. UE 2022/2065 (DSA)");
    expect(section(result, "actionsAndDeadlines")).toContain(
      "il link esatto (URL), il tuo nome e la tua email, e una dichiarazione di buona fede",
    );
    expect(section(result, "usefulToKnow")).toContain("17 febbraio 2024");
    expect(articles(result, "usefulToKnow")).toContain("15 D.L. 123/2023");
    expect(section(run({ ...STALKING }), "actionsAndDeadlines")).not.toContain("Digital Services Act");
  });
});

describe("B.1 Stalking (art. 612-bis c.p.)", () => {
  it("is VALID on repeated conduct with one of the three effects: complaint 6 months, prescription 6 years 6 months", () => {
    const result = run(STALKING);
    expect(result.evaluation).toBe("VALID");
    expect(offence(result, "STALKING")).toMatchObject({
      article: "612-bis c.p.",
      procedibility: "QUERELA",
      complaintDeadline: "2027-04-15",
      prescriptionDate: "2033-04-15",
      penalty: "reclusione da 1 anno a 6 anni e 6 mesi",
      certain: true,
    });
    expect(result.recommendedServices).toEqual(["INJUCTION", "DEFENCE"]);
  });

  it("is ex officio for a minor victim, with the +half aggravation: 9 years 9 months", () => {
    const result = run({ ...STALKING, victimIsMinor: true });
    expect(offence(result, "STALKING")).toMatchObject({
      procedibility: "UFFICIO",
      complaintDeadline: null,
      prescriptionDate: "2036-07-15",
    });
    expect(offence(result, "STALKING").aggravations).toContain(
      "vittima minorenne: pena aumentata fino alla metà",
    );
    expect(result.deadlines.some((d) => d.kind === "QUERELA")).toBe(false);
    expect(section(result, "actionsAndDeadlines")).toContain(
      "si procede d'ufficio perché la vittima è minorenne",
    );
  });

  it("for a vulnerable victim keeps the complaint date, saying once that a disability makes it ex officio", () => {
    // victimVulnerable also covers pregnancy, which does not make stalking ex officio.
    const result = run({ ...STALKING, victimVulnerable: true });
    expect(offence(result, "STALKING")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-04-15",
      prescriptionDate: "2036-07-15",
    });
    const statements = result.sections.actionsAndDeadlines.filter((e) =>
      e.text.startsWith("Atti persecutori"),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]?.text).toContain("puoi presentare querela entro il 15 aprile 2027");
    expect(statements[0]?.text).toContain("Si procede d'ufficio se la vittima ha una disabilità");
    expect(statements[0]?.text).toContain("per esempio la gravidanza, la querela serve");
    expect(section(result, "actionsAndDeadlines")).not.toContain("Non c'è un termine per la querela");
  });

  it("for a vulnerable victim whose term seems passed is WITHRESERVE, not EXPIRED: it may be ex officio", () => {
    const result = run({ ...STALKING, victimVulnerable: true }, "2027-05-01");
    expect(result.evaluation).toBe("WITHRESERVE");
    expect(section(result, "actionsAndDeadlines")).toContain(
      "il termine per la querela sarebbe scaduto il 15 aprile 2027",
    );
    expect(section(result, "actionsAndDeadlines")).toContain("si potrebbe procedere anche senza querela");
    expect(result.deadlines).toContainEqual(
      expect.objectContaining({
        kind: "QUERELA",
        note: "Termine per la querela scaduto, ma si potrebbe procedere d'ufficio (stalking).",
      }),
    );
  });

  it("is ex officio when the author was already warned (ammonimento)", () => {
    const result = run({ ...STALKING, ammonimentoIssued: true });
    expect(offence(result, "STALKING").procedibility).toBe("UFFICIO");
    expect(section(result, "actionsAndDeadlines")).toContain("già stato ammonito dal Questore");
    expect(section(result, "actionsAndDeadlines")).not.toContain("puoi chiedere al Questore di ammonire");
  });

  it("has not started prescribing while it goes on: the date is as if the conduct ended on the evaluation day", () => {
    const result = run({ ...STALKING, ongoing: true, lastEventDate: "2026-11-20" });
    expect(offence(result, "STALKING").prescriptionDate).toBe("2033-05-22");
    expect(section(result, "aggravatingAndPenalties")).toContain("la prescrizione non è ancora iniziata");
    expect(result.deadlines).toContainEqual(
      expect.objectContaining({
        kind: "PRESCRIPTION",
        date: "2033-05-22",
        note: expect.stringContaining("non ancora iniziata"),
      }),
    );
  });

  it("needs repeated conduct: a single act is not stalking, and says so", () => {
    const result = run({ ...STALKING, repeated: false });
    expect(result.evaluation).toBe("NOTVALID");
    expect(section(result, "whyNoCrime")).toContain("richiede comportamenti ripetuti");
    expect(articles(result, "whyNoCrime")).toContain("612-bis c.p.");
  });

  it("needs one of the effects: none is NOTVALID, not answered is WITHRESERVE", () => {
    const none = run({ ...STALKING, effects: [] });
    expect(none.evaluation).toBe("NOTVALID");
    expect(section(none, "whyNoCrime")).toContain("cambiare le tue abitudini");
    const unknown = run({ ...STALKING, effects: undefined });
    expect(unknown.evaluation).toBe("WITHRESERVE");
    expect(offence(unknown, "STALKING").certain).toBe(false);
    expect(section(unknown, "lawDetail")).toContain("Non ci hai indicato quali effetti");
  });

  it("lists the partner and cyberstalking aggravations without moving prescription (ordinary aggravations)", () => {
    const result = run({ ...STALKING, category: "CYBER_STALKING", authorRelationship: "EX_PARTNER" });
    expect(offence(result, "STALKING").aggravations).toEqual([
      "commesso dal coniuge, dal partner o da un ex partner",
      "commesso con strumenti informatici o telematici (cyberstalking)",
    ]);
    expect(offence(result, "STALKING").prescriptionDate).toBe("2033-04-15");
    expect(section(result, "aggravatingAndPenalties")).toContain("con armi o da una persona travisata");
  });

  it("explains withdrawal only in court, and no withdrawal at all with repeated serious threats", () => {
    expect(section(run(STALKING), "usefulToKnow")).toContain("si può ritirare solo davanti al giudice");
    expect(section(run({ ...STALKING, threatened: true, threatSerious: true }), "usefulToKnow")).toContain(
      "non si può più ritirare",
    );
  });

  it("offers the ammonimento until a complaint is filed, and notes the 3-year revocation rule (L. 168/2023)", () => {
    const open = run(STALKING);
    expect(section(open, "actionsAndDeadlines")).toContain("puoi chiedere al Questore di ammonire l'autore");
    expect(articles(open, "usefulToKnow")).toContain("1 L. 168/2023");
    const filed = run({ ...STALKING, complaintFiled: true });
    expect(section(filed, "actionsAndDeadlines")).not.toContain("puoi chiedere al Questore di ammonire");
    expect(section(filed, "usefulToKnow")).toContain(
      "Dopo la querela non è più possibile chiedere l'ammonimento",
    );
  });

  it("mentions the L. 181/2025 aggravation for hatred of women only from 17.12.2025 and never with a fraction", () => {
    const after = run({ ...STALKING, discriminatoryMotive: "GENDER" });
    expect(offence(after, "STALKING").aggravations.join()).toContain("misura dell'aumento non confermata");
    expect(offence(after, "STALKING").prescriptionDate).toBe("2033-04-15");
    expect(section(after, "additionalNotes")).toContain(
      "non abbiamo potuto confermare di quanto aumenti la pena",
    );
    const before = run(
      {
        ...STALKING,
        discriminatoryMotive: "GENDER",
        firstEventDate: "2025-06-01",
        lastEventDate: "2025-12-16",
      },
      "2026-01-10",
    );
    expect(offence(before, "STALKING").aggravations.join()).not.toContain("L. 181/2025");
  });

  it("keeps the complaint term when connected to an ex officio offence, saying it might be ex officio", () => {
    const result = run({ ...STALKING, impersonation: true });
    expect(offence(result, "STALKING").procedibility).toBe("QUERELA");
    expect(offence(result, "IMPERSONATION").procedibility).toBe("UFFICIO");
    // One statement: the date, and the connection as a possibility only.
    const statement = result.sections.actionsAndDeadlines.find((e) => e.text.startsWith("Atti persecutori"));
    expect(statement?.text).toContain("puoi presentare querela entro il 15 aprile 2027");
    expect(statement?.text).toContain(
      "per stalking si potrebbe procedere d'ufficio perché i fatti sono collegati. Poiché non è certo, rispetta comunque questa data.",
    );
  });
});

describe("B.2 Cyberbullying (L. 71/2017) for minor victims", () => {
  const CYBERBULLYING: Partial<Answers> & Pick<Answers, "category"> = {
    ...DEFAMATION,
    category: "CYBERBULLYING",
    victimIsMinor: true,
    victimAge14Plus: true,
    authorIsMinor: true,
  };

  it("adds the removal request, the Garante and the ammonimento to the offences found", () => {
    const result = run(CYBERBULLYING);
    expect(codes(result)).toEqual(["DEFAMATION"]);
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).toContain("richiesta di rimozione");
    expect(actions).toContain("oscurare, rimuovere o bloccare i contenuti: indica il link (URL)");
    expect(actions).toContain("anche se non c'è un reato");
    expect(actions).toContain("puoi farlo direttamente tu");
    expect(actions).toContain("entro 24 ore");
    expect(actions).toContain("entro 48 ore");
    expect(actions).toContain("Garante per la protezione dei dati personali, che decide entro 48 ore");
    expect(actions).toContain("cessa quando l'autore compie 18 anni");
    expect(articles(result, "actionsAndDeadlines")).toEqual(
      expect.arrayContaining(["2 L. 71/2017", "7 L. 71/2017", "D.L. 123/2023"]),
    );
    expect(result.deadlines).toContainEqual({
      kind: "PLATFORM",
      date: "2026-11-24",
      article: "2 L. 71/2017",
      note: expect.stringContaining("entro 24 ore"),
    });
    expect(section(result, "lawDetail")).toContain("Non è un reato a sé");
    expect(section(result, "additionalNotes")).toContain("D.Lgs. 99/2025");
  });

  it("leaves the removal request to a parent under 14, and the L. 71/2017 ammonimento out when the author is an adult", () => {
    const result = run({ ...CYBERBULLYING, victimAge14Plus: false, authorIsMinor: false });
    expect(section(result, "actionsAndDeadlines")).toContain("la richiesta la fa un genitore");
    expect(section(result, "actionsAndDeadlines")).not.toContain("7 L. 71/2017");
    expect(articles(result, "actionsAndDeadlines")).not.toContain("7 L. 71/2017");
  });

  it("offers the removal request even when no offence is found", () => {
    const result = run({ category: "CYBERBULLYING", victimIsMinor: true, victimAge14Plus: true });
    expect(result.evaluation).toBe("NOTVALID");
    expect(section(result, "actionsAndDeadlines")).toContain("anche se non c'è un reato");
  });

  it("for an adult victim says the law protects minors and evaluates the offences only", () => {
    const result = run({ ...CYBERBULLYING, victimIsMinor: false });
    expect(section(result, "lawDetail")).toContain("protegge i minorenni");
    expect(result.deadlines.some((d) => d.kind === "PLATFORM")).toBe(false);
    expect(section(run({ ...CYBERBULLYING, victimIsMinor: undefined }), "actionsAndDeadlines")).toContain(
      "Se all'epoca dei fatti la vittima era minorenne",
    );
  });

  it("tests the underlying crimes: harassment of a minor becomes stalking, ex officio", () => {
    const result = run({
      category: "CYBERBULLYING",
      victimIsMinor: true,
      repeated: true,
      effects: ["CHANGED_HABITS"],
    });
    expect(offence(result, "STALKING").procedibility).toBe("UFFICIO");
  });
});

describe("B.3 Defamation (art. 595 c.p.)", () => {
  it("is VALID for a public post seen by many: means of publicity, 6 months to 3 years or a fine, prescription 6 years", () => {
    const result = run(DEFAMATION);
    expect(result.evaluation).toBe("VALID");
    expect(offence(result, "DEFAMATION")).toMatchObject({
      article: "595 c.p.",
      penalty: "reclusione da 6 mesi a 3 anni o multa non inferiore a 516 euro",
      prescriptionDate: "2032-10-15",
      certain: true,
    });
    const penalties = section(result, "aggravatingAndPenalties");
    expect(penalties).toContain("«mezzo di pubblicità», non stampa");
    expect(penalties).toContain("sentenza 150/2021");
    expect(section(result, "usefulToKnow")).toContain("separatamente per ogni post");
  });

  it("attributing a specific fact outside public posts: up to 2 years or €2,065; otherwise up to 1 year or €1,032", () => {
    const specific = run({ ...DEFAMATION, channel: "MESSAGING_GROUP", audience: "FEW", specificFact: true });
    expect(offence(specific, "DEFAMATION").penalty).toBe(
      "reclusione fino a 2 anni o multa fino a 2.065 euro",
    );
    const basic = run({ ...DEFAMATION, channel: "EMAIL", audience: "FEW" });
    expect(offence(basic, "DEFAMATION").penalty).toBe("reclusione fino a 1 anno o multa fino a 1.032 euro");
    expect(offence(basic, "DEFAMATION").prescriptionDate).toBe("2032-10-15");
  });

  it("seen only by the victim is an insult: not a crime, a civil wrong with civil sanctions and damages", () => {
    const result = run({ ...DEFAMATION, channel: "PRIVATE_MESSAGE", audience: "VICTIM_ONLY" });
    expect(result.evaluation).toBe("NOTVALID");
    expect(result.offences).toEqual([]);
    const why = section(result, "whyNoCrime");
    expect(why).toContain("almeno due persone oltre a te");
    expect(why).toContain("non è più reato ma un illecito civile (D.Lgs. 7/2016)");
    // What to do instead of a complaint: the civil sanction and damages, with their sources.
    expect(result.civilRemedies).toEqual([
      {
        text: "L'ingiuria non si persegue con una querela: puoi chiedere al giudice civile il risarcimento del danno e la condanna dell'autore a una sanzione pecuniaria civile, da 100 a 8.000 euro, o da 200 a 12.000 euro se ti è stato attribuito un fatto determinato o se erano presenti altre persone.",
        article: "D.Lgs. 7/2016",
      },
      expect.objectContaining({ article: "2947 c.c." }),
    ]);
    expect(result.recommendedServices).toEqual(["INJUCTION", "ADVICE"]);
  });

  it("said while the victim took part in a video call is an insult even with FEW or MANY others: no defamation, the higher civil sanction", () => {
    for (const audience of ["FEW", "MANY"] as const) {
      const videoCall = run({ ...DEFAMATION, channel: "OTHER", audience, victimPresent: true });
      expect(videoCall.evaluation).toBe("NOTVALID");
      expect(codes(videoCall)).not.toContain("DEFAMATION");
      const why = section(videoCall, "whyNoCrime");
      expect(why).toContain("Eri presente mentre l'offesa avveniva");
      expect(why).toContain("la diffamazione richiede invece che la persona offesa sia assente");
      expect(why).toContain("Cass. V 10905/2020");
      expect(why).toContain("è un'ingiuria");
      expect(videoCall.civilRemedies?.[0]).toEqual({
        text: expect.stringContaining(
          "che in questo caso va da 200 a 12.000 euro, perché l'offesa è avvenuta davanti ad altre persone",
        ),
        article: "D.Lgs. 7/2016",
      });
    }
  });

  it("is defamation as before when the victim was absent, also with FEW in a group chat (a message read later)", () => {
    const group = run({ ...DEFAMATION, channel: "MESSAGING_GROUP", audience: "FEW", victimPresent: false });
    expect(group.evaluation).toBe("VALID");
    expect(offence(group, "DEFAMATION")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-01-15",
    });
    expect(group.civilRemedies).toEqual([]);
    expect(allText(group)).not.toContain("ingiuria");
  });

  it("with presence not known is WITHRESERVE and explains live exchange against a message read later", () => {
    const result = run({
      ...DEFAMATION,
      channel: "MESSAGING_GROUP",
      audience: "FEW",
      victimPresent: "UNKNOWN",
    });
    expect(result.evaluation).toBe("WITHRESERVE");
    expect(offence(result, "DEFAMATION").certain).toBe(false);
    const law = section(result, "lawDetail");
    expect(law).toContain("Non sappiamo se eri presente mentre l'offesa avveniva");
    expect(law).toContain(
      "un post o un messaggio di gruppo letto in un secondo momento non conta come presenza",
    );
  });

  it("with an element unknown (identifiable? how many saw it?) is WITHRESERVE and says what is missing", () => {
    const identifiable = run({ ...DEFAMATION, victimIdentifiable: "UNKNOWN" });
    expect(identifiable.evaluation).toBe("WITHRESERVE");
    expect(offence(identifiable, "DEFAMATION").certain).toBe(false);
    expect(section(identifiable, "lawDetail")).toContain("Non è certo che altre persone possano capire");
    const audience = run({ ...DEFAMATION, channel: "MESSAGING_GROUP", audience: undefined });
    expect(audience.evaluation).toBe("WITHRESERVE");
    expect(section(audience, "additionalNotes")).toContain("per diffamazione alcuni elementi non sono certi");
  });

  it("is NOTVALID when the content does not harm reputation or the victim cannot be recognised", () => {
    expect(run({ ...DEFAMATION, harmsReputation: false }).evaluation).toBe("NOTVALID");
    const unrecognisable = run({ ...DEFAMATION, victimIdentifiable: false });
    expect(unrecognisable.evaluation).toBe("NOTVALID");
    expect(section(unrecognisable, "whyNoCrime")).toContain("capire che si parla di te");
  });

  it("may be excluded by the right to report or criticise (art. 51 c.p.): WITHRESERVE when true or unknown", () => {
    for (const truthAndPublicInterest of [true, "UNKNOWN"] as const) {
      const result = run({ ...DEFAMATION, truthAndPublicInterest });
      expect(result.evaluation).toBe("WITHRESERVE");
      expect(section(result, "exclusions")).toContain("diritto di cronaca o di critica");
      expect(section(result, "exclusions")).toContain("non può travisare i fatti");
      expect(articles(result, "exclusions")).toContain("51 c.p.");
    }
    expect(section(run(DEFAMATION), "exclusions")).toContain("non dovrebbe applicarsi");
  });

  it("may be excluded by provocation (art. 599 c.p.), while civil damages remain", () => {
    const result = run({ ...DEFAMATION, provoked: true });
    expect(result.evaluation).toBe("WITHRESERVE");
    expect(section(result, "exclusions")).toContain("stato d'ira subito dopo un tuo comportamento ingiusto");
    expect(section(result, "exclusions")).toContain("risarcimento del danno in sede civile");
    expect(articles(result, "exclusions")).toContain("599 c.p.");
  });

  it("explains the limits of the proof of truth, open when the victim is a public official and the fact concerns the office", () => {
    const result = run({ ...DEFAMATION, victimPublicOfficial: true });
    expect(result.evaluation).toBe("VALID");
    expect(section(result, "exclusions")).toContain("pubblico ufficiale e il fatto riguarda le sue funzioni");
    expect(section(result, "exclusions")).toContain("l'autore potrebbe chiedere di provare");
  });
});

describe("B.4 Revenge porn (art. 612-ter c.p.)", () => {
  it("is VALID when the author took the images and shared them without consent: 6 months, 6 years, Garante and StopNCII", () => {
    const result = run(REVENGE_PORN);
    expect(result.evaluation).toBe("VALID");
    expect(offence(result, "REVENGE_PORN")).toMatchObject({
      article: "612-ter c.p.",
      procedibility: "QUERELA",
      complaintDeadline: "2027-04-15",
      prescriptionDate: "2032-10-15",
      penalty: "reclusione da 1 a 6 anni e multa da 5.000 a 15.000 euro",
    });
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).toContain("Garante per la protezione dei dati personali");
    expect(actions).toContain("decide entro 48 ore");
    expect(actions).toContain("StopNCII");
    expect(actions).not.toContain("Take It Down");
    expect(articles(result, "actionsAndDeadlines")).toContain("144-bis D.Lgs. 196/2003");
    expect(section(result, "usefulToKnow")).toContain("conservarlo per 12 mesi");
    expect(section(result, "usefulToKnow")).toContain("non è reato");
    expect(result.deadlines[0]).toMatchObject({
      kind: "GARANTE",
      date: "2026-11-24",
      article: "144-bis D.Lgs. 196/2003",
    });
    expect(result.humanReview).toBe(false);
    expect(result.recommendedServices).toEqual(["LEGALIZATION", "TAKEDOWN", "INJUCTION", "DEFENCE"]);
  });

  it("covers who received the images and shared them to harm, not who shared them without that intent", () => {
    const toHarm = run({ ...REVENGE_PORN, authorMadeOrTook: false, sharedToHarm: true });
    expect(toHarm.evaluation).toBe("VALID");
    const noIntent = run({ ...REVENGE_PORN, authorMadeOrTook: false, sharedToHarm: false });
    expect(noIntent.evaluation).toBe("NOTVALID");
    expect(section(noIntent, "whyNoCrime")).toContain("l'intenzione di nuocere");
  });

  it("needs no consent and private, sexually explicit content", () => {
    expect(run({ ...REVENGE_PORN, consentToShare: true }).evaluation).toBe("NOTVALID");
    expect(run({ ...REVENGE_PORN, meantPrivate: false }).evaluation).toBe("NOTVALID");
    const unknownConsent = run({ ...REVENGE_PORN, consentToShare: "UNKNOWN" });
    expect(unknownConsent.evaluation).toBe("WITHRESERVE");
    expect(section(unknownConsent, "lawDetail")).toContain("Non è chiaro se tu avessi acconsentito");
  });

  it("does not need the victim to be recognisable in the images (Cass. V 11743/2025)", () => {
    for (const victimIdentifiable of [false, "UNKNOWN"] as const) {
      const result = run({ ...REVENGE_PORN, victimIdentifiable });
      expect(result.evaluation).toBe("VALID");
      expect(offence(result, "REVENGE_PORN").certain).toBe(true);
      expect(result.sections.lawDetail).toContainEqual({
        text: "Per questo reato non serve che tu sia riconoscibile nelle immagini o nei video: la legge ti tutela comunque (Cass. V 11743/2025).",
        article: "612-ter c.p.",
      });
    }
  });

  it("for a minor victim speaks with one voice: the 6-month complaint date, and art. 600-ter only as unconfirmed", () => {
    const result = run({ ...REVENGE_PORN, victimIsMinor: true, victimAge14Plus: true });
    expect(offence(result, "REVENGE_PORN")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-04-15",
    });
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).not.toContain("Non c'è un termine per la querela");
    expect(actions).not.toContain("Per prudenza");
    const statements = result.sections.actionsAndDeadlines.filter((e) =>
      e.text.startsWith("Diffusione illecita"),
    );
    expect(statements).toEqual([
      {
        text: "Diffusione illecita di immagini o video sessualmente espliciti (revenge porn): puoi presentare querela entro il 15 aprile 2027. Alla data di questa valutazione (22 novembre 2026) restano 144 giorni. Con una vittima minorenne il fatto potrebbe rientrare anche nella pornografia minorile (art. 600-ter c.p.), per la quale si procede d'ufficio, ma non è confermato. Poiché non è certo, rispetta comunque questa data.",
        article: "612-ter c.p.",
      },
    ]);
    // Past the date it may still be pursued ex officio: with reserve, never expired.
    const later = run({ ...REVENGE_PORN, victimIsMinor: true, victimAge14Plus: true }, "2027-05-01");
    expect(later.evaluation).toBe("WITHRESERVE");
  });

  it("is ex officio with the c.4 aggravation (impaired or pregnant victim): 9 years", () => {
    const result = run({ ...REVENGE_PORN, victimVulnerable: true });
    expect(offence(result, "REVENGE_PORN")).toMatchObject({
      procedibility: "UFFICIO",
      complaintDeadline: null,
      prescriptionDate: "2035-10-15",
    });
  });

  it("is ex officio after an ammonimento; withdrawable only in court otherwise", () => {
    expect(offence(run({ ...REVENGE_PORN, ammonimentoIssued: true }), "REVENGE_PORN").procedibility).toBe(
      "UFFICIO",
    );
    expect(section(run(REVENGE_PORN), "usefulToKnow")).toContain("si può ritirare solo davanti al giudice");
  });

  it("for a minor victim goes to human review and the Polizia Postale, with Take It Down, never self-service", () => {
    const result = run({ ...REVENGE_PORN, victimIsMinor: true, victimAge14Plus: true });
    expect(result.humanReview).toBe(true);
    expect(result.recommendedServices).toEqual(["ADVICE"]);
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).toContain("esaminato subito da una persona del nostro team");
    expect(actions).toContain("Polizia Postale");
    expect(actions).toContain("Take It Down");
    expect(actions).not.toContain("StopNCII");
    expect(actions).toContain("Non fare copie, screenshot o inoltri delle immagini");
    expect(actions).not.toContain("Segnala il contenuto alla piattaforma con il modulo");
    // Art. 600-ter is unconfirmed: "potrebbero".
    expect(section(result, "additionalNotes")).toContain("potrebbero esserci anche reati più gravi");
    expect(articles(result, "additionalNotes")).toContain("600-ter c.p.");
    // A DSA notice about child sexual abuse material needs no name or email.
    expect(section(result, "usefulToKnow")).toContain(
      "non è obbligatorio indicare il tuo nome e la tua email",
    );
  });

  it("when sharing was only threatened is not revenge porn yet, but the Garante can act before it happens", () => {
    const result = run({ ...REVENGE_PORN, sharingOnlyThreatened: true });
    expect(codes(result)).toEqual(["THREAT"]);
    expect(section(result, "whyNoCrime")).toContain("è stata solo minacciata");
    expect(section(result, "actionsAndDeadlines")).toContain("anche prima che accada");
    expect(result.recommendedServices).not.toContain("TAKEDOWN");
  });
});

describe("B.4 Deepfakes (art. 612-quater c.p., from 10.10.2025)", () => {
  const DEEPFAKE: Partial<Answers> & Pick<Answers, "category"> = {
    category: "OTHER",
    aiGenerated: true,
    sexuallyExplicit: true,
    consentToShare: false,
    channel: "SOCIAL_PUBLIC",
    authorKnown: true,
  };

  it("is complaint-based with the general 3 months; 1 to 5 years, prescription 6 years", () => {
    const result = run(DEEPFAKE);
    expect(codes(result)).toEqual(["DEEPFAKE"]);
    expect(offence(result, "DEEPFAKE")).toMatchObject({
      article: "612-quater c.p.",
      procedibility: "QUERELA",
      complaintDeadline: "2027-01-15",
      prescriptionDate: "2032-10-15",
      penalty: "reclusione da 1 a 5 anni",
    });
    expect(section(result, "actionsAndDeadlines")).toContain("StopNCII");
  });

  it("does not apply to facts before 10 October 2025", () => {
    const result = run(
      { ...DEEPFAKE, firstEventDate: "2025-10-09", lastEventDate: "2025-10-09" },
      "2025-11-01",
    );
    expect(result.evaluation).toBe("NOTVALID");
    expect(section(result, "whyNoCrime")).toContain("in vigore dal 10 ottobre 2025");
    expect(
      run({ ...DEEPFAKE, firstEventDate: "2025-10-10", lastEventDate: "2025-10-10" }, "2025-11-01")
        .evaluation,
    ).toBe("VALID");
  });

  it("may be ex officio for a public authority or an incapable victim: the complaint date stands, said once", () => {
    const official = run({ ...DEEPFAKE, victimPublicOfficial: true });
    expect(offence(official, "DEEPFAKE")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-01-15",
    });
    expect(section(official, "actionsAndDeadlines")).toContain(
      "Si procede d'ufficio se la vittima è una pubblica autorità e il fatto riguarda le sue funzioni; se non è così, la querela serve. Poiché non è certo, rispetta comunque questa data.",
    );
    expect(section(run({ ...DEEPFAKE, victimVulnerable: true }), "actionsAndDeadlines")).toContain(
      "Si procede d'ufficio se la vittima è incapace",
    );
  });

  it("for a minor stays complaint-based but says it may be ex officio; sexual deepfakes of minors go to human review", () => {
    const result = run({ ...DEEPFAKE, victimIsMinor: true });
    expect(offence(result, "DEEPFAKE").procedibility).toBe("QUERELA");
    expect(section(result, "actionsAndDeadlines")).toContain("incapace per la sua giovane età");
    expect(result.humanReview).toBe(true);
  });
});

describe("B.5 Hate speech (artt. 604-bis and 604-ter c.p.)", () => {
  const HATE: Partial<Answers> & Pick<Answers, "category"> = {
    category: "HATE_SPEECH",
    discriminatoryMotive: "RACE",
    incitement: "DISCRIMINATION",
    channel: "SOCIAL_PUBLIC",
    audience: "MANY",
  };
  // Cass. I 39243/2024: private WhatsApp messages to one person, with links to Shoah-denial videos.
  const PRIVATE_DENIAL: Partial<Answers> & Pick<Answers, "category"> = {
    category: "HATE_SPEECH",
    discriminatoryMotive: "RELIGION",
    incitement: "DISCRIMINATION",
    channel: "PRIVATE_MESSAGE",
    audience: "VICTIM_ONLY",
    authorKnown: true,
    harmsReputation: false,
    threatened: false,
    repeated: false,
  };

  describe("needs spreading (Cass. I 39243/2024, 38423/2023)", () => {
    it("private messages seen by the victim alone are not propaganda: NOTVALID, saying why and what else may apply", () => {
      const result = run(PRIVATE_DENIAL);
      expect(codes(result)).toEqual([]);
      expect(result.evaluation).toBe("NOTVALID");
      const why = result.sections.whyNoCrime.find((e) => e.text.includes("devono diffondersi"));
      expect(why?.article).toBe("604-bis c.p.");
      expect(why?.text).toContain("Messaggi privati mandati solo a te");
      expect(why?.text).toContain("Cass. I 39243/2024");
      expect(why?.text).toContain("una minaccia, lo stalking");
      expect(why?.text).toContain("art. 604-ter c.p.");
    });

    it("the other offences are weighed as usual: a threat in those messages stands, with the 604-ter aggravation", () => {
      const result = run({ ...PRIVATE_DENIAL, threatened: true, threatSerious: true });
      expect(codes(result)).toEqual(["THREAT"]);
      expect(offence(result, "THREAT").aggravations.join()).toContain("fino alla metà");
      expect(allText(result)).toContain("devono diffondersi");
    });

    it("seen by a few people: only with reserve, still ex officio with no complaint term", () => {
      const result = run({ ...PRIVATE_DENIAL, channel: "MESSAGING_GROUP", audience: "FEW" });
      expect(offence(result, "HATE_PROPAGANDA")).toMatchObject({
        certain: false,
        procedibility: "UFFICIO",
        complaintDeadline: null,
      });
      expect(result.evaluation).toBe("WITHRESERVE");
      expect(section(result, "lawDetail")).toContain("I contenuti li hanno visti alcune persone");
      expect(section(result, "additionalNotes")).toContain(
        "per propaganda d'odio alcuni elementi non sono certi",
      );
    });

    it("seen by many, or by anyone: certain, ex officio, VALID", () => {
      const result = run({ ...PRIVATE_DENIAL, channel: "SOCIAL_PUBLIC", audience: "MANY" });
      expect(offence(result, "HATE_PROPAGANDA")).toMatchObject({ certain: true, procedibility: "UFFICIO" });
      expect(result.evaluation).toBe("VALID");
      expect(allText(result)).not.toContain("devono diffondersi");
    });

    it("who saw it not answered: with reserve, never certain", () => {
      const { audience: _, ...noAudience } = HATE;
      const result = run(noAudience);
      expect(offence(result, "HATE_PROPAGANDA").certain).toBe(false);
      expect(section(result, "lawDetail")).toContain("Non sappiamo quante persone abbiano visto i contenuti");
    });
  });

  it("propaganda or incitement to discrimination on racial grounds: ex officio, up to 1 year 6 months or €6,000, 6 years", () => {
    const result = run(HATE);
    expect(result.evaluation).toBe("VALID");
    expect(offence(result, "HATE_PROPAGANDA")).toMatchObject({
      article: "604-bis c.p.",
      procedibility: "UFFICIO",
      complaintDeadline: null,
      penalty: "reclusione fino a 1 anno e 6 mesi o multa fino a 6.000 euro",
      prescriptionDate: "2032-10-15",
    });
    expect(section(result, "aggravatingAndPenalties")).toContain("Shoah");
  });

  it("incitement to violence: 6 months to 4 years, still 6 years", () => {
    const result = run({ ...HATE, discriminatoryMotive: "RELIGION", incitement: "VIOLENCE" });
    expect(offence(result, "HATE_PROPAGANDA")).toMatchObject({
      penalty: "reclusione da 6 mesi a 4 anni",
      prescriptionDate: "2032-10-15",
    });
  });

  it("does not cover sexual orientation or gender (the Zan bill was rejected): assessed as other offences, without 604-ter", () => {
    for (const discriminatoryMotive of ["SEXUAL_ORIENTATION", "GENDER"] as const) {
      const result = run({
        ...HATE,
        ...DEFAMATION,
        category: "HATE_SPEECH",
        discriminatoryMotive,
        incitement: "VIOLENCE",
      });
      expect(codes(result)).toEqual(["DEFAMATION"]);
      expect(section(result, "whyNoCrime")).toContain("ddl Zan");
      expect(offence(result, "DEFAMATION").aggravations.join()).not.toContain("604-ter");
    }
  });

  it("adds the 604-ter aggravation (+half, not outweighed) to other offences; whether it makes them ex officio is unconfirmed", () => {
    const result = run({
      ...DEFAMATION,
      category: "HATE_SPEECH",
      discriminatoryMotive: "ETHNICITY",
      incitement: "NONE",
    });
    expect(codes(result)).toEqual(["DEFAMATION"]);
    expect(offence(result, "DEFAMATION").procedibility).toBe("QUERELA");
    expect(offence(result, "DEFAMATION").aggravations.join()).toContain("fino alla metà");
    expect(section(result, "aggravatingAndPenalties")).toContain("attenuanti non possono prevalere");
    expect(section(result, "additionalNotes")).toContain(
      "potrebbe rendere alcuni reati perseguibili d'ufficio, ma non è confermato",
    );
    expect(section(result, "whyNoCrime")).toContain("propaganda di idee razziste");
  });

  it("counts 604-ter at its maximum for prescription: stalking with a racial motive prescribes in 9 years 9 months", () => {
    expect(
      offence(run({ ...STALKING, discriminatoryMotive: "NATIONALITY" }), "STALKING").prescriptionDate,
    ).toBe("2036-07-15");
  });
});

describe("B.6 Extortion and sextortion (art. 629 c.p.)", () => {
  it("sextortion not paid is attempted extortion: ex officio, 10 years; don't pay, keep the evidence", () => {
    const result = run(SEXTORTION);
    expect(offence(result, "EXTORTION")).toMatchObject({
      title: "Tentata estorsione",
      article: "629 c.p.",
      procedibility: "UFFICIO",
      complaintDeadline: null,
      prescriptionDate: "2036-10-15",
    });
    expect(offence(result, "EXTORTION").penalty).toContain("ridotta per il tentativo");
    expect(section(result, "aggravatingAndPenalties")).toContain("art. 628, terzo comma");
    expect(section(result, "aggravatingAndPenalties")).toContain("da 7 a 20 anni");
    expect(section(result, "aggravatingAndPenalties")).toContain("potrebbe essere più breve");
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).toContain("Non pagare");
    expect(actions).toContain("Conserva le prove e non cancellare nulla");
    expect(actions).toContain("Polizia Postale");
    expect(actions).toContain("StopNCII");
    expect(result.evaluation).toBe("VALID");
    expect(result.humanReview).toBe(false);
    expect(result.recommendedServices).not.toContain("INJUCTION");
  });

  it("paid is consummated extortion, with restitution of what was paid", () => {
    const result = run({ ...SEXTORTION, victimComplied: true });
    expect(offence(result, "EXTORTION").title).toBe("Estorsione");
    expect(section(result, "damageCompensation")).toContain("può esserti restituito");
  });

  it("through or threatening computer crimes (L. 90/2024, from 17.07.2024): 6 to 12 years, 12 years; with an incapable victim 8 to 22", () => {
    const computer = run({ ...SEXTORTION, accountAccessed: true });
    expect(offence(computer, "EXTORTION")).toMatchObject({ prescriptionDate: "2038-10-15" });
    expect(offence(computer, "EXTORTION").penalty).toContain("da 6 a 12 anni");
    expect(offence(computer, "UNAUTHORISED_ACCESS").procedibility).toBe("QUERELA");
    const incapable = run({ ...SEXTORTION, accountAccessed: true, victimVulnerable: true });
    expect(offence(incapable, "EXTORTION").penalty).toContain("da 8 a 22 anni");
    expect(offence(incapable, "EXTORTION").prescriptionDate).toBe("2048-10-15");
    const before = run(
      { ...SEXTORTION, accountAccessed: true, firstEventDate: "2024-07-16", lastEventDate: "2024-07-16" },
      "2024-08-01",
    );
    expect(offence(before, "EXTORTION").prescriptionDate).toBe("2034-07-16");
  });

  it("of a minor goes to human review, advice only", () => {
    const result = run({ ...SEXTORTION, victimIsMinor: true, victimAge14Plus: true });
    expect(result.humanReview).toBe(true);
    expect(result.recommendedServices).toEqual(["ADVICE"]);
    expect(section(result, "actionsAndDeadlines")).toContain("Take It Down");
  });

  it("needs a demand under threat: without one the threat alone is assessed", () => {
    const result = run({ category: "EXTORTION", demand: false, threatened: true, authorKnown: true });
    expect(codes(result)).toEqual(["THREAT"]);
    expect(section(result, "whyNoCrime")).toContain("senza questa richiesta non c'è estorsione");
  });

  it("prescribes after 10 years: EXPIRED then", () => {
    const old = { ...SEXTORTION, sexuallyExplicit: false, sharingOnlyThreatened: false, threatened: false };
    expect(run({ ...old, firstEventDate: "2016-11-22", lastEventDate: "2016-11-22" }).evaluation).toBe(
      "VALID",
    );
    expect(run({ ...old, firstEventDate: "2016-11-21", lastEventDate: "2016-11-21" }).evaluation).toBe(
      "EXPIRED",
    );
  });
});

describe("B.6 Sexual violence by threat (art. 609-bis c.p.), never extortion", () => {
  // A threat to obtain sexual images or acts (Cass. III 25266/2020): no financial loss, so not art. 629.
  const SEXUAL_DEMAND: Partial<Answers> & Pick<Answers, "category"> = {
    category: "EXTORTION",
    demand: true,
    demandKind: "SEXUAL",
    victimComplied: false,
    authorKnown: true,
    channel: "PRIVATE_MESSAGE",
  };

  it("is sexual violence with a 12-month complaint term and human review, never extortion", () => {
    const result = run(SEXUAL_DEMAND);
    expect(codes(result)).toEqual(["SEXUAL_VIOLENCE"]);
    expect(offence(result, "SEXUAL_VIOLENCE")).toMatchObject({
      article: "609-bis c.p.",
      title: "Violenza sessuale",
      procedibility: "QUERELA",
      complaintDeadline: "2027-10-15",
      prescriptionDate: "2038-10-15",
      penalty: "reclusione da 6 a 12 anni",
      certain: true,
    });
    expect(result.evaluation).toBe("VALID");
    expect(result.humanReview).toBe(true);
    expect(result.recommendedServices).toEqual(["ADVICE"]);
    expect(result.deadlines).toContainEqual({
      kind: "QUERELA",
      date: "2027-10-15",
      article: "609-septies c.p.",
      note: "Ultimo giorno per presentare querela (violenza sessuale).",
    });
    expect(section(result, "lawDetail")).toContain("è violenza sessuale e non estorsione");
    expect(section(result, "lawDetail")).toContain("Cass. III 25266/2020");
    expect(section(result, "usefulToKnow")).toContain("una volta presentata, non si può ritirare");
    expect(section(result, "usefulToKnow")).toContain("per la violenza sessuale di 12 mesi");
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).toContain("ti sono stati chiesti, con una minaccia, immagini intime o atti sessuali");
    expect(actions).toContain("Polizia Postale");
    expect(actions).not.toContain("genitore");
    expect(allText(result)).not.toContain("estorsione (");
  });

  it("never states the doubled prescription as certain, and a date that seems passed leaves it uncertain", () => {
    const result = run(SEXUAL_DEMAND);
    const prescription = result.sections.aggravatingAndPenalties.find((e) =>
      e.text.startsWith("Violenza sessuale: il reato si prescrive"),
    );
    expect(prescription?.text).toContain(
      "potrebbe raddoppiarlo (art. 157, sesto comma), ma non è confermato",
    );
    expect(prescription?.article).toBe("157 c.p.");
    const old = run(
      { ...SEXUAL_DEMAND, complaintFiled: true, firstEventDate: "2010-01-10", lastEventDate: "2010-01-10" },
      "2026-11-22",
    );
    expect(old.evaluation).toBe("WITHRESERVE");
    expect(section(old, "additionalNotes")).toContain("la prescrizione potrebbe essere più lunga");
  });

  it("is ex officio for a minor (art. 609-septies), with the Polizia Postale, a parent and child-abuse material in view", () => {
    const result = run({ ...SEXUAL_DEMAND, victimIsMinor: true, victimAge14Plus: true });
    expect(offence(result, "SEXUAL_VIOLENCE")).toMatchObject({
      procedibility: "UFFICIO",
      complaintDeadline: null,
    });
    expect(result.humanReview).toBe(true);
    const statements = result.sections.actionsAndDeadlines.filter((e) =>
      e.text.startsWith("Violenza sessuale"),
    );
    expect(statements).toEqual([
      {
        text: "Violenza sessuale: si procede d'ufficio perché la vittima è minorenne. Non c'è un termine per la querela: le autorità possono agire appena vengono a sapere del fatto, ma conviene denunciarlo il prima possibile.",
        article: "609-septies c.p.",
      },
    ]);
    const actions = section(result, "actionsAndDeadlines");
    expect(actions).toContain("insieme a un genitore o a un adulto di cui ti fidi");
    expect(actions).toContain("Non fare copie, screenshot o inoltri delle immagini");
    expect(articles(result, "additionalNotes")).toContain("600-ter c.p.");
  });

  it("a money demand is extortion as before, never sexual violence", () => {
    const result = run({ ...SEXUAL_DEMAND, demandKind: "MONEY" });
    expect(codes(result)).toEqual(["EXTORTION"]);
    expect(result.evaluation).toBe("VALID");
    expect(result.humanReview).toBe(false);
  });

  it("something else demanded: extortion only with reserve, naming violenza privata as what to check", () => {
    const result = run({ ...SEXUAL_DEMAND, demandKind: "OTHER" });
    expect(codes(result)).toEqual(["EXTORTION"]);
    expect(result.evaluation).toBe("WITHRESERVE");
    expect(offence(result, "EXTORTION").certain).toBe(false);
    expect(section(result, "lawDetail")).toContain("violenza privata (art. 610 c.p.)");
    expect(result.humanReview).toBe(false);
  });

  it("what was demanded unknown ('preferisco non dirlo'): with reserve; with intimate content both readings, and human review", () => {
    const plain = run({ ...SEXUAL_DEMAND, demandKind: "UNKNOWN" });
    expect(codes(plain)).toEqual(["EXTORTION"]);
    expect(plain.evaluation).toBe("WITHRESERVE");
    expect(section(plain, "lawDetail")).toContain("si tratta di violenza sessuale (art. 609-bis c.p.)");
    expect(plain.humanReview).toBe(false);

    const intimate = run({
      ...SEXUAL_DEMAND,
      demandKind: "UNKNOWN",
      sexuallyExplicit: true,
      meantPrivate: true,
    });
    expect(codes(intimate)).toEqual(expect.arrayContaining(["EXTORTION", "SEXUAL_VIOLENCE"]));
    expect(intimate.offences.filter((o) => o.code !== "REVENGE_PORN").every((o) => !o.certain)).toBe(true);
    expect(offence(intimate, "SEXUAL_VIOLENCE").complaintDeadline).toBe("2027-10-15");
    expect(intimate.humanReview).toBe(true);
    expect(section(intimate, "actionsAndDeadlines")).toContain("potrebbe trattarsi di violenza sessuale");
  });
});

describe("B.6 A minor asked for sexual images or acts (art. 609-bis c.2 with 609-ter c.p.)", () => {
  // Cass. III 41577/2023: a coach asks a 13-year-old on WhatsApp for nude images; no threat, nothing spread
  // (in the questionnaire's OTHER steps: "Qualcuno ha diffuso, o minacciato di diffondere, …?" No).
  const COACH: Partial<Answers> & Pick<Answers, "category"> = {
    category: "OTHER",
    victimIsMinor: true,
    victimAge14Plus: false,
    authorKnown: true,
    authorRelationship: "ACQUAINTANCE",
    authorIsMinor: false,
    channel: "PRIVATE_MESSAGE",
    sexuallyExplicit: false,
    askedForSexualContent: true,
    demand: false,
  };

  it("under 14, asked by an adult: sexual violence, certain, ex officio, no complaint deadline", () => {
    const result = run(COACH);
    expect(codes(result)).toEqual(["SEXUAL_VIOLENCE"]);
    expect(offence(result, "SEXUAL_VIOLENCE")).toMatchObject({
      article: "609-bis c.p.",
      title: "Violenza sessuale",
      procedibility: "UFFICIO",
      complaintDeadline: null,
      certain: true,
    });
    expect(offence(result, "SEXUAL_VIOLENCE").aggravations.join()).toContain("609-ter c.p.");
    expect(result.evaluation).toBe("VALID");
    expect(result.deadlines.filter((d) => d.kind === "QUERELA")).toEqual([]);
    expect(result.humanReview).toBe(true);
    expect(result.recommendedServices).toEqual(["ADVICE"]);
  });

  it("says why no threat is needed, that it is ex officio, and puts the people who help first", () => {
    const result = run(COACH);
    const law = section(result, "lawDetail");
    expect(law).toContain("non ha ancora 14 anni, anche senza violenza né minacce");
    expect(law).toContain("Non serve alcuna minaccia");
    expect(law).toContain("Cass. III 41577/2023");
    expect(law).toContain("Hai indicato che l'autore ti ha chiesto foto, video o atti di tipo sessuale");
    expect(law).not.toContain("Cass. III 25266/2020");
    const actions = result.sections.actionsAndDeadlines.map((e) => e.text);
    expect(actions[0]).toContain("sarà esaminato subito da una persona del nostro team");
    expect(actions[1]).toContain("Polizia Postale");
    expect(actions[1]).toContain("insieme a un genitore o a un adulto di cui ti fidi");
    expect(actions[2]).toContain("114 Emergenza Infanzia");
    expect(actions).toContainEqual(
      "Violenza sessuale: si procede d'ufficio perché la vittima è minorenne. Non c'è un termine per la querela: le autorità possono agire appena vengono a sapere del fatto, ma conviene denunciarlo il prima possibile.",
    );
    expect(actions.join()).toContain("Non fare copie, screenshot o inoltri delle immagini");
    expect(actions.join()).not.toMatch(/querela entro il/);
    expect(section(result, "additionalNotes")).toContain("114 Emergenza Infanzia");
    expect(section(result, "additionalNotes")).not.toContain("1522");
    expect(articles(result, "additionalNotes")).toContain("600-ter c.p.");
  });

  it("the same under every category the questionnaire asks it in, whatever was or was not spread", () => {
    for (const category of [
      "CYBERBULLYING",
      "REVENGEPORN",
      "EXTORTION",
      "STALKING",
      "HATE_SPEECH",
    ] as const) {
      const { sexuallyExplicit: _, ...rest } = COACH;
      const result = run({ ...rest, category });
      expect(offence(result, "SEXUAL_VIOLENCE"), category).toMatchObject({
        certain: true,
        procedibility: "UFFICIO",
      });
      expect(result.humanReview, category).toBe(true);
    }
  });

  it("under 14, author's age not known or a minor: with reserve, still ex officio with human review", () => {
    for (const authorIsMinor of [true, "UNKNOWN"] as const) {
      const result = run({ ...COACH, authorIsMinor });
      expect(offence(result, "SEXUAL_VIOLENCE")).toMatchObject({ certain: false, procedibility: "UFFICIO" });
      expect(result.evaluation).toBe("WITHRESERVE");
      expect(result.humanReview).toBe(true);
    }
    expect(section(run({ ...COACH, authorIsMinor: true }), "lawDetail")).toContain("è a sua volta minorenne");
  });

  it("14 to 17 without a threat: sexual violence with reserve, ex officio, naming 609-quater and 609-undecies as unconfirmed", () => {
    const result = run({ ...COACH, victimAge14Plus: true });
    expect(offence(result, "SEXUAL_VIOLENCE")).toMatchObject({
      certain: false,
      procedibility: "UFFICIO",
      complaintDeadline: null,
    });
    expect(offence(result, "SEXUAL_VIOLENCE").aggravations.join()).not.toContain("609-ter");
    expect(result.evaluation).toBe("WITHRESERVE");
    expect(result.humanReview).toBe(true);
    const law = section(result, "lawDetail");
    expect(law).toContain("Avevi almeno 14 anni.");
    expect(law).toContain("art. 609-quater c.p.");
    expect(law).toContain("art. 609-undecies c.p.");
    expect(law).toContain("non è confermato");
    expect(law).not.toContain("Non serve alcuna minaccia");
  });

  it("14 to 17 with a threat to obtain the images: sexual violence certain, as at any age", () => {
    const result = run({ ...COACH, victimAge14Plus: true, demand: true, demandKind: "SEXUAL" });
    expect(offence(result, "SEXUAL_VIOLENCE")).toMatchObject({ certain: true, procedibility: "UFFICIO" });
    expect(section(result, "lawDetail")).toContain("Cass. III 25266/2020");
  });

  it("an adult's answer is not used: the contract asks it only of a minor, adults need a threat", () => {
    const adult = run({
      ...COACH,
      victimIsMinor: false,
      victimAge14Plus: undefined,
      authorIsMinor: undefined,
    });
    expect(codes(adult)).not.toContain("SEXUAL_VIOLENCE");
    expect(adult.humanReview).toBe(false);
  });

  it("nude images a minor was made to send and then spread: revenge porn only beside sexual violence", () => {
    const result = run({
      ...COACH,
      category: "REVENGEPORN",
      sexuallyExplicit: true,
      sharingOnlyThreatened: false,
      meantPrivate: true,
      consentToShare: false,
      authorMadeOrTook: false,
      sharedToHarm: true,
      channel: "SOCIAL_PUBLIC",
    });
    expect(codes(result)).toEqual(expect.arrayContaining(["REVENGE_PORN", "SEXUAL_VIOLENCE"]));
    // Without the new answer the case looks like revenge porn alone: the gap this rule closes.
    const before = run({
      ...COACH,
      askedForSexualContent: undefined,
      category: "REVENGEPORN",
      sexuallyExplicit: true,
    });
    expect(codes(before)).toEqual(["REVENGE_PORN"]);
    expect(codes(before)).not.toContain("SEXUAL_VIOLENCE");
  });
});

describe("B.7 Threats (art. 612 c.p.)", () => {
  const THREAT: Partial<Answers> & Pick<Answers, "category"> = {
    category: "THREAT",
    threatened: true,
    authorKnown: true,
  };

  it("basic: complaint within 3 months, a fine up to €1,032, prescription 6 years", () => {
    const result = run(THREAT);
    expect(offence(result, "THREAT")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-01-15",
      penalty: "multa fino a 1.032 euro",
      prescriptionDate: "2032-10-15",
    });
  });

  it("serious: up to 1 year, still complaint-based", () => {
    const result = run({ ...THREAT, threatSerious: true });
    expect(offence(result, "THREAT")).toMatchObject({
      procedibility: "QUERELA",
      penalty: "reclusione fino a 1 anno",
    });
  });

  it("in the art. 339 ways (weapons, anonymous writing, several people) is ex officio", () => {
    const result = run({ ...THREAT, threatAggravated: true });
    expect(offence(result, "THREAT")).toMatchObject({ procedibility: "UFFICIO", complaintDeadline: null });
    expect(section(result, "actionsAndDeadlines")).toContain("art. 339");
  });

  it("serious with a special-effect aggravation is ex officio (art. 623-ter)", () => {
    const result = run({ ...THREAT, threatSerious: true, discriminatoryMotive: "RELIGION" });
    expect(offence(result, "THREAT").procedibility).toBe("UFFICIO");
    expect(articles(result, "actionsAndDeadlines")).toContain("623-ter c.p.");
    expect(offence(run({ ...THREAT, discriminatoryMotive: "RELIGION" }), "THREAT").procedibility).toBe(
      "QUERELA",
    );
  });

  it("against an incapable victim may be ex officio: one statement with the complaint date", () => {
    const result = run({ ...THREAT, victimVulnerable: true });
    expect(offence(result, "THREAT")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-01-15",
    });
    const statements = result.sections.actionsAndDeadlines.filter((e) => e.text.startsWith("Minaccia"));
    expect(statements).toHaveLength(1);
    expect(statements[0]?.text).toContain("entro il 15 gennaio 2027");
    expect(statements[0]?.text).toContain("Si procede d'ufficio se la vittima è incapace");
  });

  it("is NOTVALID without an unjust harm threatened", () => {
    const result = run({ category: "THREAT", threatened: false });
    expect(result.evaluation).toBe("NOTVALID");
    expect(section(result, "whyNoCrime")).toContain("male ingiusto");
  });

  describe("absorbed when it is the means of a graver offence (art. 84 c.p., fact sheet B.7)", () => {
    const absorbedSentence = (result: FeedbackResult) =>
      result.sections.lawDetail.find((e) => e.article === "84 c.p.")?.text ?? "";

    it("threats within stalking: no THREAT offence or deadline of its own, even when its 3 months have passed", () => {
      // The threat's 3 months ran out on 15 October; stalking's 6 months run to 15 January.
      const result = run({
        ...STALKING,
        threatened: true,
        firstEventDate: "2026-05-01",
        lastEventDate: "2026-07-15",
      });
      expect(codes(result)).toEqual(["STALKING"]);
      expect(offence(result, "STALKING").complaintDeadline).toBe("2027-01-15");
      expect(result.evaluation).toBe("VALID");
      expect(result.deadlines.filter((d) => d.kind === "QUERELA")).toEqual([
        expect.objectContaining({ date: "2027-01-15", article: "612-bis c.p." }),
      ]);
      expect(result.deadlines.some((d) => d.note.includes("minaccia"))).toBe(false);
      expect(allText(result)).not.toContain("15 ottobre 2026");
      expect(section(result, "actionsAndDeadlines")).not.toContain("Minaccia:");
      expect(absorbedSentence(result)).toContain(
        "Le minacce che ci hai descritto fanno parte del reato di stalking",
      );
      expect(absorbedSentence(result)).toContain("«con condotte reiterate, minaccia o molesta»");
      expect(absorbedSentence(result)).toContain("art. 84 c.p., reato complesso");
    });

    it("a threat to publish intimate images to get money is part of the extortion", () => {
      const result = run({ ...SEXTORTION, threatened: true, threatSerious: true });
      expect(codes(result)).not.toContain("THREAT");
      expect(codes(result)).toContain("EXTORTION");
      expect(absorbedSentence(result)).toContain("fanno parte del reato di estorsione");
      expect(absorbedSentence(result)).toContain("«mediante violenza o minaccia»");
      expect(result.deadlines.every((d) => d.article !== "124 c.p." || !d.note.includes("minaccia"))).toBe(
        true,
      );
    });

    it("a threat to obtain sexual images is part of the sexual violence", () => {
      const result = run({
        category: "EXTORTION",
        demand: true,
        demandKind: "SEXUAL",
        threatened: true,
        sharingOnlyThreatened: true,
        authorKnown: true,
        channel: "PRIVATE_MESSAGE",
        firstEventDate: "2026-03-01",
        lastEventDate: "2026-03-01",
      });
      expect(codes(result)).toEqual(["SEXUAL_VIOLENCE"]);
      expect(offence(result, "SEXUAL_VIOLENCE").complaintDeadline).toBe("2027-03-01");
      expect(absorbedSentence(result)).toContain("fanno parte del reato di violenza sessuale");
      expect(absorbedSentence(result)).toContain("«con violenza o minaccia»");
    });

    it("when the graver offence is not certain, says the threat would stand alone with 3 months", () => {
      const result = run({ ...STALKING, effects: undefined, threatened: true });
      expect(codes(result)).toEqual(["STALKING"]);
      expect(absorbedSentence(result)).toContain("la minaccia resterebbe un reato a sé (art. 612 c.p.)");
    });

    it("a threat alone is still THREAT, with its own 3 months and no absorption sentence", () => {
      const result = run(THREAT);
      expect(codes(result)).toEqual(["THREAT"]);
      expect(offence(result, "THREAT").complaintDeadline).toBe("2027-01-15");
      expect(absorbedSentence(result)).toBe("");
      // Beside an offence that does not absorb it (defamation), the threat stands too.
      expect(codes(run({ ...DEFAMATION, threatened: true }))).toEqual(["DEFAMATION", "THREAT"]);
    });
  });
});

describe("B.8 Related offences", () => {
  it("impersonation with a fake profile (art. 494): ex officio, up to 1 year, 6 years", () => {
    const result = run({ category: "OTHER", impersonation: true });
    expect(offence(result, "IMPERSONATION")).toMatchObject({
      article: "494 c.p.",
      procedibility: "UFFICIO",
      penalty: "reclusione fino a 1 anno",
      prescriptionDate: "2032-10-15",
      certain: true,
    });
    expect(result.evaluation).toBe("VALID");
  });

  describe("intrusion into private life (art. 615-bis) needs a secret recording", () => {
    it("is certain when private life was secretly recorded in a private place", () => {
      const result = run({ category: "OTHER", secretRecording: true, authorKnown: true });
      expect(offence(result, "PRIVATE_LIFE_INTRUSION")).toMatchObject({
        article: "615-bis c.p.",
        procedibility: "QUERELA",
        complaintDeadline: "2027-01-15",
        penalty: "reclusione da 6 mesi a 4 anni",
        certain: true,
      });
      expect(result.evaluation).toBe("VALID");
      expect(section(result, "aggravatingAndPenalties")).toContain(
        "pubblico ufficiale o da un investigatore privato",
      );
    });

    it("is uncertain, with reserve, when the victim does not know", () => {
      const result = run({ category: "OTHER", secretRecording: "UNKNOWN", authorKnown: true });
      expect(offence(result, "PRIVATE_LIFE_INTRUSION").certain).toBe(false);
      expect(result.evaluation).toBe("WITHRESERVE");
      expect(section(result, "lawDetail")).toContain("di nascosto immagini o suoni della tua vita privata");
    });

    it("is never raised by intimate content or account access alone", () => {
      const privateContent = {
        category: "OTHER" as const,
        meantPrivate: true,
        sexuallyExplicit: false,
        authorMadeOrTook: true,
        sharedToHarm: true,
        consentToShare: false as const,
      };
      for (const secretRecording of [undefined, false] as const) {
        const extra = secretRecording === undefined ? {} : { secretRecording };
        expect(codes(run({ ...privateContent, ...extra }))).not.toContain("PRIVATE_LIFE_INTRUSION");
        expect(codes(run({ ...REVENGE_PORN, authorRelationship: "EX_PARTNER", ...extra }))).not.toContain(
          "PRIVATE_LIFE_INTRUSION",
        );
        expect(codes(run({ category: "OTHER", accountAccessed: true, ...extra }))).toEqual([
          "UNAUTHORISED_ACCESS",
        ]);
      }
    });
  });

  it("unauthorised access to an account (art. 615-ter): complaint-based, up to 3 years; aggravated forms ex officio", () => {
    const result = run({ category: "OTHER", accountAccessed: true, authorKnown: true });
    expect(offence(result, "UNAUTHORISED_ACCESS")).toMatchObject({
      procedibility: "QUERELA",
      complaintDeadline: "2027-01-15",
      penalty: "reclusione fino a 3 anni",
      prescriptionDate: "2032-10-15",
    });
    expect(section(result, "aggravatingAndPenalties")).toContain(
      "sistemi di interesse pubblico, da 3 a 10 o da 4 a 12 anni. In questi casi si procede d'ufficio",
    );
  });

  it("unlawful data processing (art. 167 Codice privacy) needs intent to profit or harm, else only an administrative breach", () => {
    const base = {
      category: "OTHER" as const,
      meantPrivate: true,
      sexuallyExplicit: false,
      consentToShare: false as const,
    };
    const withIntent = run({ ...base, sharedToHarm: true, effects: ["ANXIETY_FEAR"] });
    expect(offence(withIntent, "UNLAWFUL_DATA_PROCESSING")).toMatchObject({
      article: "167 D.Lgs. 196/2003",
      procedibility: "UFFICIO",
      penalty: "reclusione da 1 a 3 anni (dati sensibili o giudiziari)",
      certain: false,
    });
    const withoutIntent = run({ ...base, sharedToHarm: false });
    expect(withoutIntent.evaluation).toBe("NOTVALID");
    expect(section(withoutIntent, "whyNoCrime")).toContain("illecito amministrativo");
  });
});

describe("Evaluation, services and output", () => {
  it("is NOTVALID with a general explanation when nothing points to an offence", () => {
    const result = run({ category: "OTHER" });
    expect(result).toMatchObject({ evaluation: "NOTVALID", offences: [], humanReview: false });
    expect(section(result, "whyNoCrime")).toContain("non emergono gli elementi dei reati che valutiamo");
    expect(result.recommendedServices).toEqual(["ADVICE"]);
  });

  it("is EXPIRED only when every offence is out of time, VALID when one certain offence is still pursuable", () => {
    const mixed = run({ ...DEFAMATION, impersonation: true }, "2027-02-01");
    expect(offence(mixed, "DEFAMATION").complaintDeadline).toBe("2027-01-15");
    expect(mixed.evaluation).toBe("VALID");
  });

  it("is WITHRESERVE when the only certain offence has an exclusion and the other is uncertain", () => {
    const result = run({
      ...DEFAMATION,
      provoked: true,
      ...STALKING,
      category: "DEFAMATION",
      effects: undefined,
    });
    expect(result.evaluation).toBe("WITHRESERVE");
  });

  it("sorts deadlines by date and merges offences that share one", () => {
    const result = run({ ...DEFAMATION, threatened: true });
    const dates = result.deadlines.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(result.deadlines).toContainEqual({
      kind: "QUERELA",
      date: "2027-01-15",
      article: "124 c.p.",
      note: "Ultimo giorno per presentare querela (diffamazione, minaccia).",
    });
  });

  it("recommends legalization before takedown, a formal notice to a known author, defence when a complaint is possible", () => {
    expect(run(DEFAMATION).recommendedServices).toEqual(["LEGALIZATION", "TAKEDOWN", "INJUCTION", "DEFENCE"]);
    expect(
      run({ ...DEFAMATION, authorKnown: "UNKNOWN", victimIdentifiable: "UNKNOWN" }).recommendedServices,
    ).toEqual(["LEGALIZATION", "TAKEDOWN", "DEFENCE", "ADVICE"]);
  });

  it("accepts an instant as asOf and uses its Rome calendar day", () => {
    const result = evaluateFeedback(
      AnswersSchema.parse({ ...DEFAMATION, firstEventDate: "2026-10-15", lastEventDate: "2026-10-15" }),
      new Date("2026-12-31T23:30:00Z"),
    );
    expect(result.asOf).toBe("2027-01-01");
    expect(() =>
      evaluateFeedback(
        AnswersSchema.parse({ ...DEFAMATION, firstEventDate: "2026-10-15", lastEventDate: "2026-10-15" }),
        "2026-02-30",
      ),
    ).toThrow(RangeError);
  });

  it("carries the rules version and always ends with the not-a-legal-opinion disclaimer", () => {
    const result = run(STALKING);
    expect(result.rulesVersion).toBe(RULES_VERSION);
    expect(section(result, "additionalNotes")).toContain("non ha valore di parere legale");
  });

  it("names an article for every statement of law about an offence", () => {
    const result = run({
      ...STALKING,
      ...DEFAMATION,
      category: "STALKING",
      impersonation: true,
      accountAccessed: true,
    });
    for (const key of ["lawDetail", "whyNoCrime", "aggravatingAndPenalties", "exclusions"] as const) {
      for (const e of result.sections[key]) {
        if (/\bpunisce|pena|reclusione|si prescrive/.test(e.text)) expect(e.article, e.text).toBeTruthy();
      }
    }
    expect(allText(result)).not.toMatch(/undefined|NaN|\[object/);
  });
});
