import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { type Clock, now, systemClock } from "../clock.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the embedded outbox: each message is written as
 * an .eml file (what SMTP would have carried) plus a .json copy the demo mailbox page reads.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; outboxDir: string },
  clock: Clock = systemClock,
): Mailer {
  if (options.smtpUrl) {
    // nodemailer waits up to 2 minutes for a connection and 10 for a silent socket: a server that hangs would
    // hold the mail worker (one job at a time) that long. A failed send is retried by the job queue anyway.
    // The URL's own query parameters still win (smtp://host?socketTimeout=…).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await composer.sendMail({ from: options.from, ...mail });
      const createdAt = now(clock);
      const id = `${createdAt.toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(join(options.outboxDir, `${id}.eml`), info.message as Buffer);
      const entry: OutboxEntry = {
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        createdAt: createdAt.toISOString(),
      };
      await writeFile(join(options.outboxDir, `${id}.json`), JSON.stringify(entry));
    },
  };
}

/** The embedded outbox, newest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    names
      .filter((n) => n.endsWith(".json"))
      .map(async (n) => JSON.parse(await readFile(join(outboxDir, n), "utf8")) as OutboxEntry),
  );
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
