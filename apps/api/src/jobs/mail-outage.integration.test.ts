import type { PracticeSummary } from "@argine/core/practices/practices-api";
import { DEMO_PASSWORD } from "@argine/db/seed";
import { testDbKinds } from "@argine/db/testing";
import { sql } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../../test/identity.ts";
import { jobsSettled } from "../../test/jobs.ts";
import { type TestSmtp, testSmtp } from "../../test/smtp.ts";
import { createMailer } from "../mail/mailer.ts";

// A mail server that is down fails no request and loses no mail. Registration, the questionnaire
// (its alert to the team) and the lawyer's e-mail answer as usual; each mail is tried, fails, and goes out
// once at its retry after the server is back. The server is a real SMTP server (smtp-server) on a port of its
// own, "down" while nothing listens there; time moves on pg-boss's TestClock, which the app and the queue
// share, so the retries 30-60 s away come in an instant.

const MINOR_SEXUAL = {
  category: "REVENGEPORN",
  victimIsMinor: true,
  sexuallyExplicit: true,
  firstEventDate: "2026-11-01",
  lastEventDate: "2026-11-02",
};

describe.each(testDbKinds())("mails while the SMTP server is down, on %s", (kind) => {
  let smtp: TestSmtp;
  let s: IdentityServer;
  const clock = new TestClock();

  beforeAll(async () => {
    smtp = await testSmtp();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Argine <no-reply@argine.example>",
      outboxDir: "",
    });
    s = await startIdentityServer(kind, { SMTP_URL: smtp.url }, () => ({ mailer }), clock);
  });
  afterAll(async () => {
    await s.close();
    await smtp.stop();
  });

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${s.base}/v1${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": randomIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  /** How many mail jobs are in each state. */
  const mailJobs = async () => {
    const { rows } = (await s.handle.db.execute(
      sql`select state, count(*)::int as jobs from pgboss.job where name = 'mail' group by state order by state`,
    )) as unknown as { rows: { state: string; jobs: number }[] };
    return Object.fromEntries(rows.map((r) => [r.state, r.jobs]));
  };
  const delivered = (to: string) => smtp.received.filter((m) => m.to.includes(to));

  it("answers registration, the questionnaire and the lawyer's e-mail, and sends each mail once when it is back", async () => {
    const lawyer = (await signIn(s, "avvocato@demo.argine.it", DEMO_PASSWORD)).tokens?.access_token ?? "";
    const list = await fetch(`${s.base}/v1/practices?q=demo0001`, {
      headers: { authorization: `Bearer ${lawyer}` },
    });
    const practiceId = ((await list.json()) as { data: PracticeSummary[] }).data[0]?.practiceId ?? "";

    const email = `in-attesa-${kind}@example.org`;
    const registration = await post("/users", {
      name: "Nadia",
      lastname: "Ferri",
      email,
      password: "Girasole-Lento-42",
      privacyConsent: true,
    });
    expect(registration.status).toBe(202);
    const questionnaire = await post("/feedback", {
      answers: MINOR_SEXUAL,
      statementOfTruth: true,
      privacyAccepted: true,
    });
    expect(questionnaire.status).toBe(201);
    const { ticketCode } = (await questionnaire.json()) as { ticketCode: string };
    const lawyerMail = await post(
      `/practices/${practiceId}/emails`,
      { subject: "Documenti ricevuti", body: "Abbiamo i documenti: procediamo." },
      lawyer,
    );
    expect(lawyerMail.status).toBe(201);

    // Each mail is tried at once and fails (the connection is refused): it waits for its retry. On
    // PostgreSQL the request's own connection dates the job by the database's clock, so the test clock
    // catches up with it first, then a backstop poll goes by.
    await clock.setTime(Date.now() + 1000);
    await clock.tick(30_000);
    await expect.poll(mailJobs, { timeout: 10_000 }).toEqual({ retry: 3 });
    expect(smtp.received).toHaveLength(0);

    // Back: the next retry, 30 to 60 s after the failure, delivers each mail.
    await smtp.start();
    await clock.tick(61_000);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(3);
    await expect.poll(mailJobs, { timeout: 10_000 }).toEqual({ completed: 3 });

    // And only once: three hours later the queue, polling again, finds nothing left to send.
    await clock.setTime(clock.now() + 3 * 3600_000);
    await clock.tick(31_000);
    await jobsSettled(s.handle.db);
    expect(smtp.received).toHaveLength(3);
    expect(delivered(email).map((m) => m.raw)).toEqual([
      expect.stringContaining("Subject: Conferma il tuo indirizzo email"),
    ]);
    expect(delivered("team@argine.example").map((m) => m.raw)).toEqual([
      expect.stringContaining(`Subject: Pratica ${ticketCode}: serve una revisione`),
    ]);
    expect(delivered("cliente@demo.argine.it").map((m) => m.raw)).toEqual([
      // The lawyer's message as a notice (ADR 038): the subject is MIME-encoded for its accented letter.
      expect.stringContaining("il team ti ha scritto un messaggio sulla tua pratica"),
    ]);
  });
});
