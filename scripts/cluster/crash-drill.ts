// Crash safety (issue 39): an API process killed with SIGKILL at random moments under a write load (after a
// random pause, while a write is under way, every other time a checkout), and restarted each time on the same
// data, on the embedded database (one process on PGlite, its DATA_DIR kept) and on PostgreSQL (the cluster of
// start-cluster.ts: two processes behind nginx, one of them killed at random). Virtual clients
// (drill-client.ts), each from a loopback address of its own, write meanwhile:
//   - questionnaires (POST /v1/feedback): acknowledged by a 201 naming the practice;
//   - the demo client's messages on her own case (POST /v1/practices/:id/comments), one writer;
//   - orders: buyers registered through the mailbox buy a practice's services with the sandbox's 4242 card,
//     POST /v1/orders repeated with the same idempotency key after a refused, failed or unanswered call until
//     it is paid; then a PDF uploaded to a service bought (signed URL, PUT, registration);
//   - visitors' consultation requests (POST /v1/consultations), each from a new e-mail address.
// A call refused (the process is down) is made again. One that got no answer is unknown: made again where the
// API has an idempotency key (the orders), otherwise neither acknowledged nor counted lost.
// After the last kill and a pause for things to settle, it checks:
//   - every acknowledged write is there: questionnaires read back (GET /v1/practices/:id/feedback), messages
//     in the conversation, uploads downloaded byte for byte, orders PAID with their services on the practice,
//     consultation requests in their table;
//   - no practice's service paid twice, no order charged twice, no succeeded sandbox intent without its order
//     paid (the tables read directly; on PGlite once its process is stopped, with openDb);
//   - every checkout paid within a minute of its first attempt; no request unanswered for 15 s while no
//     process was down; every restart back on /readyz (the slowest is said);
//   - the jobs resumed: each paid order's confirmation mail and every other mail the writes queued arrived
//     within 3 minutes of the last restart, and no mail job queued before it still waits.
// A table per engine; exit 1 on a lost write, a double charge, a paid order unfulfilled, a failed restart, a
// hung request, a checkout slower than a minute, an unexpected answer or a job that did not resume.
//
//   node scripts/cluster/crash-drill.ts [--short] [--engine pglite|postgres|both] [--port 3300] [--kills N]
//
// --short (CI, scripts/test.ts): 4 kills per engine instead of 50, both engines at once. PGlite's process
// listens on --port, the cluster on --port + 10 and the five ports after it; PostgreSQL at
// CLUSTER_POSTGRES_URL (start-cluster.ts).

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serviceTypesOfLine } from "@argine/core/orders/refunds";
import { SANDBOX_TEST_CARDS } from "@argine/core/payments/sandbox-api";
import { openDb } from "@argine/db/client";
import pg from "pg";
import { API_NODE_FLAGS } from "../../apps/api/src/node-flags.ts";
import { TEST_BILLING } from "../../apps/api/test/checkout.ts";
import { revengePornAnswers } from "../../apps/api/test/feedback-answers.ts";
import { type Answer, type Client, clientOf, DEMO_CLIENT, DEMO_PASSWORD, signIn } from "./drill-client.ts";
import { startCluster } from "./start-cluster.ts";

const { values: options } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    engine: { type: "string", default: "both" },
    port: { type: "string", default: process.env.DRILL_PORT ?? "3300" },
    kills: { type: "string" },
  },
});
const short = options.short;
const KILLS = Number(options.kills ?? (short ? 4 : 50));
/** A kill comes this long (uniformly at random) after the last restart was ready: mid-write, on no beat. */
const KILL_GAP_MS: [number, number] = short ? [1_000, 3_000] : [2_000, 8_000];
/** Once the gap is over, the kill waits for a write to be under way (this long at most), then a few ms more. */
const WRITE_WAIT_MS = 3_000;
const ORDER_WAIT_MS = 10_000;
const SETTLE_MS = short ? 10_000 : 20_000;
/**
 * Every mail the writes queued has arrived within this of the last restart: a job a killed process held is
 * failed once its heartbeat is missed (30 s, apps/api/src/jobs/job-queue.ts) at pg-boss's next supervision
 * (a minute at most), then retried after the mail's first delay (30-60 s).
 */
const JOBS_RESUME_LIMIT_MS = 180_000;
/** "No case left unpayable longer than a minute": from a checkout's first attempt to its order paid. */
const CHECKOUT_LIMIT_MS = 60_000;
const RESTART_LIMIT_MS = 120_000;
/** drill-client.ts's timeout message: a request without an answer for 15 s. */
const NO_ANSWER = "no answer in 15 s";
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const API_MAIN = join(ROOT, "apps/api/src/main.ts");
const MAILBOX_KEY = randomBytes(24).toString("hex");
const BUYER_PASSWORD = "Girasole-Lento-42";
/** Orders a buyer makes before the next buyer registers: within an account's limits a minute. */
const ORDERS_PER_BUYER = 4;
const ITEMS = ["TAKEDOWN", "INJUCTION"];
const CARD = {
  number: SANDBOX_TEST_CARDS.find((card) => card.scenario === "succeeds")?.number ?? "",
  expMonth: 12,
  expYear: 2099,
  cvc: "123",
};
const PAID = ["PAID", "PARTIALLY_REFUNDED", "REFUNDED"];
const CONFIRMATION_SUBJECT = "Il tuo ordine è confermato";
const KINDS = ["questionnaires", "chat messages", "orders paid", "uploads", "consultation requests"] as const;
type Kind = (typeof KINDS)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** A call as the report names it: its method and route, ids and query left out. */
const routeOf = (method: string, path: string) =>
  `${method} ${new URL(path, "http://x").pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id")}`;

function questionnaire() {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return { answers: revengePornAnswers(day(10), day(3)), statementOfTruth: true, privacyAccepted: true };
}

