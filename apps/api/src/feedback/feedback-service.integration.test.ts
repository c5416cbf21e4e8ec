import type { FeedbackRequest } from "@argine/core/feedback/answers";
import type { DbHandle } from "@argine/db/client";
import { practices } from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revengePornAnswers } from "../../test/feedback-answers.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import { submitFeedback } from "./feedback-service.ts";

// The submission as a use case, without HTTP (the route's behaviour: routes/v1/feedback). 23:30 UTC on
// 31 March is already 1 April in Rome: the day the answers are judged on comes from the clock, in Rome.
const AT = "2031-03-31T23:30:00Z";

/** The images of a minor aged 14 or more: the engine asks for a person first. */
const minorImages = (firstEventDate: string, lastEventDate: string) =>
  ({
    answers: {
      ...revengePornAnswers(firstEventDate, lastEventDate),
      victimIsMinor: true,
      victimAge14Plus: true,
    },
    statementOfTruth: true,
    privacyAccepted: true,
  }) as FeedbackRequest;

describe.each(testDbKinds())("the questionnaire's submission on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());
  const stored = async () => (await handle.db.select({ n: count() }).from(practices))[0]?.n ?? 0;

  it("judges the answers on the clock's day in Rome and dates the claim token from the clock", async () => {
    const { deps, jobs } = serviceDeps(handle.db, AT);
    const created = await submitFeedback(deps, null, minorImages("2031-03-20", "2031-04-01"));
    expect(created.feedback.asOf).toBe("2031-04-01");
    const [row] = await handle.db.select().from(practices).where(eq(practices.id, created.practiceId));
    expect(row?.claimTokenExpiresAt?.toISOString()).toBe("2031-04-02T23:30:00.000Z");
    // A person must look first: the team's alert is queued in the practice's transaction, not on the pool.
    expect(jobs.sent).toHaveLength(1);
    expect(jobs.sent[0]?.queue).toBe("mail");
    expect(jobs.mails[0]?.subject).toContain(created.ticketCode);
    expect(jobs.sent[0]?.tx).not.toBe(handle.db);

    // A day after the clock's is in the future, and nothing is stored.
    const before = await stored();
    await expect(submitFeedback(deps, null, minorImages("2031-03-20", "2031-04-02"))).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await stored()).toBe(before);
  });

  it("stores no practice when its alert cannot be queued", async () => {
    const { deps, jobs } = serviceDeps(handle.db, AT);
    jobs.failing = true;
    const before = await stored();
    await expect(submitFeedback(deps, null, minorImages("2031-03-20", "2031-03-30"))).rejects.toThrow(
      "job not stored",
    );
    expect(await stored()).toBe(before);
  });
});
