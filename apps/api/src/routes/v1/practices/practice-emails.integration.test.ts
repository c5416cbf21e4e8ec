import type { PracticeSummary } from "@argine/core/practices/practices-api";
import { listPracticeEmails } from "@argine/db/queries/practices";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, signIn, startIdentityServer } from "../../../../test/identity.ts";
import type { Mail } from "../../../mail/mailer.ts";

// Issue 12: the lawyer's e-mail to a client was sent before the write that then failed (14 mails sent, 10
// recorded). It is now stored first and sent second; a failed send takes the record back.

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
    expect((await s.mailer.lastTo("cliente@demo.argine.it"))?.subject).toMatch(/AR-DEMO0001/);
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
