import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import type { Actor } from "@argine/core/identity/policy";
import { SUPPORT_MAIL_LINK_DAYS } from "@argine/core/support/support-api";
import type { DbHandle } from "@argine/db/client";
import { findThread } from "@argine/db/queries/support";
import { findUserByEmail } from "@argine/db/queries/users";
import { seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { serviceDeps } from "../../test/service-deps.ts";
import {
  answerSupport,
  closeOwnThread,
  inbox,
  mailSupportAnswer,
  readOwnThread,
  readStaffThread,
  resumeFromMail,
  staffSupportThread,
  supportThread,
  writeToSupport,
} from "./support-service.ts";

// How far each side of a support thread has read (ADR 030), and the mail telling a person who left an address
// that the team answered: not when they read it in time, once an hour at most, never the answer's text.

describe.each(testDbKinds())("the support chat's read marks and answer mail (%s)", (kind) => {
  let handle: DbHandle;
  let lawyer: Actor;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}` });
    lawyer = {
      userId: (await findUserByEmail(handle.db, "avvocato@demo.argine.it"))?.id ?? "",
      roles: ["lawyer"],
    };
  });
  afterAll(() => handle.close());

  /** A visitor's new thread, with an address for the answer. */
  const visitorThread = async (at: Date, text: string) => {
    const { deps } = serviceDeps(handle.db, at);
    const opened = await writeToSupport(deps, null, null, { text, email: "persona@example.it" });
    return { threadId: opened.threadId, token: opened.token ?? "", first: opened.messages[0]?.id ?? "" };
  };

  it("keeps each side's read mark, shown to the other side, never moving backwards", async () => {
    const at = new Date("2026-12-01T10:00:00Z");
    const { deps } = serviceDeps(handle.db, at);
    const { threadId, token, first } = await visitorThread(at, "Avete letto il mio messaggio?");
    expect((await supportThread(deps, null, token)).reads).toEqual({ mine: null, theirs: null });

    const answered = await answerSupport(deps, lawyer, threadId, "Sì, eccoci.");
    const answer = answered.messages.at(-1)?.id ?? "";
    // Opening the thread was staff's reading up to the newest line: the person sees "Letto dal team".
    const staffReads = await readStaffThread(deps, lawyer, threadId, answer);
    expect(staffReads.mine).not.toBeNull();
    expect((await supportThread(deps, null, token)).reads.theirs).toBe(staffReads.mine);

    const personReads = await readOwnThread(deps, null, token, answer);
    expect((await staffSupportThread(deps, lawyer, threadId)).reads).toEqual({
      mine: staffReads.mine,
      theirs: personReads.mine,
    });
    // A stale tab marking an older line changes nothing.
    expect(await readOwnThread(deps, null, token, first)).toEqual(personReads);
  });

  it("mails the person who left an address that the team answered, unless they read it in time", async () => {
    const at = new Date("2026-12-02T10:00:00Z");
    const first = serviceDeps(handle.db, at);
    const { threadId, token } = await visitorThread(at, "Mi hanno rubato il profilo Instagram.");
    const answered = await answerSupport(
      first.deps,
      lawyer,
      threadId,
      "Cambia subito la password della mail.",
    );
    const queued = first.jobs.sent.filter((job) => job.queue === "support-mail");
    expect(queued.map((job) => job.options?.startAfterSeconds)).toEqual([
      testConfig().conversationMailDelaySeconds,
    ]);
    await mailSupportAnswer(first.deps, queued[0]?.data as { threadId: string; messageId: string });
    expect(first.jobs.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ["persona@example.it", "Hai una risposta alla tua domanda"],
    ]);
    expect(first.jobs.mails[0]?.text).not.toContain("password");
    // The way back is a link that opens the thread, not "the same browser".
    expect(first.jobs.mails[0]?.text).toMatch(/#riprendi-chat=[A-Za-z0-9_-]{43}/);

    // A second answer within the hour: no second mail.
    const soon = serviceDeps(handle.db, new Date(at.getTime() + 20 * 60_000));
    const again = await answerSupport(soon.deps, lawyer, threadId, "E attiva la verifica in due passaggi.");
    await mailSupportAnswer(soon.deps, { threadId, messageId: again.messages.at(-1)?.id ?? "" });
    expect(soon.jobs.mails).toEqual([]);

    // After the hour, an answer the person read live mails nobody.
    const later = serviceDeps(handle.db, new Date(at.getTime() + 90 * 60_000));
    const third = await answerSupport(later.deps, lawyer, threadId, "Fatto?");
    const seen = third.messages.at(-1)?.id ?? "";
    await readOwnThread(later.deps, null, token, seen);
    await mailSupportAnswer(later.deps, { threadId, messageId: seen });
    expect(later.jobs.mails).toEqual([]);
    expect(answered.messages).toHaveLength(2);
  });

  it("mails a client's account address for an answer in their thread", async () => {
    const at = new Date("2026-12-03T10:00:00Z");
    const { deps, jobs } = serviceDeps(handle.db, at);
    const client: Actor = {
      userId: (await findUserByEmail(handle.db, "cliente@demo.argine.it"))?.id ?? "",
      roles: [],
    };
    const { threadId } = await supportThread(deps, client, null);
    const answered = await answerSupport(deps, lawyer, threadId, "Sì, puoi: scrivici il suo nome.");
    await mailSupportAnswer(deps, { threadId, messageId: answered.messages.at(-1)?.id ?? "" });
    expect(jobs.mails.map((mail) => mail.to)).toEqual(["cliente@demo.argine.it"]);
    expect(jobs.mails[0]?.text).toContain("accedi al tuo account");
  });

  it("closes a visitor's thread at the quick exit, and the mail's link opens it on another device, once", async () => {
    const at = new Date("2026-12-04T22:00:00Z");
    const { deps } = serviceDeps(handle.db, at);
    const { threadId, token } = await visitorThread(at, "Ho paura, mi minaccia di pubblicare tutto.");
    await closeOwnThread(deps, token);
    // Her browser's token opens it no more, and staff see it closed, nobody waiting.
    await expect(supportThread(deps, null, token)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(closeOwnThread(deps, token)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const line = (await inbox(deps, lawyer)).data.find((t) => t.threadId === threadId);
    expect(line).toMatchObject({ closedAt: at.toISOString(), awaitingReplySince: null });
    expect(line?.who).toMatch(/^Visitatore [0-9A-F]{3}$/);
    expect(line?.firstWords).toBe("Ho paura, mi minaccia di pubblicare tutto.");

    // Staff answer anyway: the mail carries a link, its token stored only as a hash.
    const answered = await answerSupport(deps, lawyer, threadId, "Siamo qui: non cancellare i messaggi.");
    const mailing = serviceDeps(handle.db, at);
    await mailSupportAnswer(mailing.deps, { threadId, messageId: answered.messages.at(-1)?.id ?? "" });
    const text = mailing.jobs.mails[0]?.text ?? "";
    expect(text).not.toContain("non cancellare");
    const link = /#riprendi-chat=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
    expect(link).not.toBe("");
    const row = await findThread(handle.db, threadId);
    expect(row?.mailLinkHash).not.toBe(link);
    expect(row?.mailLinkHash).toMatch(/^[0-9a-f]{64}$/);

    // Another device, the next day: the link opens the thread with the answer, and a new token to keep.
    const nextDay = serviceDeps(handle.db, new Date(at.getTime() + 24 * 3600_000)).deps;
    const resumed = await resumeFromMail(nextDay, link);
    expect(resumed.threadId).toBe(threadId);
    expect(resumed.messages.at(-1)?.text).toBe("Siamo qui: non cancellare i messaggi.");
    const kept = resumed.token ?? "";
    expect((await supportThread(nextDay, null, kept)).threadId).toBe(threadId);
    // Once only; and the thread is open again (no longer closed in the inbox).
    await expect(resumeFromMail(nextDay, link)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await inbox(nextDay, lawyer)).data.find((t) => t.threadId === threadId)?.closedAt).toBeNull();
  });

  it("refuses the mail's link after SUPPORT_MAIL_LINK_DAYS", async () => {
    const at = new Date("2026-12-05T10:00:00Z");
    const { deps, jobs } = serviceDeps(handle.db, at);
    const { threadId } = await visitorThread(at, "Una domanda veloce.");
    const answered = await answerSupport(deps, lawyer, threadId, "Eccoci.");
    await mailSupportAnswer(deps, { threadId, messageId: answered.messages.at(-1)?.id ?? "" });
    const link = /#riprendi-chat=([A-Za-z0-9_-]{43})/.exec(jobs.mails[0]?.text ?? "")?.[1] ?? "";
    const late = serviceDeps(
      handle.db,
      new Date(at.getTime() + (SUPPORT_MAIL_LINK_DAYS * 24 + 1) * 3600_000),
    );
    await expect(resumeFromMail(late.deps, link)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: CONVERSATION_MESSAGES.mailLinkGone,
    });
  });

  it("opens the thread once when the mail's link is followed twice at the same moment", async () => {
    const at = new Date("2026-12-06T10:00:00Z");
    const { deps, jobs } = serviceDeps(handle.db, at);
    const { threadId } = await visitorThread(at, "Clicco due volte sul link.");
    const answered = await answerSupport(deps, lawyer, threadId, "Eccoci.");
    await mailSupportAnswer(deps, { threadId, messageId: answered.messages.at(-1)?.id ?? "" });
    const link = /#riprendi-chat=([A-Za-z0-9_-]{43})/.exec(jobs.mails[0]?.text ?? "")?.[1] ?? "";
    const both = await Promise.allSettled([resumeFromMail(deps, link), resumeFromMail(deps, link)]);
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  });
});
