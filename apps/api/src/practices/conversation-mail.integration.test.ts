import type { Actor } from "@argine/core/identity/policy";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { practices } from "@argine/db/schema";
import { seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import { addComment, mailUnreadMessage, readComments } from "./practice-comments-service.ts";

// A message nobody read in time: its reader is mailed that it waits, once an hour at most, and the mail says
// nothing of the message or the case (ADR 030).

describe.each(testDbKinds())("the mail for a message left unread (%s)", (kind) => {
  let handle: DbHandle;
  let client: Actor;
  let lawyer: Actor;
  let practiceId: string;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}` });
    const user = async (email: string, roles: Actor["roles"]) => ({
      userId: (await findUserByEmail(handle.db, email))?.id ?? "",
      roles,
    });
    client = await user("cliente@demo.argine.it", []);
    // Signed in with the second factor a lawyer needs to open a case (ADR 036).
    lawyer = { ...(await user("avvocato@demo.argine.it", ["lawyer"])), secondFactor: true };
    const [practice] = await handle.db
      .update(practices)
      .set({ assignedLawyerId: lawyer.userId })
      .where(eq(practices.ticketCode, "AR-DEMO0001"))
      .returning({ id: practices.id });
    practiceId = practice?.id ?? "";
  });
  afterAll(() => handle.close());

  it("is queued with the message, to run once a reader on the page would have read it", async () => {
    const { deps, jobs } = serviceDeps(handle.db);
    const comment = await addComment(deps, client, practiceId, "Mi rispondete?");
    const queued = jobs.sent.filter((job) => job.queue === "conversation-mail");
    expect(queued.map((job) => job.data)).toEqual([{ commentId: comment.id }]);
    // Not at once: a reader on the page reads it live first.
    expect(queued.map((job) => job.options?.startAfterSeconds)).toEqual([
      testConfig().conversationMailDelaySeconds,
    ]);
    expect(testConfig().conversationMailDelaySeconds).toBeGreaterThanOrEqual(60);
  });

  it("mails the lawyer in charge once an hour at most, and never the text or the case", async () => {
    const at = new Date("2026-11-27T21:00:00Z");
    const first = serviceDeps(handle.db, at);
    const comment = await addComment(first.deps, client, practiceId, "Il post è ancora online, lo vedete?");
    await mailUnreadMessage(first.deps, comment.id);
    expect(first.jobs.mails.map((mail) => mail.to)).toEqual(["avvocato@demo.argine.it"]);
    const mail = first.jobs.mails[0];
    expect(mail?.subject).toBe("Hai un nuovo messaggio su Argine");
    expect(mail?.text).not.toContain("post");
    expect(mail?.text).not.toContain("AR-DEMO0001");
    expect(mail?.text).toContain("/dashboard/practices");

    // Another message within the hour: no second mail.
    const soon = serviceDeps(handle.db, new Date(at.getTime() + 30 * 60_000));
    const again = await addComment(soon.deps, client, practiceId, "Scusate l'insistenza.");
    await mailUnreadMessage(soon.deps, again.id);
    expect(soon.jobs.mails).toEqual([]);

    // After the hour, one more.
    const later = serviceDeps(handle.db, new Date(at.getTime() + 61 * 60_000));
    const third = await addComment(later.deps, client, practiceId, "Ci siete?");
    await mailUnreadMessage(later.deps, third.id);
    expect(later.jobs.mails.map((m) => m.to)).toEqual(["avvocato@demo.argine.it"]);
  });

  it("mails nobody when the message was read in time", async () => {
    const at = new Date("2026-11-28T09:00:00Z");
    const { deps, jobs } = serviceDeps(handle.db, at);
    const answer = await addComment(deps, lawyer, practiceId, "Sì, ce ne occupiamo oggi.");
    await readComments(deps, client, practiceId, answer.id);
    await mailUnreadMessage(deps, answer.id);
    expect(jobs.mails).toEqual([]);

    // Unread, the client is mailed instead (the reader of staff's messages).
    const next = await addComment(deps, lawyer, practiceId, "Le serve altro?");
    await mailUnreadMessage(deps, next.id);
    expect(jobs.mails.map((mail) => mail.to)).toEqual(["cliente@demo.argine.it"]);
  });
});
