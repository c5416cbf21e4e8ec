import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from "@argine/db/seed";
import { SERVER_LOG } from "./server.ts";

// No personal data in the server's log (issue 38): after the journeys (globalTeardown), the main server's log,
// written at LOG_LEVEL=debug, is searched for what the suite typed and sent: every e-mail address, codice
// fiscale, phone number, card number and token by its shape, and every text the journeys fill in or post
// (names, messages, notes, addresses, passwords) read from their sources. `node log-check.ts [log]` checks a log
// by hand.

const HERE = fileURLToPath(new URL(".", import.meta.url));

/** What a leak looks like whoever it is about. */
const SHAPES: [string, RegExp][] = [
  ["an e-mail address", /[\w.%+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/i],
  ["a codice fiscale", /\b[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]\b/i],
  ["a phone number", /(?<![\d.])(\+39[ ]?)?3\d{2}[ ]?\d{3}[ ]?\d{3,4}(?![\d.])/],
  ["a card number", /(?<![\d.])(4\d{3}|5[1-5]\d{2})[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}(?!\d)/],
  ["a JWT", /eyJ[\w-]{8,}\.eyJ[\w-]{8,}/],
  ["a bearer token", /Bearer [\w.-]{8,}/],
];

/** The texts the journeys type or send, read from their sources: `.fill("…")` and the bodies' free text. */
export function typedTexts(): string[] {
  const files = [
    ...readdirSync(join(HERE, "tests")).map((f) => join(HERE, "tests", f)),
    ...readdirSync(HERE)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => join(HERE, f)),
  ].filter((f) => f.endsWith(".ts") && !f.endsWith("log-check.ts"));
  const texts = new Set<string>([DEMO_PASSWORD, DEMO_TOTP_SECRET]);
  // A literal, or a template's words before its first `${…}`, filled in a field or sent as a body's free text
  // (from four letters: a surname is short). `name:` is left out: the locators name their buttons with it.
  const literal =
    /(?:\.fill\(\s*|\b(?:lastname|comment|text|description|message|note|subject|organization|address):\s*)(["`])([^"`$]{4,})/g;
  for (const file of files)
    for (const match of readFileSync(file, "utf8").matchAll(literal)) {
      const text = (match[2] ?? "").trim();
      // Digits alone (a code, a date) are found in any log by chance: the card shape above covers card numbers.
      // Codes (a practice's, a voucher's) name a case or an offer, not a person: a case's page has its code
      // in its address. Short words of a template ("Ciao, ") say nothing.
      if (/[a-z]/i.test(text) && !/^[A-Z\d-]+$/.test(text) && text.length >= 4) texts.add(text);
    }
  return [...texts];
}

/** Every finding in a log's JSON lines (the banner `npm start` prints for the operator is not the log). */
export function findPersonalData(log: string, texts = typedTexts()): string[] {
  const findings: string[] = [];
  for (const [index, line] of log.split("\n").entries()) {
    if (!line.startsWith("{")) continue;
    // Request ids (UUIDs, or nginx's 32 hex digits behind the proxy) hold digit runs that look like a phone or
    // a card: they name no one.
    const plain = line
      .replace(/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/gi, "<uuid>")
      .replace(/\b[\da-f]{16,}\b/gi, "<hex>");
    for (const [what, shape] of SHAPES) {
      const found = plain.match(shape);
      if (found) findings.push(`line ${index + 1}: ${what} (${found[0].slice(0, 6)}…)`);
    }
    for (const text of texts)
      if (line.includes(text)) findings.push(`line ${index + 1}: a typed text (${text.slice(0, 6)}…)`);
  }
  return findings;
}

export function checkServerLog(file = SERVER_LOG): void {
  const findings = findPersonalData(readFileSync(file, "utf8"));
  if (findings.length)
    throw new Error(
      `Personal data in the server's log ${file} (${findings.length}):\n${findings.slice(0, 30).join("\n")}`,
    );
  console.info(`The server's log holds none of what the journeys typed (${file}).`);
}

/** Playwright's globalTeardown (playwright.config.ts): after every journey of the run. */
export default function teardown(): void {
  checkServerLog();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) checkServerLog(process.argv[2]);
