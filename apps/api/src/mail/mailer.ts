import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { type Clock, now, systemClock } from "../clock.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the text (a consultation's calendar invitation): text, as a job carries its mail as JSON. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** The MIME type with its parameters ("text/calendar; method=REQUEST; charset=utf-8"). */
  contentType: string;
  content: string;
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
  /** What was attached, without the content (served one by one: readOutboxAttachment). */
  attachments: OutboxAttachment[];
}

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Bytes. */
  size: number;
}

/** An outbox entry's id, as createMailer names them: nothing else is ever read from the folder. */
const OUTBOX_ID = /^[0-9TZ-]+-[0-9a-f]{8}$/;

/** The file holding an entry's attachment. */
const attachmentFile = (outboxDir: string, id: string, index: number) =>
  join(outboxDir, `${id}.attachment-${index}`);

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
      const attachments = mail.attachments ?? [];
      for (const [index, attachment] of attachments.entries())
        await writeFile(attachmentFile(options.outboxDir, id, index), attachment.content);
      const entry: OutboxEntry = {
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        createdAt: createdAt.toISOString(),
        attachments: attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          size: Buffer.byteLength(content),
        })),
      };
      // The entry's file is what makes the mail exist, so it appears whole or not at all: written aside, then
      // renamed. A process killed while writing it leaves a `.partial` nobody reads, and the job, not done,
      // sends the mail again (the crash drill found a half-written entry).
      const file = join(options.outboxDir, `${id}.json`);
      await writeFile(`${file}.partial`, JSON.stringify(entry));
      await rename(`${file}.partial`, file);
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
  // An entry that does not read (cut by a crash before entries were renamed into place) is left out, not
  // allowed to hide the others.
  const entries = await Promise.all(
    names
      .filter((n) => n.endsWith(".json"))
      .map(async (n) => {
        try {
          return JSON.parse(await readFile(join(outboxDir, n), "utf8")) as OutboxEntry;
        } catch {
          return null;
        }
      }),
  );
  return entries
    .filter((entry): entry is OutboxEntry => entry !== null)
    .map((entry) => ({ ...entry, attachments: entry.attachments ?? [] }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** One attachment of an outbox entry (its name, type and content), or null when there is none such. */
export async function readOutboxAttachment(
  outboxDir: string,
  id: string,
  index: number,
): Promise<(OutboxAttachment & { content: Buffer }) | null> {
  if (!OUTBOX_ID.test(id) || !Number.isInteger(index) || index < 0) return null;
  try {
    const entry = JSON.parse(await readFile(join(outboxDir, `${id}.json`), "utf8")) as OutboxEntry;
    const attachment = entry.attachments?.[index];
    if (!attachment) return null;
    return { ...attachment, content: await readFile(attachmentFile(outboxDir, id, index)) };
  } catch {
    return null;
  }
}