/** A small PDF the upload check accepts, with a line of its own so each upload's bytes differ. */
const pdf = (nonce: string) =>
  `%PDF-1.7\n% crash drill ${nonce}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n`;

// ─── The engines ─────────────────────────────────────────────────────────────────────────────────────────

interface Mail {
  to: string;
  subject: string;
  text: string;
}
type Query = (text: string) => Promise<Record<string, unknown>[]>;

interface Engine {
  name: string;
  /** Where the clients call: the process itself, or nginx. */
  base: string;
  processes: number;
  /** The mails sent so far, read as a person reads them (the demo mailbox, or the cluster's SMTP capture). */
  mailbox(client: Client): Promise<Mail[]>;
  /** One process killed with SIGKILL and started again on the same data, until it is ready: its index. */
  crash(): Promise<number>;
  /** Every mail sent, and how many of the mailbox's entries could not be read. */
  allMails(): Promise<{ mails: Mail[]; unreadable: number }>;
  /** The database's tables, read directly (on PGlite the process is stopped first). */
  tables(): Promise<Query>;
  close(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));

async function untilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + RESTART_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the process ended (${child.exitCode ?? child.signalCode}) before it was ready:\n${log()}`,
      );
    if (Date.now() > deadline) throw new Error(`not ready within ${RESTART_LIMIT_MS / 1000} s:\n${log()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
}

/** One API process on PGlite in a DATA_DIR that outlives it, in demo mode, as `npm run serve` starts it. */
async function pgliteEngine(port: number): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), "argine-crash-drill-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "api.log");
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the caller's environment that would point it at another database, mail server or storage.
  for (const name of Object.keys(env))
    if (/^(DATABASE_URL|SMTP_URL|STORAGE_KEY|S3_|STRIPE_|OIDC_|ADMIN_|METRICS_TOKEN|REDIS_URL)/.test(name))
      delete env[name];
  Object.assign(env, {
    NODE_ENV: "development",
    DEMO_MODE: "true",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    // No site: a folder without index.html, the API alone.
    WEB_DIR: join(dir, "no-site"),
    LOG_LEVEL: "warn",
    DEV_MAILBOX_KEY: MAILBOX_KEY,
    // The drill's sign-ins last it through; a 401 signs in again anyway.
    ACCESS_TOKEN_TTL_SECONDS: "3600",
  });
  const log = openSync(logFile, "a");
  const tail = () => readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n");
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(process.execPath, [...API_NODE_FLAGS, API_MAIN], {
      cwd: ROOT,
      env,
      stdio: ["ignore", log, log],
    });
    child = started;
    await untilReady(`${base}/readyz`, started, tail);
  };
  const stop = async () => {
    if (!child) return;
    const running = child;
    child = null;
    const late = setTimeout(() => running.kill("SIGKILL"), 15_000);
    running.kill("SIGTERM");
    await exited(running);
    clearTimeout(late);
  };
  let handle: Awaited<ReturnType<typeof openDb>> | null = null;
  const cleanup = async () => {
    await stop();
    await handle?.close();
    closeSync(log);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    name: "PGlite",
    base,
    processes: 1,
    async mailbox(client) {
      const answer = await client.send("GET", `/v1/dev/mailbox?key=${MAILBOX_KEY}`);
      return answer.status === 200 ? (JSON.parse(answer.text) as Mail[]) : [];
    },
    async crash() {
      const running = child;
      if (running) {
        running.kill("SIGKILL");
        await exited(running);
      }
      await start();
      return 0;
    },
    async allMails() {
      // The outbox itself, every entry: one the mailbox could not parse is a finding of its own.
      const outbox = join(dataDir, "outbox");
      let unreadable = 0;
      const mails: Mail[] = [];
      for (const name of readdirSync(outbox).filter((n) => n.endsWith(".json"))) {
        try {
          mails.push(JSON.parse(readFileSync(join(outbox, name), "utf8")) as Mail);
        } catch {
          unreadable++;
        }
      }
      return { mails, unreadable };
    },
    async tables() {
      await stop();
      handle = await openDb({ dataDir, migrate: false });
      const { engine } = handle;
      if (engine.kind !== "pglite") throw new Error("PGlite expected");
      return async (text) => (await engine.pglite.query<Record<string, unknown>>(text)).rows;
    },
    close: cleanup,
  };
}

/** The cluster: two processes on one PostgreSQL database behind nginx, one killed at a time. */
async function postgresEngine(port: number): Promise<Engine> {
  const cluster = await startCluster({
    port,
    quietProxy: true,
    env: { ACCESS_TOKEN_TTL_SECONDS: "3600", LOG_LEVEL: "warn" },
  });
  let client: pg.Client | null = null;
  return {
    name: "PostgreSQL",
    base: cluster.publicUrl,
    processes: cluster.apiPorts.length,
    async mailbox(reader) {
      const answer = await reader.send("GET", `${cluster.mailUrl}/v1/dev/mailbox`);
      return answer.status === 200 ? (JSON.parse(answer.text) as Mail[]) : [];
    },
    async crash() {
      const index = Math.floor(Math.random() * cluster.apiPorts.length);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`process ${index + 1} not ready within ${RESTART_LIMIT_MS / 1000} s`)),
          RESTART_LIMIT_MS,
        );
      });
      try {
        await Promise.race([cluster.restartApi(index, undefined, "SIGKILL"), late]);
      } finally {
        clearTimeout(timer);
      }
      return index;
    },
    async allMails() {
      const response = await fetch(`${cluster.mailUrl}/v1/dev/mailbox`);
      return { mails: (await response.json()) as Mail[], unreadable: 0 };
    },
    async tables() {
      client = new pg.Client({ connectionString: cluster.databaseUrl });
      await client.connect();
      const connected = client;
      return async (text) => (await connected.query(text)).rows as Record<string, unknown>[];
    },
    async close() {
      await client?.end();
      await cluster.stop();
    },
  };
}

