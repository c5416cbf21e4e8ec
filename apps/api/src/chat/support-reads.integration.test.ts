import type { Actor } from "@argine/core/identity/policy";
import type { DbHandle } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDeps } from "../../test/service-deps.ts";
import { CONVERSATION_MAIL_DELAY_SECONDS } from "../practices/practice-comments-service.ts";
import {
  answerSupport,
  mailSupportAnswer,
  readOwnThread,
  readStaffThread,
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
    expect(queued.map((job) => job.options?.startAfterSeconds)).toEqual([CONVERSATION_MAIL_DELAY_SECONDS]);
    await mailSupportAnswer(first.deps, queued[0]?.data as { threadId: string; messageId: string });
    expect(first.jobs.mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ["persona@example.it", "Il team di Argine ti ha risposto"],
    ]);
    expect(first.jobs.mails[0]?.text).not.toContain("password");
    expect(first.jobs.mails[0]?.text).toContain("stesso browser");

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
});
