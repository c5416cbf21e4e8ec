import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { findUserByEmail } from "@argine/db/queries/users";
import { legalizationSessions, practices, services } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, startIdentityServer } from "../../test/identity.ts";

// The daily passes as they run in production: pg-boss's schedule queues the reminders' and the
// retention's jobs at their hour, on the clock the test moves (TestClock), and their mails go out.

const DAY_MS = 24 * 3600 * 1000;

describe.each(testDbKinds())("the daily passes, on %s", (kind) => {
  let s: IdentityServer;
  const clock = new TestClock();

  beforeAll(async () => {
    s = await startIdentityServer(kind, {}, undefined, clock);
  });
  afterAll(() => s.close());

  it("mail the deadline reminder and the files' warning at their scheduled hours", async () => {
    const email = "cliente@demo.argine.it";
    const ownerId = (await findUserByEmail(s.handle.db, email))?.id as string;
    // A defamation known on 1 November 2026: the complaint is due by 1 February 2027, 30 days after the
    // 2 January the clock is moved to.
    const answers = { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-01" };
    const [practice] = await s.handle.db
      .insert(practices)
      .values({
        ticketCode: `AR-DAY${kind.slice(0, 2)}`,
        ownerId,
        status: "OPEN",
        feedback: evaluateFeedback(answers as never, "2026-11-24"),
        deadlineReminders: true,
      })
      .returning();
    const [service] = await s.handle.db
      .insert(services)
      .values({ practiceId: practice?.id as string, serviceType: "LEGALIZATION" })
      .returning();
    const passStart = new Date("2027-01-02T03:25:00Z");
    await s.handle.db.insert(legalizationSessions).values({
      serviceId: service?.id as string,
      provider: "sandbox",
      providerSessionId: `giornaliera-${kind}`,
      state: "CLOSED",
      startedAt: new Date(passStart.getTime() - 335 * DAY_MS),
      filesReadyAt: new Date(passStart.getTime() - 335 * DAY_MS),
      filesExpireAt: new Date(passStart.getTime() + 29 * DAY_MS),
    });
    const subjects = () => s.mailer.sent.filter((m) => m.to === email).map((m) => m.subject);

    await clock.setTime(passStart);
    await clock.tick(10 * 60_000);
    await expect
      .poll(subjects, { timeout: 10_000 })
      .toContain("Alcuni file della tua pratica saranno eliminati");
    expect(subjects()).not.toContain("C'è una scadenza per la tua pratica");

    await clock.setTime(new Date("2027-01-02T06:55:00Z"));
    await clock.tick(10 * 60_000);
    await expect.poll(subjects, { timeout: 10_000 }).toContain("C'è una scadenza per la tua pratica");
  });
});