// ─── The run: its clients, what they were told, what went wrong ─────────────────────────────────────────

type Outcome = { answer: Answer } | { refused: true } | { lost: string };

interface PaidOrder {
  orderId: string;
  practiceId: string;
  email: string;
  ms: number;
}
interface Upload {
  buyer: Person;
  serviceId: string;
  fileName: string;
  content: string;
}

class Run {
  loading = true;
  /** When a process was down: from its kill until it was ready again (still open while it restarts). */
  readonly downs: { from: number; to: number | null }[] = [];
  readonly hung: string[] = [];
  readonly unexpected = new Map<string, string[]>();
  readonly acknowledged = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  readonly unknown = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  readonly questionnaires: string[] = [];
  readonly comments: { id: string; text: string }[] = [];
  readonly unansweredComments: string[] = [];
  readonly paid: PaidOrder[] = [];
  /** Checkouts not paid within the limit, or never. */
  readonly slowCheckouts: string[] = [];
  readonly uploads: Upload[] = [];
  readonly consultations: string[] = [];
  /** Registrations whose confirmation mail had not come within 30 s: it must still come (jobs resume). */
  readonly lateMails: string[] = [];
  readonly restarts: { index: number; ms: number }[] = [];
  readonly failedRestarts: string[] = [];
  buyers = 0;
  /** When the last restart was ready (the start, before any). */
  lastRestart = Date.now();
  /** Who waits for the next write to start (the kill, to land while one is under way), and which. */
  private writeWatchers: { wants: (path: string) => boolean; go: () => void }[] = [];

  readonly engine: Engine;
  constructor(engine: Engine) {
    this.engine = engine;
  }

  ack(kind: Kind) {
    this.acknowledged.set(kind, (this.acknowledged.get(kind) ?? 0) + 1);
  }
  unanswered(kind: Kind) {
    this.unknown.set(kind, (this.unknown.get(kind) ?? 0) + 1);
  }
  note(what: string, why: string) {
    this.unexpected.set(what, [...(this.unexpected.get(what) ?? []), why]);
  }

  /** Resolves when the next write (to a path `wants` takes) is sent, or after `ms`. */
  nextWrite(ms: number, wants: (path: string) => boolean = () => true): Promise<void> {
    return new Promise((resolve) => {
      const watcher = {
        wants,
        go: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.writeWatchers = this.writeWatchers.filter((w) => w !== watcher);
        resolve();
      }, ms);
      this.writeWatchers.push(watcher);
    });
  }

  /** Whether a process was down at some moment of [from, to]. */
  downDuring(from: number, to: number): boolean {
    return this.downs.some((down) => down.from <= to && (down.to ?? Number.POSITIVE_INFINITY) >= from);
  }

  /**
   * One call. Refused: nothing was sent (the process is down). Lost: it may have been received, but no answer
   * came from the app (the connection cut, nginx's 502 for a process killed under it, or 15 s of silence).
   * Silence while no process was down is a hung request.
   */
  async call(
    client: Client,
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<Outcome> {
    const started = Date.now();
    if (method !== "GET")
      for (const watcher of this.writeWatchers.filter((w) => w.wants(path))) {
        this.writeWatchers = this.writeWatchers.filter((w) => w !== watcher);
        watcher.go();
      }
    try {
      const answer = await client.send(method, path, init);
      if (answer.status >= 502 && answer.status <= 504 && this.downDuring(started, Date.now())) {
        if (method === "POST" && path === "/v1/orders") this.unanswered("orders paid");
        return { lost: String(answer.status) };
      }
      return { answer };
    } catch (error) {
      const { code, message, resent } = error as NodeJS.ErrnoException & { resent?: boolean };
      // Refused, unless the request was sent again after its connection closed under it: the first may
      // have been read by the process killed then.
      if (code === "ECONNREFUSED" && !resent) return { refused: true };
      // A checkout cut is made again with its key by its buyer (buyOne): counted here, where it is seen.
      if (method === "POST" && path === "/v1/orders") this.unanswered("orders paid");
      if (!this.downDuring(started, Date.now())) {
        if (message === NO_ANSWER)
          this.hung.push(`${routeOf(method, path)} at ${new Date(started).toISOString()}`);
        else this.note(`${routeOf(method, path)} (no answer, no process down)`, code ?? message);
      }
      return { lost: code ?? message };
    }
  }

  /**
   * A call that may be made again as the same request (a read, a claim, a payment method, an order with its
   * idempotency key) until one of `expected` answers: after a refusal, after no answer, after `retry`'s
   * statuses, after a 401 (signed in again). `afterLost`: answers taken as "done by the unanswered one".
   * Anything else is noted unexpected; null then, or when the deadline passes.
   */
  async until(
    what: string,
    send: () => Promise<Outcome>,
    expected: number[],
    settings: { retry?: number[]; afterLost?: number[]; person?: Person; deadlineMs?: number } = {},
  ): Promise<Answer | null> {
    const deadline = Date.now() + (settings.deadlineMs ?? 90_000);
    let lost = false;
    let serverErrors = 0;
    while (Date.now() < deadline) {
      const outcome = await send();
      if ("refused" in outcome) {
        await sleep(300);
        continue;
      }
      if ("lost" in outcome) {
        lost = true;
        await sleep(500);
        continue;
      }
      const { answer } = outcome;
      if (answer.resent) lost = true;
      if (expected.includes(answer.status)) return answer;
      if (lost && settings.afterLost?.includes(answer.status)) return answer;
      if (answer.status === 401 && settings.person) {
        await settings.person.signIn();
        continue;
      }
      if (settings.retry?.includes(answer.status)) {
        await sleep(1_000);
        continue;
      }
      this.note(what, `${answer.status} ${answer.text.slice(0, 160).replace(/\s+/g, " ")}`);
      // A refusal by a limit or a server error while up is noted; the same request is still owed an answer.
      if (answer.status === 429 || (answer.status >= 500 && ++serverErrors < 5)) {
        await sleep(Number(answer.headers["retry-after"] ?? 1) * 1000);
        continue;
      }
      return null;
    }
    this.note(what, `no expected answer within ${seconds(settings.deadlineMs ?? 90_000)}`);
    return null;
  }
}

