import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { API_NODE_FLAGS } from "../apps/api/src/node-flags.ts";
import { STRIPE_TEST_KEYS } from "../apps/api/test/stripe-fake.ts";
import { CHROMIUM_ARGS, chromiumPath } from "./chromium.ts";
import { clientProxy } from "./client-addresses.ts";
import { SUBSET_BEHIND_NGINX } from "./cluster/subset.ts";
import {
  CLOSED_SMTP_URL,
  E2E_MAILBOX_KEY,
  E2E_PORT,
  FAILING_MAIL_BASE_URL,
  FAILING_MAIL_PORT,
  SERVER_LOG,
  SERVERS_READY_PORT,
  STRIPE_API_PORT,
  STRIPE_API_URL,
  STRIPE_BASE_URL,
  STRIPE_PORT,
} from "./server.ts";
import type { ServerSpec } from "./start-servers.ts";

const PORT = E2E_PORT;
// One data folder per port, so two runs side by side do not share (and lock) one database.
const DATA_DIR = join(tmpdir(), `argine-e2e-data-${PORT}`);
const FAILING_MAIL_DATA_DIR = join(tmpdir(), `argine-e2e-data-${FAILING_MAIL_PORT}`);
const STRIPE_DATA_DIR = join(tmpdir(), `argine-e2e-data-${STRIPE_PORT}`);
// Set in a worker's process only: its browser goes through the worker's own client address.
const PARALLEL_INDEX = process.env.TEST_PARALLEL_INDEX;

// How the journeys start the product: as an operator does (apps/api/src/node-flags.ts).
const API_MAIN_ARGS = `${API_NODE_FLAGS.join(" ")} ../apps/api/src/main.ts`;

// The servers the journeys use: a crash (stderr) shows in the run's output.
const SERVERS: ServerSpec[] = [
  {
    // The log (stdout) also goes to a file the journeys can read (server.ts).
    command: `rm -rf ${DATA_DIR} && node ${API_MAIN_ARGS} | tee ${SERVER_LOG}`,
    ready: `http://127.0.0.1:${PORT}/readyz`,
    // Short-lived access tokens, so a journey sees the silent renewal 60 s before expiry within seconds.
    env: {
      PORT: String(PORT),
      // The issuer the browser talks to must be the address the tests browse.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR,
      // Every request is logged, at the most talkative level, so a journey can check that no secret reaches the
      // log, and log-check.ts (the run's teardown) that no personal data the journeys typed does.
      LOG_LEVEL: "debug",
      NODE_ENV: "development",
      ACCESS_TOKEN_TTL_SECONDS: "66",
      // The journeys read the demo mailbox (support.ts): they need its key, random otherwise.
      DEV_MAILBOX_KEY: E2E_MAILBOX_KEY,
      // The capture sandbox walks its states within seconds (legalization.spec.ts).
      LEGALIZATION_SANDBOX_PREPARE_SECONDS: "1",
      LEGALIZATION_SANDBOX_CLOSING_SECONDS: "1",
      LEGALIZATION_SANDBOX_UPLOAD_SECONDS: "1",
      // An unread answer's mail leaves within seconds, not two minutes (support-window.spec.ts follows its link).
      CONVERSATION_MAIL_DELAY_SECONDS: "3",
      // An admin's sign-in is too old to grant a staff role after seconds, not five minutes (staff-grants.spec.ts).
      STAFF_GRANT_MAX_AUTH_AGE_SECONDS: "15",
      // Authenticator codes of 2 s (ADR 036): each is accepted once, and the journeys sign in as the demo
      // staff many times a minute (support.ts signIn types the next one when another journey spent it).
      TOTP_PERIOD_SECONDS: "2",
    },
  },
  {
    // The same product on a data folder of its own, whose mails never leave (server.ts): a mail that always
    // fails ends in the dead-letter queue within seconds, and the admin workspace shows it.
    command: `rm -rf ${FAILING_MAIL_DATA_DIR} && node ${API_MAIN_ARGS}`,
    ready: `${FAILING_MAIL_BASE_URL}/readyz`,
    env: {
      PORT: String(FAILING_MAIL_PORT),
      PUBLIC_URL: FAILING_MAIL_BASE_URL,
      DATA_DIR: FAILING_MAIL_DATA_DIR,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      SMTP_URL: CLOSED_SMTP_URL,
      MAIL_RETRY_LIMIT: "1",
      MAIL_RETRY_DELAY_SECONDS: "1",
      TOTP_PERIOD_SECONDS: "2",
    },
  },
  {
    // The loopback stand-in of api.stripe.com (no internet here) for the Stripe server below.
    command: `node ../apps/api/test/stripe-fake-server.ts ${STRIPE_API_PORT}`,
    ready: `${STRIPE_API_URL}/`,
  },
  {
    // The product with Stripe's (test) keys, its SDK pointed at the stand-in (checkout-stripe.spec.ts).
    command: `rm -rf ${STRIPE_DATA_DIR} && node ${API_MAIN_ARGS}`,
    ready: `${STRIPE_BASE_URL}/readyz`,
    env: {
      PORT: String(STRIPE_PORT),
      PUBLIC_URL: STRIPE_BASE_URL,
      DATA_DIR: STRIPE_DATA_DIR,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
      STRIPE_API_URL,
      TOTP_PERIOD_SECONDS: "2",
    },
  },
];

