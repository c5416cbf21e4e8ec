// The demo mailbox's key for the e2e server (DEV_MAILBOX_KEY in playwright.config.ts), which the journeys
// need to read the mailed links. Only ever a loopback test server, started fresh for each run.
export const E2E_MAILBOX_KEY = "e2e-casella-di-prova-chiave-fissa";

/** The demo mailbox page, with its key. */
export const MAILBOX_URL = `/dev/mailbox?key=${E2E_MAILBOX_KEY}`;