/** A signed-in account on a client of its own. */
class Person {
  token = "";
  readonly run: Run;
  readonly client: Client;
  readonly email: string;
  readonly password: string;
  constructor(run: Run, client: Client, email: string, password: string) {
    this.run = run;
    this.client = client;
    this.email = email;
    this.password = password;
  }

  headers(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }

  /** Signs in as the web app does, again and again while a process is down (a minute and a half at most). */
  async signIn(): Promise<void> {
    const deadline = Date.now() + 90_000;
    let why = "";
    while (Date.now() < deadline) {
      const started = Date.now();
      try {
        this.token = await signIn(this.client, this.run.engine.base, this.email, this.password);
        return;
      } catch (error) {
        why = (error as Error).message;
        // Its calls are drill-client's own: a silent one is a hung request all the same.
        if (why === NO_ANSWER && !this.run.downDuring(started, Date.now()))
          this.run.hung.push(`a sign-in's call at ${new Date(started).toISOString()}`);
        await sleep(500);
      }
    }
    throw new Error(`${this.email} could not sign in: ${why}`);
  }

  call(method: string, path: string, body?: unknown) {
    return this.run.call(
      this.client,
      method,
      path,
      body === undefined ? { headers: this.headers() } : json(body, this.headers()),
    );
  }

  until(what: string, method: string, path: string, body: unknown, expected: number[], retry: number[] = []) {
    return this.run.until(what, () => this.call(method, path, body), expected, { person: this, retry });
  }
}

// ─── The writers ─────────────────────────────────────────────────────────────────────────────────────────

/** Questionnaires from one address: one every 7 s (its limit: 10 a minute). */
async function questionnaireWriter(run: Run, address: string) {
  const client = clientOf(address, run.engine.base);
  while (run.loading) {
    const started = Date.now();
    const outcome = await run.call(client, "POST", "/v1/feedback", json(questionnaire()));
    if ("refused" in outcome) {
      await sleep(300);
      continue;
    }
    if ("lost" in outcome) run.unanswered("questionnaires");
    else if (outcome.answer.status === 201) {
      run.questionnaires.push((JSON.parse(outcome.answer.text) as { practiceId: string }).practiceId);
      run.ack("questionnaires");
    } else run.note("POST /v1/feedback", `${outcome.answer.status} ${outcome.answer.text.slice(0, 160)}`);
    await sleep(Math.max(0, 7_000 - (Date.now() - started)));
  }
  client.close();
}

/** The demo client's messages on her first case, one every 3.5 s (the account's limit: 20 a minute). */
async function chatWriter(run: Run, person: Person, practiceId: string) {
  let n = 0;
  while (run.loading) {
    const started = Date.now();
    const text = `Messaggio di prova ${++n} (${randomUUID()})`;
    for (;;) {
      const outcome = await person.call("POST", `/v1/practices/${practiceId}/comments`, { comment: text });
      if ("refused" in outcome) {
        await sleep(300);
        continue;
      }
      if ("lost" in outcome) {
        // No idempotency key: written or not, it is not sent again (it would be a second message).
        run.unansweredComments.push(text);
        run.unanswered("chat messages");
      } else if (outcome.answer.status === 401) {
        await person.signIn();
        continue;
      } else if (outcome.answer.status === 201) {
        run.comments.push({ id: (JSON.parse(outcome.answer.text) as { id: string }).id, text });
        run.ack("chat messages");
      } else
        run.note(
          "POST /v1/practices/:id/comments",
          `${outcome.answer.status} ${outcome.answer.text.slice(0, 160)}`,
        );
      break;
    }
    await sleep(Math.max(0, 3_500 - (Date.now() - started)));
  }
}

/** Visitors' consultation requests from one address, one every 13 s (its limit: 5 a minute). */
async function consultationWriter(run: Run, address: string) {
  const client = clientOf(address, run.engine.base);
  while (run.loading) {
    const started = Date.now();
    const slots = await run.until(
      "GET /v1/consultations/slots",
      () => run.call(client, "GET", "/v1/consultations/slots"),
      [200],
    );
    const offered = slots ? (JSON.parse(slots.text) as { slots: { startsAt: string }[] }).slots : [];
    const slot = offered[Math.floor(Math.random() * offered.length)];
    if (slots && !slot) run.note("GET /v1/consultations/slots", "no slot offered");
    if (slot) {
      const email = `visita.${randomUUID()}@example.org`;
      const booking = {
        name: "Prova Crash",
        email,
        phone: null,
        kind: "video",
        startsAt: slot.startsAt,
        privacyAccepted: true,
      };
      let outcome = await run.call(client, "POST", "/v1/consultations", json(booking));
      // Refused: nothing was sent, the same request is made again.
      while ("refused" in outcome) {
        await sleep(300);
        outcome = await run.call(client, "POST", "/v1/consultations", json(booking));
      }
      if ("lost" in outcome) run.unanswered("consultation requests");
      else if (outcome.answer.status === 201) {
        run.consultations.push(email);
        run.ack("consultation requests");
      } else
        run.note("POST /v1/consultations", `${outcome.answer.status} ${outcome.answer.text.slice(0, 160)}`);
    }
    await sleep(Math.max(0, 13_000 - (Date.now() - started)));
  }
  client.close();
}

