import type { PracticeSummary } from "@argine/core/practices/practices-api";
import type { Db } from "@argine/db/client";
import { listPracticeEmails } from "@argine/db/queries/practices";
import { testDbKinds } from "@argine/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens, type IdentityServer, signIn, startIdentityServer } from "../../../../test/identity.ts";
import { systemClock } from "../../../clock.ts";
import { createJobQueue } from "../../../jobs/job-queue.ts";
import type { Mail } from "../../../mail/mailer.ts";

// The lawyer's e-mail to a client was once sent before the write that then failed (14 mails sent, 10
// recorded). Now the record and its mail job are written in one transaction; the mail leaves from the
// job queue once the transaction has committed.

describe("the lawyer's e-mail to a client", () => {
  let s: IdentityServer;
  let lawyer = "";
  let practiceId = "";
  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    lawyer = (await signIn(s, "avvocato@demo.argine.it", "Demo!Argine2026")).tokens?.access_token ?? "";
    const list = await fetch(`${s.base}/v1/practices?q=demo0001`, {
      headers: { authorization: `Bearer ${lawyer}` },
    });
    practiceId = ((await list.json()) as { data: PracticeSummary[] }).data[0]?.practiceId ?? "";
  });
  afterAll(() => s.close());

  const send = (body: unknown) =>
    fetch(`${s.base}/v1/practices/${practiceId}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${lawyer}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const stored = async () => (await listPracticeEmails(s.handle.db, practiceId)).map((r) => r.email.subject);

  it("is stored before it is sent", async () => {
    const seenAtSend: string[][] = [];
    const send0 = s.mailer.send.bind(s.mailer);
    s.mailer.send = async (mail: Mail) => {
      seenAtSend.push(await stored());
      await send0(mail);
    };
    try {
      const res = await send({ subject: "Documenti mancanti", body: "Ci servono gli screenshot." });
      expect(res.status).toBe(201);
    } finally {
      s.mailer.send = send0;
    }
    expect(seenAtSend).toHaveLength(1);
    expect(seenAtSend[0]).toContain("Documenti mancanti");
  });

  it("mails the client a notice with the link, and the lawyer's words only to a client who asked for them", async () => {
    const client = (await signIn(s, "cliente@demo.argine.it", "Demo!Argine2026")).tokens?.access_token ?? "";
    const fullText = (on: boolean) =>
      fetch(`${s.base}/v1/users/me`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${client}`, "content-type": "application/json" },
        body: JSON.stringify({ mailFullText: on }),
      });
    // lastTo waits until the queue has delivered what was queued.
    const mailed = async (subject: string) => {
      expect((await send({ subject, body: "Il referto del pronto soccorso di martedì." })).status).toBe(201);
      return (await s.mailer.lastTo("cliente@demo.argine.it")) as Mail;
    };

    const notice = await mailed("Il referto");
    expect(notice.subject).toBe("C'è un nuovo messaggio sulla tua pratica");
    expect(notice.text).not.toMatch(/referto|pronto soccorso/i);

    const me = await fullText(true);
    expect(((await me.json()) as { mailFullText: boolean }).mailFullText).toBe(true);
    const full = await mailed("Il certificato");
    expect(full.subject).toBe("C'è un nuovo messaggio sulla tua pratica");
    expect(full.text).toContain("Il certificato");
    expect(full.text).toContain("Il referto del pronto soccorso di martedì.");

    expect((await fullText(false)).status).toBe(200);
  });

  it("is neither sent nor stored when its text is refused", async () => {
    const before = s.mailer.sent.length;
    const res = await send({ subject: "Oggetto\u0000nascosto", body: "Testo" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Il testo contiene caratteri non ammessi.",
    );
    expect(s.mailer.sent.length).toBe(before);
    expect(await stored()).not.toContain("Oggetto\u0000nascosto");
  });

  it("is stored and answered at once when the mail server fails: the mail waits for its retry", async () => {
    const send0 = s.mailer.send.bind(s.mailer);
    let attempts = 0;
    s.mailer.send = async () => {
      attempts++;
      throw Object.assign(new Error("421 try again later"), { code: "ECONNECTION" });
    };
    try {
      const res = await send({ subject: "Partirà più tardi", body: "Testo" });
      expect(res.status).toBe(201);
      expect(await stored()).toContain("Partirà più tardi");
      await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      s.mailer.send = send0;
    }
  });
});

describe.each(testDbKinds())("a practices use case failing after its first write, on %s", (kind) => {
  let s: IdentityServer;
  let lawyer = "";
  let practiceId = "";
  /** How many e-mails the failing job queue saw stored, through the use case's own transaction. */
  const seenAtFailure: number[] = [];
  const count = async (db: Db, table: string) => {
    const { rows } = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    return rows[0]?.n ?? 0;
  };
  beforeAll(async () => {
    // The real queue, except that queueing a job fails: after the audit line and the e-mail's row.
    s = await startIdentityServer(kind, {}, (handle) => {
      const jobs = createJobQueue(handle, systemClock);
      return {
        jobs: {
          ...jobs,
          send: async (tx) => {
            seenAtFailure.push(await count(tx, "practice_emails"));
            throw new Error("job queue unavailable");
          },
        },
      };
    });
    ({ lawyer } = await demoTokens(s));
    const list = await fetch(`${s.base}/v1/practices?q=demo0001`, {
      headers: { authorization: `Bearer ${lawyer}` },
    });
    practiceId = ((await list.json()) as { data: PracticeSummary[] }).data[0]?.practiceId ?? "";
  });
  afterAll(() => s.close());

  it("leaves no row, no audit line and no job: the lawyer's e-mail whose mail job cannot be queued", async () => {
    const tables = ["practice_emails", "audit_log", "pgboss.job"];
    const before = await Promise.all(tables.map((t) => count(s.handle.db, t)));
    const res = await fetch(`${s.base}/v1/practices/${practiceId}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${lawyer}`, "content-type": "application/json" },
      body: JSON.stringify({ subject: "Non partirà", body: "Testo" }),
    });
    expect(res.status).toBe(500);
    // The failure came after the first writes: the e-mail was stored in the transaction when it struck.
    expect(seenAtFailure).toEqual([(before[0] ?? 0) + 1]);
    expect(await Promise.all(tables.map((t) => count(s.handle.db, t)))).toEqual(before);
  });
});
