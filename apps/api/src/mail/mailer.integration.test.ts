import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestSmtp, testSmtp } from "../../test/smtp.ts";
import { createMailer, readOutbox } from "./mailer.ts";
import { passwordResetMail } from "./templates.ts";

describe("mail adapter", () => {
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await testSmtp();
    await smtp.start();
  });
  afterAll(() => smtp.stop());

  it("sends through SMTP when SMTP_URL is set", async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Argine <no-reply@argine.example>",
      outboxDir: join(tmpdir(), "unused"),
    });
    await mailer.send(
      passwordResetMail("giulia@example.org", "Giulia", "https://argine.example/account/reset?token=abc"),
    );
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["giulia@example.org"]);
    expect(smtp.received[0]?.from).toBe("no-reply@argine.example");
    expect(smtp.received[0]?.raw).toContain("Subject: Scegli una nuova password");
  });

  it("otherwise writes .eml files to the outbox, listed newest first for the demo mailbox", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "argine-outbox-"));
    const mailer = createMailer({ smtpUrl: undefined, from: "Argine <no-reply@argine.example>", outboxDir });
    await mailer.send({ to: "a@example.org", subject: "Prima", text: "uno" });
    await mailer.send({ to: "b@example.org", subject: "Seconda", text: "due" });
    const mails = await readOutbox(outboxDir);
    expect(mails.map((m) => m.subject)).toEqual(["Seconda", "Prima"]);
    const eml = readFileSync(join(outboxDir, `${mails[0]?.id}.eml`), "utf8");
    expect(eml).toContain("To: b@example.org");
    expect(eml).toContain("Subject: Seconda");
  });

  it("lists the others when an entry was cut by a crash, and leaves no entry file being written", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "argine-outbox-"));
    const mailer = createMailer({ smtpUrl: undefined, from: "Argine <no-reply@argine.example>", outboxDir });
    await mailer.send({ to: "a@example.org", subject: "Intera", text: "uno" });
    // What a process killed in the middle of the old single write left: half an entry.
    writeFileSync(join(outboxDir, "2026-12-04T23-20-00-000Z-0badc0de.json"), '{"id":"2026-12-04T23-20');
    expect((await readOutbox(outboxDir)).map((m) => m.subject)).toEqual(["Intera"]);
    expect(readdirSync(outboxDir).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });
});