/** The mailed link a registration sends to `email`, read from the mailbox every 2.1 s (30 a minute). */
async function mailedToken(run: Run, reader: Client, email: string): Promise<string | null> {
  const deadline = Date.now() + 30_000;
  await sleep(500);
  while (Date.now() < deadline) {
    const mails = await run.engine.mailbox(reader).catch(() => []);
    const token = mails.find((mail) => mail.to === email)?.text.match(/verify\?token=([\w.-]+)/)?.[1];
    if (token) return token;
    await sleep(2_100);
  }
  return null;
}

/** A new client, as a person registers: the form, the mailed link, then the sign-in. Null: try another. */
async function newBuyer(run: Run, client: Client, reader: Client): Promise<Person | null> {
  const email = `acquirente.${randomUUID()}@example.org`;
  const registration = {
    name: "Banco",
    lastname: "Prova",
    email,
    password: BUYER_PASSWORD,
    privacyConsent: true,
  };
  const registered = await run.until(
    "POST /v1/users",
    () => run.call(client, "POST", "/v1/users", json(registration)),
    [202],
  );
  if (!registered) return null;
  const token = await mailedToken(run, reader, email);
  if (!token) {
    run.lateMails.push(email);
    return null;
  }
  // A link used by a call whose answer was lost is refused the second time: the sign-in then tells.
  const verified = await run.until(
    "POST /v1/users/verification",
    () => run.call(client, "POST", "/v1/users/verification", json({ token })),
    [200],
    { afterLost: [400, 404, 410] },
  );
  if (!verified) return null;
  const person = new Person(run, client, email, BUYER_PASSWORD);
  await person.signIn();
  run.buyers++;
  return person;
}

/**
 * One purchase: a practice of the buyer's (a questionnaire, acknowledged like any other, claimed with its
 * browser's token), a payment method of the 4242 card, then POST /v1/orders with one idempotency key until
 * it answers paid; then a PDF uploaded to the takedown bought.
 */
async function buyOne(run: Run, buyer: Person, n: number): Promise<void> {
  const created = await buyer.call("POST", "/v1/feedback", questionnaire());
  if (!("answer" in created)) {
    if ("lost" in created) run.unanswered("questionnaires");
    return;
  }
  if (created.answer.status === 401) return buyer.signIn();
  if (created.answer.status !== 201) {
    run.note("POST /v1/feedback (buyer)", `${created.answer.status} ${created.answer.text.slice(0, 160)}`);
    return;
  }
  const { practiceId, claimToken } = JSON.parse(created.answer.text) as {
    practiceId: string;
    claimToken: string;
  };
  run.questionnaires.push(practiceId);
  run.ack("questionnaires");
  const claimed = await buyer.until(
    "PATCH /v1/practices/:id/user",
    "PATCH",
    `/v1/practices/${practiceId}/user`,
    { claimToken },
    [200],
  );
  if (!claimed) return;
  const method = await buyer.until(
    "POST /v1/sandbox/payment-methods",
    "POST",
    "/v1/sandbox/payment-methods",
    CARD,
    [201],
  );
  if (!method) return;
  const checkout = {
    practiceId,
    items: ITEMS,
    invoice: TEST_BILLING,
    salesConditionsAccepted: true,
    withdrawalWaiverAccepted: true,
    idempotencyKey: randomUUID(),
    payment: {
      type: "STRIPE",
      code: JSON.stringify({ payment_method_id: (JSON.parse(method.text) as { id: string }).id }),
    },
  };
  const first = Date.now();
  // 409: the same attempt's provider call is in progress, or its process died in it (taken over after 5 s).
  const answer = await run.until("POST /v1/orders", () => buyer.call("POST", "/v1/orders", checkout), [200], {
    retry: [409],
    person: buyer,
    deadlineMs: 2 * CHECKOUT_LIMIT_MS,
  });
  const ms = Date.now() - first;
  const order = answer && (JSON.parse(answer.text) as { order: { id: string; status: string } | null }).order;
  if (order?.status !== "PAID") {
    run.slowCheckouts.push(`practice ${practiceId}: not paid after ${seconds(ms)}`);
    return;
  }
  run.paid.push({ orderId: order.id, practiceId, email: buyer.email, ms });
  run.ack("orders paid");
  if (ms > CHECKOUT_LIMIT_MS) run.slowCheckouts.push(`order ${order.id}: paid after ${seconds(ms)}`);
  await upload(run, buyer, practiceId, n);
}

