import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import type { Actor } from "@argine/core/identity/policy";
import type { DbHandle } from "@argine/db/client";
import { practices, users } from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serviceDeps } from "../../test/service-deps.ts";
import { getReminders, sendDeadlineReminders, setReminders } from "./reminders-service.ts";

// The complaint deadline's reminders: 30, 7 and 1 days before, each once, in
// Italian days; none once the practice is closed, none without the opt-in. The clock is moved by hand, as
// the daily schedule would find it.

// A defamation known on 1 November 2026: the complaint is due by 1 February 2027 (art. 124 c.p.).
const answers = { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-01" };
const feedback = evaluateFeedback(answers as never, "2026-11-24");
// 08:00 in Rome: the schedule's hour.
const romeMorning = (day: string) => `${day}T07:00:00Z`;

describe.each(testDbKinds())("deadline reminders on %s", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let lawyer: Actor;
  let n = 0;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    const [user] = await handle.db
      .insert(users)
      .values({ email: "promemoria@example.org", name: "Giulia", lastname: "Prova" })
      .returning();
    client = { userId: user?.id as string, roles: [] };
    const [staff] = await handle.db
      .insert(users)
      .values({ email: "avvocata@example.org", name: "Anna", lastname: "Legale" })
      .returning();
    lawyer = { userId: staff?.id as string, roles: ["lawyer"], secondFactor: true };
  });
  // Each test counts the mails of its own practices: the earlier tests' are closed.
  beforeEach(async () => {
    await handle.db.update(practices).set({ status: "CLOSED" });
  });
  afterAll(() => handle.close());

  const newPractice = async (values: Partial<typeof practices.$inferInsert> = {}) => {
    const [row] = await handle.db
      .insert(practices)
      .values({
        ticketCode: `AR-REM${kind.slice(0, 2)}${++n}`,
        ownerId: client.userId,
        status: "OPEN",
        feedback,
        ...values,
      })
      .returning();
    return row as typeof practices.$inferSelect;
  };
  /** The mails each pass queues, one pass per day given. */
  const passes = async (days: string[]) => {
    const { deps, clock, jobs } = serviceDeps(handle.db, romeMorning(days[0] as string));
    const perDay: number[] = [];
    for (const day of days) {
      await clock.setTime(romeMorning(day));
      const before = jobs.mails.length;
      await sendDeadlineReminders(deps);
      perDay.push(jobs.mails.length - before);
    }
    return { perDay, mails: jobs.mails };
  };

  it("shows the countdown in Italian days and lets the owner opt in, not staff", async () => {
    const practice = await newPractice();
    // 23:30 UTC on 31 December is already 1 January in Rome: 31 days left.
    const { deps } = serviceDeps(handle.db, "2026-12-31T23:30:00Z");
    expect(await getReminders(deps, client, practice.id)).toEqual({
      enabled: false,
      complaintDeadline: "2027-02-01",
      daysLeft: 31,
      canChange: true,
    });
    expect((await setReminders(deps, client, practice.id, { enabled: true })).enabled).toBe(true);
    expect((await getReminders(deps, lawyer, practice.id)).canChange).toBe(false);
    await expect(setReminders(deps, lawyer, practice.id, { enabled: false })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await getReminders(deps, client, practice.id)).enabled).toBe(true);
  });

  it("sends each of the three reminders once, on its day", async () => {
    await newPractice({ deadlineReminders: true });
    const days = ["2026-12-01", "2027-01-01", "2027-01-02", "2027-01-02", "2027-01-20", "2027-01-25"];
    const more = ["2027-01-25", "2027-01-31", "2027-01-31", "2027-02-01", "2027-02-02"];
    const { perDay, mails } = await passes([...days, ...more]);
    expect(perDay).toEqual([0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0]);
    expect(mails.map((m) => [m.to, m.subject])).toEqual(
      Array(3).fill(["promemoria@example.org", "C'è una scadenza per la tua pratica"]),
    );
    // Neutral: nothing of the case beyond the link to it.
    expect(mails[0]?.text).not.toMatch(/diffamazione|querela|124/i);
    expect(mails[0]?.text).toContain("/dashboard/");
  });

  it("catches a missed day up with the nearest reminder only", async () => {
    await newPractice({ deadlineReminders: true });
    // Opted in (or the server down) until 5 days before: the 7 days' one, never the 30 days' one as well.
    const { perDay } = await passes(["2027-01-27", "2027-01-28", "2027-01-31"]);
    expect(perDay).toEqual([1, 0, 1]);
  });

  it("sends nothing without the opt-in, after opting out or once the practice is closed", async () => {
    const practice = await newPractice({ deadlineReminders: true });
    await newPractice();
    await newPractice({ deadlineReminders: true, status: "CLOSED" });
    const { deps, clock, jobs } = serviceDeps(handle.db, romeMorning("2027-01-02"));
    await sendDeadlineReminders(deps);
    expect(jobs.mails).toHaveLength(1);
    await handle.db.update(practices).set({ status: "CLOSED" }).where(eq(practices.id, practice.id));
    await expect(setReminders(deps, client, practice.id, { enabled: true })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    for (const day of ["2027-01-25", "2027-01-31"]) {
      await clock.setTime(romeMorning(day));
      await sendDeadlineReminders(deps);
    }
    expect(jobs.mails).toHaveLength(1);
  });
});
