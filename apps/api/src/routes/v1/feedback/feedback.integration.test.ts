import { FeedbackResultSchema } from "@argine/core/feedback/result";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { practices } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revengePornAnswers } from "../../../../test/feedback-answers.ts";
import { type IdentityServer, randomIp, startIdentityServer } from "../../../../test/identity.ts";
import { pdfText } from "../../../../test/pdf-text.ts";

const today = romeCalendarDay(new Date());
const daysAgo = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

const REVENGE_PORN = revengePornAnswers(daysAgo(10), daysAgo(3));

describe.each(testDbKinds())("the questionnaire API on %s", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  const send = (body: unknown, path = "/v1/feedback", method = "POST", token?: string) =>
    fetch(`${s.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        "x-forwarded-for": randomIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const stored = async () => (await s.handle.db.select({ n: count() }).from(practices))[0]?.n ?? 0;

  it("evaluates the answers and keeps them as an unowned, pending practice", async () => {
    const res = await send({ answers: REVENGE_PORN, statementOfTruth: true, privacyAccepted: true });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { practiceId: string; ticketCode: string; feedback: unknown };
    expect(body.ticketCode).toMatch(/^AR-[2-9A-HJ-NP-Z]{8}$/);
    const feedback = FeedbackResultSchema.parse(body.feedback);
    expect(feedback.evaluation).toBe("VALID");
    expect(feedback.offences.map((o) => o.article)).toContain("612-ter c.p.");
    const [row] = await s.handle.db.select().from(practices).where(eq(practices.id, body.practiceId));
    expect(row).toMatchObject({
      ownerId: null,
      status: "PENDING",
      evaluation: "VALID",
      crimeType: "REVENGEPORN",
    });
    expect(row?.answers).toMatchObject({ category: "REVENGEPORN", platform: "Instagram" });

    const read = await fetch(`${s.base}/v1/practices/${body.practiceId}/feedback`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      practiceId: body.practiceId,
      ticketCode: body.ticketCode,
      feedback,
    });
  });

  it("refuses a missing statement of truth with its Italian message, and stores nothing", async () => {
    const before = await stored();
    const res = await send({ answers: REVENGE_PORN, privacyAccepted: true });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Devi dichiarare che quanto riportato corrisponde al vero.",
    );
    expect(await stored()).toBe(before);
  });

  it("refuses invalid answers and dates in the future with the first field's message, and stores nothing", async () => {
    const before = await stored();
    const noDates = await send({
      answers: { category: "STALKING" },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    expect(noDates.status).toBe(400);
    expect(((await noDates.json()) as { message: string }).message).toBe("Campo Obbligatorio");
    const future = new Date(`${today}T12:00:00Z`);
    future.setUTCDate(future.getUTCDate() + 5);
    const later = await send({
      answers: { ...REVENGE_PORN, lastEventDate: future.toISOString().slice(0, 10) },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    expect(later.status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it("alerts the team by mail when a person must look at the case first", async () => {
    const res = await send({
      answers: { ...REVENGE_PORN, victimIsMinor: true, victimAge14Plus: true },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    const body = (await res.json()) as { ticketCode: string; feedback: { humanReview: boolean } };
    expect(body.feedback.humanReview).toBe(true);
    const alert = await s.mailer.lastTo("team@argine.example");
    expect(alert?.subject).toContain(body.ticketCode);
    expect(alert?.text).not.toContain("Instagram");
  });

  it("serves the feedback as a PDF with the practice code, the evaluation, the articles and the disclaimer", async () => {
    const created = (await (
      await send({ answers: REVENGE_PORN, statementOfTruth: true, privacyAccepted: true })
    ).json()) as { practiceId: string; ticketCode: string };
    const res = await fetch(`${s.base}/v1/practices/${created.practiceId}/feedback.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`argine-feedback-${created.ticketCode}.pdf`);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain(`Pratica ${created.ticketCode}`);
    expect(text).toContain("Sembra che ci sia un reato");
    expect(text).toContain("612-ter c.p.");
    expect(text).toContain("Cosa fare ed entro quando");
    // One honest name for what the result is, as on the site (ADR 005): never a "parere".
    expect(text).toContain("la tua prima valutazione orientativa");
    expect(text).toContain("non ha valore di parere legale");
    expect(text.replaceAll("non ha valore di parere legale", "")).not.toMatch(/parere/i);
  });

  it("a video call with the victim present and others watching is an insult, not defamation, on screen and in the PDF", async () => {
    const res = await send({
      answers: {
        category: "DEFAMATION",
        firstEventDate: daysAgo(5),
        lastEventDate: daysAgo(5),
        channel: "OTHER",
        audience: "FEW",
        victimIdentifiable: true,
        harmsReputation: true,
        victimPresent: true,
        authorKnown: true,
      },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { practiceId: string; feedback: unknown };
    const feedback = FeedbackResultSchema.parse(created.feedback);
    expect(feedback.evaluation).toBe("NOTVALID");
    expect(feedback.offences.map((o) => o.code)).not.toContain("DEFAMATION");
    expect(feedback.sections.whyNoCrime.map((e) => e.text).join(" ")).toContain(
      "la diffamazione richiede invece che la persona offesa sia assente",
    );
    expect(feedback.civilRemedies).toContainEqual({
      text: expect.stringContaining(
        "da 200 a 12.000 euro, perché l'offesa è avvenuta davanti ad altre persone",
      ),
      article: "D.Lgs. 7/2016",
    });
    const pdf = await fetch(`${s.base}/v1/practices/${created.practiceId}/feedback.pdf`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Non sembra esserci un reato");
    expect(text).toContain("Che cosa puoi fare invece della querela");
    expect(text).toContain("(D.Lgs. 7/2016)");
    expect(text).toContain("(art. 2947 c.c.)");
  });

  it("a threat to obtain sexual images is sexual violence with 12 months and human review, never extortion", async () => {
    const res = await send({
      answers: {
        category: "EXTORTION",
        firstEventDate: daysAgo(5),
        lastEventDate: daysAgo(5),
        demand: true,
        demandKind: "SEXUAL",
        victimComplied: false,
        authorKnown: true,
        channel: "PRIVATE_MESSAGE",
      },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    expect(res.status).toBe(201);
    const feedback = FeedbackResultSchema.parse(((await res.json()) as { feedback: unknown }).feedback);
    expect(feedback.offences.map((o) => o.code)).toEqual(["SEXUAL_VIOLENCE"]);
    expect(feedback.offences[0]).toMatchObject({ article: "609-bis c.p.", procedibility: "QUERELA" });
    expect(feedback.humanReview).toBe(true);
    const bad = await send({
      answers: { ...REVENGE_PORN, demand: true, demandKind: "FAVOURS" },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("Seleziona una delle opzioni proposte.");
  });

  it("a child under 14 asked for nude images is a victim of sexual violence, ex officio, on screen, to staff and in the PDF", async () => {
    const answers = {
      category: "OTHER",
      firstEventDate: daysAgo(20),
      lastEventDate: daysAgo(4),
      victimIsMinor: true,
      victimAge14Plus: false,
      authorKnown: true,
      authorIsMinor: false,
      channel: "PRIVATE_MESSAGE",
      sexuallyExplicit: false,
      askedForSexualContent: true,
    };
    const res = await send({ answers, statementOfTruth: true, privacyAccepted: true });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { practiceId: string; feedback: unknown };
    const feedback = FeedbackResultSchema.parse(created.feedback);
    expect(feedback.offences).toEqual([
      expect.objectContaining({
        code: "SEXUAL_VIOLENCE",
        procedibility: "UFFICIO",
        complaintDeadline: null,
        certain: true,
      }),
    ]);
    expect(feedback.deadlines.map((d) => d.kind)).not.toContain("QUERELA");
    expect(feedback.humanReview).toBe(true);
    // The answer is kept with the others, for the lawyer's case page.
    const [row] = await s.handle.db
      .select({ answers: practices.answers })
      .from(practices)
      .where(eq(practices.id, created.practiceId));
    expect(row?.answers).toMatchObject({ askedForSexualContent: true });
    const pdf = await fetch(`${s.base}/v1/practices/${created.practiceId}/feedback.pdf`);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("Violenza sessuale");
    expect(text).toContain("Hai indicato che l'autore ti ha chiesto foto, video o atti di tipo sessuale");
    expect(text).toContain("Non serve alcuna minaccia");
    expect(text).toContain("si procede d'ufficio perché la vittima è minorenne");
    expect(text).toContain("114 Emergenza Infanzia");
    expect(text).not.toContain("Querela entro");

    const bad = await send({
      answers: { ...answers, askedForSexualContent: "forse" },
      statementOfTruth: true,
      privacyAccepted: true,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("Seleziona una delle opzioni proposte.");
  });

  it("prints the Garante's 48 hours among the requests the victim can make, not among the deadlines", async () => {
    const created = (await (
      await send({
        answers: { ...REVENGE_PORN, victimIsMinor: true, victimAge14Plus: true },
        statementOfTruth: true,
        privacyAccepted: true,
      })
    ).json()) as { practiceId: string };
    const res = await fetch(`${s.base}/v1/practices/${created.practiceId}/feedback.pdf`);
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    const deadlines = text.indexOf("Le scadenze");
    const options = text.indexOf("Richieste che puoi fare subito");
    expect(deadlines).toBeGreaterThan(-1);
    expect(options).toBeGreaterThan(deadlines);
    expect(text.slice(deadlines, options)).not.toContain("Garante");
    expect(text.slice(options)).toContain("Segnalazione al Garante per la protezione dei dati personali");
    expect(text).not.toContain("Non c'è un termine per la querela");
    expect(text).not.toContain("Per prudenza");
  });

  it("answers 404 for an unknown practice and 400 for a malformed id, without revealing anything", async () => {
    expect((await fetch(`${s.base}/v1/practices/6f1c2b8e-1d2a-4c3b-9e8f-000000000000/feedback`)).status).toBe(
      404,
    );
    expect((await fetch(`${s.base}/v1/practices/123/feedback`)).status).toBe(400);
  });
  // Claiming the practice with its secrets: routes/v1/practices/claim.integration.test.ts.
});