/** A PDF sent as the browser sends it: a signed URL, the bytes PUT there, the upload registered. */
async function upload(run: Run, buyer: Person, practiceId: string, n: number): Promise<void> {
  const practice = await buyer.until(
    "GET /v1/practices/:id",
    "GET",
    `/v1/practices/${practiceId}`,
    undefined,
    [200],
  );
  const service = practice
    ? (JSON.parse(practice.text) as { services: { serviceId: string; serviceType: string }[] }).services.find(
        (s) => s.serviceType === "TAKEDOWN",
      )
    : undefined;
  if (!service) {
    if (practice) run.note("GET /v1/practices/:id", "no TAKEDOWN service on a paid practice");
    return;
  }
  const fileName = `prova-${n}.pdf`;
  const content = pdf(randomUUID());
  for (let attempt = 0; attempt < 5; attempt++) {
    const query = new URLSearchParams({ fileName, size: String(Buffer.byteLength(content)) });
    const signed = await buyer.until(
      "GET /v1/services/:id/signed-url",
      "GET",
      `/v1/services/${service.serviceId}/signed-url?${query}`,
      undefined,
      [200],
    );
    if (!signed) return;
    const link = JSON.parse(signed.text) as { url: string; method: string; headers: Record<string, string> };
    const put = await run.call(buyer.client, link.method, link.url, { headers: link.headers, body: content });
    // A link writes once: a PUT without an answer is made again on a new link.
    if (!("answer" in put)) continue;
    if (put.answer.status < 200 || put.answer.status > 299) {
      run.note("PUT (signed upload link)", `${put.answer.status} ${put.answer.text.slice(0, 160)}`);
      return;
    }
    let lost = false;
    for (let tries = 0; tries < 60; tries++) {
      const registered = await buyer.call("PATCH", `/v1/services/${service.serviceId}/upload`, {
        fileName,
        serviceType: service.serviceType,
      });
      if ("refused" in registered) {
        await sleep(300);
        continue;
      }
      if ("lost" in registered) {
        lost = true;
        await sleep(500);
        continue;
      }
      if (registered.answer.resent) lost = true;
      if (registered.answer.status === 401) {
        await buyer.signIn();
        continue;
      }
      if (registered.answer.status === 200) {
        run.uploads.push({ buyer, serviceId: service.serviceId, fileName, content });
        run.ack("uploads");
      } else if (lost) run.unanswered("uploads");
      else
        run.note(
          "PATCH /v1/services/:id/upload",
          `${registered.answer.status} ${registered.answer.text.slice(0, 160)}`,
        );
      return;
    }
    return;
  }
}

/** Buyers one after another on one address: a new one every ORDERS_PER_BUYER orders, an order every 7 s. */
async function buyerLoop(run: Run, index: number) {
  const client = clientOf(`127.0.0.${30 + index}`, run.engine.base);
  const reader = clientOf(`127.0.0.${40 + index}`, run.engine.base);
  let buyer: Person | null = null;
  let bought = 0;
  let n = 0;
  while (run.loading) {
    const started = Date.now();
    try {
      if (!buyer || bought >= ORDERS_PER_BUYER) {
        buyer = await newBuyer(run, client, reader);
        bought = 0;
      }
      if (buyer) {
        await buyOne(run, buyer, ++n);
        bought++;
      }
    } catch (error) {
      // A sign-in that never went through: noted, and the next buyer tries.
      run.note("buyer", (error as Error).message);
      buyer = null;
    }
    // The questionnaire's limit: 10 a minute per address and per account.
    await sleep(Math.max(0, 7_000 - (Date.now() - started)));
  }
  reader.close();
}

// ─── The checks ──────────────────────────────────────────────────────────────────────────────────────────

interface Checked {
  lost: string[];
  doubles: string[];
  unfulfilled: string[];
  jobs: string[];
  unansweredCommentsFound: number;
  /** From the last restart until every mail expected had arrived. */
  mailsArrivedMs: number;
}

