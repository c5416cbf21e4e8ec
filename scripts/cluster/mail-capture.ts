import { randomBytes } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import { SMTPServer } from "smtp-server";
import type { OutboxEntry } from "../../apps/api/src/mail/mailer.ts";

// The cluster's mail server: an SMTP server (smtp-server) that accepts every mail and keeps it in memory, and
// a loopback HTTP server that serves them read-only in the demo mailbox's shape (readOutbox in
// apps/api/src/mail/mailer.ts), at the demo mailbox's own paths, so e2e/support.ts reads them as it reads the
// demo mailbox: GET /v1/dev/mailbox (the list, newest first), GET /v1/dev/mailbox/:id/attachments/:index
// (a file), and /dev/mailbox, a plain page like the web's mailbox page (a button a mail, then the mail).
// No key: it listens on loopback only and lives as long as the cluster.

/** A mail as the demo mailbox serves it (readOutbox's entry), so the journeys read both alike. */
export type CapturedMail = OutboxEntry;

interface Stored extends CapturedMail {
  contents: Buffer[];
}

export interface MailCapture {
  smtpUrl: string;
  /** The HTTP server's origin (http://127.0.0.1:port). */
  url: string;
  close(): Promise<void>;
}

export async function startMailCapture(smtpPort: number, httpPort: number): Promise<MailCapture> {
  const mails: Stored[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(", ");
        mails.push(parseMail(Buffer.concat(chunks).toString("latin1"), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", resolve);
  });
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method !== "GET" && request.method !== "HEAD") return send(response, 405, "text/plain", "");
    const newestFirst = [...mails].reverse();
    if (url.pathname === "/v1/dev/mailbox")
      return send(response, 200, "application/json", JSON.stringify(newestFirst.map(publicView)));
    const attachment = /^\/v1\/dev\/mailbox\/([\w-]+)\/attachments\/(\d+)$/.exec(url.pathname);
    if (attachment) {
      const mail = mails.find((m) => m.id === attachment[1]);
      const index = Number(attachment[2]);
      const meta = mail?.attachments[index];
      const content = mail?.contents[index];
      if (!meta || !content) return send(response, 404, "text/plain", "");
      response.setHeader("content-disposition", `attachment; filename="${meta.filename.replace(/"/g, "")}"`);
      return send(response, 200, meta.contentType, content);
    }
    if (url.pathname === "/dev/mailbox")
      return send(response, 200, "text/html; charset=utf-8", page(newestFirst, url.searchParams.get("id")));
    send(response, 404, "text/plain", "");
  });
  await listen(http, httpPort);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => http.close(resolve)),
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
      ]);
    },
  };
}

const publicView = ({ contents: _, ...mail }: Stored): CapturedMail => mail;

function send(response: ServerResponse, status: number, type: string, body: string | Buffer) {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  response.end(body);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mailbox page: a button a mail (subject, "A: …"), the chosen mail below as an article. */
function page(mails: CapturedMail[], selectedId: string | null): string {
  const selected = mails.find((m) => m.id === selectedId);
  const items = mails
    .map(
      (m) =>
        `<li><form method="get"><input type="hidden" name="id" value="${m.id}"><button>` +
        `<span>${escapeHtml(m.subject)}</span> <span>A: ${escapeHtml(m.to)}</span> <span>${m.createdAt}</span>` +
        "</button></form></li>",
    )
    .join("\n");
  const article = selected
    ? `<article aria-labelledby="subject"><h2 id="subject">${escapeHtml(selected.subject)}</h2>` +
      `<p>A: ${escapeHtml(selected.to)} · ${selected.createdAt}</p>` +
      `<pre style="white-space: pre-wrap">${escapeHtml(selected.text)}</pre>` +
      selected.attachments
        .map(
          (a, index) =>
            `<p><a href="/v1/dev/mailbox/${selected.id}/attachments/${index}" download="${escapeHtml(a.filename)}">Scarica ${escapeHtml(a.filename)}</a> (${a.size} byte)</p>`,
        )
        .join("")
    : "<p>Scegli un messaggio dall'elenco per leggerlo.</p>";
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Posta del cluster</title></head><body><main>
<h1>Posta catturata dal cluster</h1><p role="status">${mails.length} messaggi</p>
<ul aria-label="Messaggi">${items}</ul>${article}</main></body></html>`;
}

// A small MIME reader for what nodemailer writes: headers with RFC 2047 words, multipart bodies, and
// quoted-printable or base64 parts.

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const end = /\r?\n\r?\n/.exec(raw);
  const head = end ? raw.slice(0, end.index) : raw;
  const body = end ? raw.slice(end.index + end[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header parameter (`boundary`, `filename`, `name`), RFC 2231's `name*=utf-8''…` too. */
function param(value: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}(\\*?)=("([^"]*)"|[^;\\s]+)`, "i").exec(value);
  if (!match) return null;
  const text = match[3] ?? match[2] ?? "";
  return match[1] ? decodeURIComponent(text.replace(/^[^']*'[^']*'/, "")) : text;
}

/** The bytes of a latin1 string (what the SMTP stream was read as). */
const bytes = (text: string) => Buffer.from(text, "latin1");

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, "");
  const out: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else out.push(joined.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return bytes(part.body);
}

const charsetOf = (type: string) => param(type, "charset") ?? "utf-8";
const asText = (buffer: Buffer, charset: string) =>
  new TextDecoder(charset).decode(buffer).replace(/\r\n/g, "\n");

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), the blanks between two of them dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const buffer =
        kind.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : decodeQuotedPrintable(text.replace(/_/g, " "));
      return new TextDecoder(charset).decode(buffer);
    });
}

function parseMail(raw: string, to: string): Stored {
  const mail: Stored = {
    id: `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`,
    to,
    subject: "",
    text: "",
    html: null,
    createdAt: new Date().toISOString(),
    attachments: [],
    contents: [],
  };
  const top = splitPart(raw);
  mail.subject = decodeWords(top.headers.get("subject") ?? "");
  const walk = (part: Part) => {
    const type = part.headers.get("content-type") ?? "text/plain";
    const boundary = param(type, "boundary");
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = part.body.split(`--${boundary}`);
      // Before the first boundary is the preamble; after the closing one (`--boundary--`), the epilogue.
      for (const piece of pieces.slice(1)) {
        if (piece.startsWith("--")) break;
        walk(splitPart(piece.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
      }
      return;
    }
    const disposition = part.headers.get("content-disposition") ?? "";
    const filename = param(disposition, "filename") ?? param(type, "name");
    const content = decodeBody(part);
    if (/^attachment/i.test(disposition) || filename) {
      mail.attachments.push({
        filename: decodeWords(filename ?? "allegato"),
        // As the mail was given to the mailer: without the name MIME adds.
        contentType: type.replace(/;\s*name\*?=("[^"]*"|[^;]+)/i, ""),
        size: content.length,
      });
      mail.contents.push(content);
    } else if (/^text\/html/i.test(type)) mail.html ??= asText(content, charsetOf(type));
    else if (/^text\//i.test(type) && !mail.text) mail.text = asText(content, charsetOf(type));
  };
  walk(top);
  return mail;
}
