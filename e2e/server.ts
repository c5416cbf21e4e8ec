import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// What the tests share with the server playwright.config.ts starts.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

// The demo mailbox's key for the e2e server (DEV_MAILBOX_KEY in playwright.config.ts), which the journeys
// need to read the mailed links. Only ever a loopback test server, started fresh for each run.
export const E2E_MAILBOX_KEY = "e2e-casella-di-prova-chiave-fissa";

/** The demo mailbox page, with its key. */
export const MAILBOX_URL = `/dev/mailbox?key=${E2E_MAILBOX_KEY}`;

/** The server's log (stdout, at LOG_LEVEL=info), so a journey can check what the server wrote about it. */
export const SERVER_LOG = join(tmpdir(), `argine-e2e-server-${E2E_PORT}.log`);

export function serverLog(): string {
  try {
    return readFileSync(SERVER_LOG, "utf8");
  } catch {
    return "";
  }
}