async function check(run: Run, chat: { person: Person; practiceId: string }): Promise<Checked> {
  const { engine } = run;
  const lost: string[] = [];
  const doubles: string[] = [];
  const unfulfilled: string[] = [];
  const jobs: string[] = [];

  // The questionnaires, read as their result page reads them: 50 per reader (the read's limit: 60 a minute).
  const readers = Array.from({ length: Math.ceil(run.questionnaires.length / 50) }, (_, i) =>
    clientOf(`127.0.0.${100 + i}`, engine.base),
  );
  await Promise.all(
    readers.map(async (reader, i) => {
      for (const id of run.questionnaires.slice(i * 50, i * 50 + 50)) {
        const read = await run.until(
          "GET /v1/practices/:id/feedback",
          () => run.call(reader, "GET", `/v1/practices/${id}/feedback`),
          [200, 404],
        );
        if (read?.status !== 200) lost.push(`questionnaire ${id}: ${read?.status ?? "no answer"}`);
      }
      reader.close();
    }),
  );

  // The messages, in the conversation as its client reads it.
  const conversation = await chat.person.until(
    "GET /v1/practices/:id/comments",
    "GET",
    `/v1/practices/${chat.practiceId}/comments`,
    undefined,
    [200],
  );
  const messages = conversation ? (JSON.parse(conversation.text) as { id: string; comment: string }[]) : [];
  for (const { id, text } of run.comments)
    if (!messages.some((m) => m.id === id && m.comment === text)) lost.push(`chat message ${id}`);
  const unansweredCommentsFound = run.unansweredComments.filter((text) =>
    messages.some((m) => m.comment === text),
  ).length;

  // The uploads, downloaded as the case page opens them, byte for byte.
  for (const { buyer, serviceId, fileName, content } of run.uploads) {
    const link = await buyer.until(
      "GET /v1/services/:id/upload",
      "GET",
      `/v1/services/${serviceId}/upload?${new URLSearchParams({ fileName })}`,
      undefined,
      [200, 404],
    );
    const url = link?.status === 200 ? (JSON.parse(link.text) as { url: string }).url : null;
    const file = url
      ? await run.until("GET (download link)", () => run.call(buyer.client, "GET", url), [200, 404])
      : null;
    if (file?.status !== 200 || file.text !== content)
      lost.push(
        `upload ${fileName} of service ${serviceId}: ${file ? (file.status === 200 ? "other bytes" : file.status) : (link?.status ?? "no answer")}`,
      );
  }

  // The jobs resumed: every paid order's confirmation and every other mail the writes queued arrived, in time.
  const expected: { what: string; arrived: (mails: Mail[]) => boolean }[] = [];
  const byBuyer = new Map<string, number>();
  for (const order of run.paid) byBuyer.set(order.email, (byBuyer.get(order.email) ?? 0) + 1);
  for (const [email, orders] of byBuyer)
    expected.push({
      what: `${orders} confirmation mails of paid orders to ${email}`,
      arrived: (mails) =>
        mails.filter((m) => m.to === email && m.subject === CONFIRMATION_SUBJECT).length >= orders,
    });
  for (const email of [...run.consultations, ...run.lateMails])
    expected.push({
      what: `a mail to ${email}`,
      arrived: (mails) => mails.some((m) => m.to.toLowerCase() === email.toLowerCase()),
    });
  let missing = expected;
  let unreadable = 0;
  for (;;) {
    const all = await engine.allMails();
    unreadable = all.unreadable;
    missing = missing.filter((mail) => !mail.arrived(all.mails));
    if (!missing.length || Date.now() - run.lastRestart > JOBS_RESUME_LIMIT_MS) break;
    await sleep(2_000);
  }
  const mailsArrivedMs = Date.now() - run.lastRestart;
  if (unreadable) jobs.push(`${unreadable} outbox entries unreadable`);
  for (const mail of missing)
    jobs.push(`${mail.what}: not there ${seconds(JOBS_RESUME_LIMIT_MS)} after the last restart`);

  // The tables themselves.
  const query = await engine.tables();
  const orders = await query("select id::text, status, practice_id::text from orders");
  const status = new Map(orders.map((o) => [String(o.id), String(o.status)]));
  const services = await query("select practice_id::text, service_type from services");
  const has = new Set(services.map((s) => `${s.practice_id} ${s.service_type}`));
  for (const order of run.paid) {
    const now = status.get(order.orderId);
    if (!now || !PAID.includes(now))
      lost.push(`order ${order.orderId} answered PAID, now ${now ?? "missing"}`);
  }
  const paidLines = await query(
    `select o.id::text as order_id, o.practice_id::text, l.product_code from orders o
       join order_lines l on l.order_id = o.id where o.status in ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED')`,
  );
  const bought = new Map<string, string[]>();
  for (const line of paidLines)
    for (const type of serviceTypesOfLine(String(line.product_code))) {
      const key = `${line.practice_id} ${type}`;
      bought.set(key, [...(bought.get(key) ?? []), String(line.order_id)]);
      if (!has.has(key))
        unfulfilled.push(`order ${line.order_id} paid without its ${type} on practice ${line.practice_id}`);
    }
  for (const [key, byOrders] of bought)
    if (byOrders.length > 1) doubles.push(`${key} paid by ${byOrders.length} orders`);
  const serviceCounts = new Map<string, number>();
  for (const s of services) {
    const key = `${s.practice_id} ${s.service_type}`;
    serviceCounts.set(key, (serviceCounts.get(key) ?? 0) + 1);
  }
  for (const [key, n] of serviceCounts) if (n > 1) doubles.push(`${key}: ${n} services`);
  const intents = await query(
    "select id, metadata->>'orderId' as order_id from sandbox_payment_intents where status = 'succeeded'",
  );
  const charged = new Map<string, number>();
  for (const intent of intents) {
    const orderId = String(intent.order_id);
    charged.set(orderId, (charged.get(orderId) ?? 0) + 1);
    if (!PAID.includes(status.get(orderId) ?? ""))
      unfulfilled.push(
        `intent ${intent.id} succeeded, its order ${orderId} ${status.get(orderId) ?? "missing"}`,
      );
  }
  for (const [orderId, n] of charged) if (n > 1) doubles.push(`order ${orderId} charged ${n} times`);
  const awaiting = await query(
    "select id::text, created_at from orders where status = 'AWAITING_PAYMENT' and created_at < now() - interval '1 minute'",
  );
  for (const order of awaiting) run.slowCheckouts.push(`order ${order.id} still awaiting its payment`);
  const inTable = new Set(
    (await query("select lower(email) as email from consultations")).map((row) => String(row.email)),
  );
  for (const email of run.consultations)
    if (!inTable.has(email.toLowerCase())) lost.push(`consultation request of ${email}`);
  // A mail job still waiting after the pause: taken by a process that died, or never picked up again.
  const waiting = await query(
    `select state, created_on from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
  );
  const stuck = waiting.filter((job) => new Date(String(job.created_on)).getTime() < run.lastRestart);
  if (stuck.length)
    jobs.push(
      `${stuck.length} mail jobs queued before the last restart still waiting (${[...new Set(stuck.map((j) => j.state))].join(", ")})`,
    );
  return { lost, doubles, unfulfilled, jobs, unansweredCommentsFound, mailsArrivedMs };
}

// ─── One engine, then the report ─────────────────────────────────────────────────────────────────────────

interface Report {
  engine: string;
  lines: string[];
  failed: boolean;
}

async function drill(engine: Engine): Promise<Report> {
  const run = new Run(engine);
  const started = Date.now();
  // The demo client, writing on her first case.
  const chatClient = clientOf("127.0.0.20", engine.base);
  const chat = new Person(run, chatClient, DEMO_CLIENT, DEMO_PASSWORD);
  await chat.signIn();
  const list = await chat.until(
    "GET /v1/practices",
    "GET",
    "/v1/practices?page=1&pageSize=20",
    undefined,
    [200],
  );
  const practiceId = list
    ? (JSON.parse(list.text) as { data: { practiceId: string; ticketCode: string }[] }).data.find(
        (p) => p.ticketCode === "AR-DEMO0001",
      )?.practiceId
    : undefined;
  if (!practiceId) throw new Error("the demo client's case AR-DEMO0001 was not found");

  const writers = [
    questionnaireWriter(run, "127.0.0.10"),
    questionnaireWriter(run, "127.0.0.11"),
    questionnaireWriter(run, "127.0.0.12"),
    chatWriter(run, chat, practiceId),
    consultationWriter(run, "127.0.0.21"),
    buyerLoop(run, 0),
    buyerLoop(run, 1),
  ];
  for (let kill = 1; kill <= KILLS; kill++) {
    await sleep(between(KILL_GAP_MS));
    // Killed while a write is on its way or being worked: the moments a crash can lose or double something.
    // Every other kill waits for a checkout (up to ORDER_WAIT_MS), the longest write, somewhere in its course.
    if (kill % 2 === 0) {
      await run.nextWrite(ORDER_WAIT_MS, (path) => path === "/v1/orders");
      await sleep(Math.random() * 200);
    } else {
      await run.nextWrite(WRITE_WAIT_MS);
      await sleep(Math.random() * 50);
    }
    const down = { from: Date.now(), to: null as number | null };
    run.downs.push(down);
    try {
      const index = await engine.crash();
      run.restarts.push({ index, ms: Date.now() - down.from });
      run.lastRestart = Date.now();
      process.stdout.write(
        `  ${engine.name}: kill ${kill}/${KILLS} of process ${index + 1}, ready again in ${seconds(Date.now() - down.from)}\n`,
      );
    } catch (error) {
      run.failedRestarts.push((error as Error).message);
      process.stdout.write(
        `  ${engine.name}: kill ${kill}: the restart FAILED: ${(error as Error).message}\n`,
      );
      break;
    } finally {
      down.to = Date.now();
    }
  }
  run.loading = false;
  await Promise.all(writers);
  await sleep(SETTLE_MS);
  const checked = run.failedRestarts.length
    ? { lost: [], doubles: [], unfulfilled: [], jobs: [], unansweredCommentsFound: 0, mailsArrivedMs: 0 }
    : await check(run, { person: chat, practiceId });
  chatClient.close();

  const slowestRestart = Math.max(0, ...run.restarts.map((r) => r.ms));
  const slowestCheckout = Math.max(0, ...run.paid.map((o) => o.ms));
  const unexpected = [...run.unexpected.values()].reduce((n, list) => n + list.length, 0);
  const failures = [
    run.failedRestarts.length,
    checked.lost.length,
    checked.doubles.length,
    checked.unfulfilled.length,
    run.slowCheckouts.length,
    run.hung.length,
    unexpected,
    checked.jobs.length,
  ].some((n) => n > 0);
  const row = (label: string, value: string | number) => `  ${label.padEnd(40)} ${value}`;
  const lines = [
    `Crash drill on ${engine.name} (${short ? "short" : "long"}): ${engine.processes} process${engine.processes > 1 ? "es" : ""}, ${Math.round((Date.now() - started) / 1000)} s`,
    row("kills (SIGKILL)", run.restarts.length + run.failedRestarts.length),
    row("restarts that failed", run.failedRestarts.length),
    row("slowest restart (kill to /readyz)", seconds(slowestRestart)),
    row("acknowledged writes", KINDS.map((kind) => `${kind} ${run.acknowledged.get(kind)}`).join(", ")),
    row(
      "writes cut by a kill (no answer)",
      `${KINDS.map((kind) => `${kind} ${run.unknown.get(kind)}`).join(", ")} (orders made again with their keys; ${checked.unansweredCommentsFound} of the messages cut were written)`,
    ),
    row("lost acknowledged writes", checked.lost.length),
    row("orders paid", `${run.paid.length} (by ${run.buyers} buyers)`),
    row("double charges", checked.doubles.length),
    row("paid but unfulfilled", checked.unfulfilled.length),
    row("slowest checkout (first attempt to paid)", seconds(slowestCheckout)),
    row("checkouts over a minute or unpaid", run.slowCheckouts.length),
    row("hung requests (15 s, no process down)", run.hung.length),
    row("unexpected answers", unexpected),
    row(
      "mails all arrived (after the last restart)",
      `${seconds(checked.mailsArrivedMs)}; ${run.lateMails.length} confirmation mails later than 30 s`,
    ),
    row("jobs not resumed", checked.jobs.length),
    ...[
      ...checked.lost,
      ...checked.doubles,
      ...checked.unfulfilled,
      ...run.slowCheckouts,
      ...run.hung,
      ...checked.jobs,
      ...run.failedRestarts,
    ]
      .slice(0, 30)
      .map((line) => `  FAILED ${line.split("\n")[0]}`),
    ...[...run.unexpected].map(([what, why]) => `  FAILED ${what}: ${why.length}× e.g. ${why[0]}`),
  ];
  return { engine: engine.name, lines, failed: failures };
}

async function main(): Promise<number> {
  const port = Number(options.port);
  const engines = options.engine === "both" ? ["pglite", "postgres"] : [options.engine];
  if (!engines.every((engine) => engine === "pglite" || engine === "postgres"))
    throw new Error(`--engine: pglite, postgres or both, not ${options.engine}`);
  const one = async (name: string): Promise<Report> => {
    const label = name === "pglite" ? "PGlite" : "PostgreSQL";
    process.stdout.write(`Crash drill: ${KILLS} kills on ${label}\n`);
    try {
      const engine = name === "pglite" ? await pgliteEngine(port) : await postgresEngine(port + 10);
      try {
        return await drill(engine);
      } finally {
        await engine.close();
      }
    } catch (error) {
      return {
        engine: label,
        lines: [`Crash drill on ${label}: FAILED ${(error as Error).stack}`],
        failed: true,
      };
    }
  };
  // The short mode runs both engines at once (CI's time); the long one, one after the other, so that each
  // one's figures (restarts, checkouts) are its own.
  const reports = short
    ? await Promise.all(engines.map(one))
    : await engines.reduce<Promise<Report[]>>(
        async (done, name) => [...(await done), await one(name)],
        Promise.resolve([]),
      );
  process.stdout.write(`\n${reports.map((report) => report.lines.join("\n")).join("\n\n")}\n\n`);
  return reports.some((report) => report.failed) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`crash drill: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