// The whole product as `npm start` runs it (built site + API in one process) on a fresh demo database.
export default defineConfig({
  testDir: "./tests",
  fullyParallel: true,
  // One browser a core: the servers and the browsers share them.
  workers: availableParallelism(),
  // A journey should pass the first time: each works on data of its own and waits on what the page shows, so
  // a retry can no longer meet a first attempt's rows. CI keeps one retry until two journeys that still fail
  // now and then under load are mended (the accountant's axe run past 30 s; the phone quick exit's Back):
  // a retry in the report is a flaky journey to mend, not a pass.
  retries: process.env.CI ? 1 : 0,
  globalTeardown: "./log-check.ts",
  timeout: 30_000,
  // What a page may take to show what a step waits for. Machines of this size run the suite up to four times
  // slower than the quiet one that wrote it (a journey's step, 1-2 s here, took 6-8 s there); Playwright's
  // 5 s failed journeys there whose pages were right, only late.
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    launchOptions: {
      executablePath: chromiumPath() ?? undefined,
      args: CHROMIUM_ARGS,
      // Each worker, a client address of its own (client-addresses.ts): the servers' per-address limits
      // count each worker as one person.
      ...(PARALLEL_INDEX === undefined ? {} : { proxy: { server: clientProxy(Number(PARALLEL_INDEX)) } }),
    },
    // A trace records every step's snapshots and screencast: a sixth of the run's time when kept for every
    // journey. CI records it on the retry of a journey that failed (retries: 1), which is the trace to read.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // The visitor has already answered the cookie notice, so it does not cover the pages under test;
    // the analytics journey starts from an empty cookie jar to see it.
    storageState: {
      cookies: [
        {
          name: "argine_analytics_consent",
          value: "false",
          domain: "127.0.0.1",
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
  },
  projects: [
    // The questionnaire journey is checked where victims mostly are: on a phone.
    // Tests tagged @phone run only on the phone (e.g. the menu that folds below 768px), tests tagged
    // @desktop only here (pages the phone samples rather than visits one by one).
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 900 } },
      // The journeys played behind nginx in the same run are not played twice (cluster/subset.ts).
      testIgnore: [
        /feedback-journey/,
        ...(process.env.E2E_SUBSET_BEHIND_NGINX === "1" ? [SUBSET_BEHIND_NGINX] : []),
      ],
      grepInvert: /@phone/,
    },
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Journeys that change the shared demo data (and the long account ones) run once, on desktop; the
      // mobile project checks the pages themselves. Staff work at a desk: the journeys of the lawyers' and
      // admins' own screens (and the developers' mailbox) run on desktop only, those of what a victim sees
      // on both.
      testIgnore:
        /account-journeys|admin-workspace|practices-|outreach-journeys|service-queue|refunds|dead-letters|dev-mailbox/,
      grepInvert: /@desktop/,
    },
  ],
  webServer: {
    // Every server below at once, side by side (start-servers.ts): Playwright would start them one after the
    // other, each seeding a database of its own.
    command: "node start-servers.ts",
    url: `http://127.0.0.1:${SERVERS_READY_PORT}/`,
    reuseExistingServer: false,
    // What the three product servers had one after the other (120 s each), now side by side.
    timeout: 360_000,
    env: { E2E_SERVERS: JSON.stringify(SERVERS) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
