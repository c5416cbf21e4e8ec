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

/**
 * A second server, for the journeys that need mail to fail for real (dead-letters.spec.ts): its SMTP_URL points
 * at a port nobody listens on (1, tcpmux, never served here), so every mail is refused at connection, and
 * each is retried once, a second later, before the dead-letter queue. The first server keeps the demo mailbox.
 */
export const FAILING_MAIL_PORT = E2E_PORT + 1;
export const FAILING_MAIL_BASE_URL = `http://127.0.0.1:${FAILING_MAIL_PORT}`;
export const CLOSED_SMTP_URL = "smtp://127.0.0.1:1";

/**
 * A third server with Stripe as its card provider (checkout-stripe.spec.ts, ADR 015), its Stripe API the
 * loopback stand-in (apps/api/test/stripe-fake.ts) started as a process of its own beside it.
 */
export const STRIPE_API_PORT = E2E_PORT + 2;
export const STRIPE_PORT = E2E_PORT + 3;
export const STRIPE_BASE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
export const STRIPE_API_URL = `http://127.0.0.1:${STRIPE_API_PORT}`;

/** Answers once every server above (and the workers' proxies, client-addresses.ts) does: start-servers.ts. */
export const SERVERS_READY_PORT = E2E_PORT + 4;

/** The server's log (stdout, at LOG_LEVEL=info), so a journey can check what the server wrote about it. */
export const SERVER_LOG = join(tmpdir(), `argine-e2e-server-${E2E_PORT}.log`);

export function serverLog(): string {
  try {
    return readFileSync(SERVER_LOG, "utf8");
  } catch {
    return "";
  }
}
