import { CONSULTATION_TOKEN_HEADER } from "@argine/core/consultation/consultation-terms";
import { testDbKinds } from "@argine/db/testing";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, randomIp, startIdentityServer } from "../../test/identity.ts";

// The reminder as it runs in production: pg-boss's hourly schedule queues `consultation-reminders` on the
// clock the test moves, its worker claims the consultation due within a day and the mail goes out, once.

describe.each(testDbKinds())("the consultations' reminder pass, on %s", (kind) => {
  let s: IdentityServer;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startIdentityServer(kind, {}, undefined, clock);
  });
  afterAll(() => s.close());

  it("mails the reminder the day before, at the first hourly pass, and only once", async () => {
    const email = `promemoria-${kind}@example.org`;
    await clock.setTime(new Date("2027-03-19T10:00:00Z"));
    // The demo's hours (Monday to Friday) offer Monday 22 March 2027 at 10:00 Rome (09:00Z).
    const booked = await fetch(`${s.base}/v1/consultations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        name: "Paola Neri",
        email,
        phone: "3331112222",
        kind: "video",
        startsAt: "2027-03-22T09:00:00Z",
        privacyAccepted: true,
      }),
    });
    expect(booked.status).toBe(201);
    const subjects = () => s.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
    await expect.poll(subjects, { timeout: 10_000 }).toEqual(["Conferma la tua consulenza gratuita"]);
    // She confirms from the request's link.
    const token = s.mailer.sent.find((m) => m.to === email)?.text.match(/gestisci\?t=([\w.-]+)/)?.[1] ?? "";
    const confirmed = await fetch(`${s.base}/v1/consultations/manage/confirm`, {
      method: "POST",
      headers: { [CONSULTATION_TOKEN_HEADER]: token, "x-forwarded-for": randomIp() },
    });
    expect(confirmed.status).toBe(200);
    await expect
      .poll(subjects, { timeout: 10_000 })
      .toEqual([
        "Conferma la tua consulenza gratuita",
        "Consulenza gratuita fissata: lunedì 22 marzo 2027 alle 10:00",
      ]);

    // Sunday 08:05Z, 09:05 in Rome: the 08:10Z pass finds it 24 h 50 min away, too early.
    await clock.setTime(new Date("2027-03-21T08:05:00Z"));
    await clock.tick(10 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(subjects()).toHaveLength(2);
    // The 09:10Z pass: 23 h 50 min away, reminded.
    await clock.setTime(new Date("2027-03-21T09:05:00Z"));
    await clock.tick(10 * 60_000);
    await expect
      .poll(subjects, { timeout: 10_000 })
      .toContain("Promemoria: consulenza gratuita lunedì 22 marzo 2027 alle 10:00");
    // The 10:10Z pass: already reminded.
    await clock.setTime(new Date("2027-03-21T10:05:00Z"));
    await clock.tick(10 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(subjects()).toHaveLength(3);
  }, 60_000); // four mail rounds through the real queue, the request's confirmation among them
});
