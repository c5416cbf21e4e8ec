import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/ports.ts";
import { createMailer, readOutbox } from "./mailer.ts";
import { passwordResetMail } from "./templates.ts";

describe("mail adapter", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => {
          raw += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends through SMTP when SMTP_URL is set", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Argine <no-reply@argine.example>",
      outboxDir: join(tmpdir(), "unused"),
    });
    await mailer.send(
      passwordResetMail("giulia@example.org", "Giulia", "https://argine.example/account/reset?token=abc"),
    );
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(["giulia@example.org"]);
    expect(received[0]?.from).toBe("no-reply@argine.example");
    expect(received[0]?.raw).toContain("Subject: Scegli una nuova password");
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
});
