// Dependency faults under traffic (issue 39), on the cluster (two API processes on one PostgreSQL database
// behind nginx) with PostgreSQL, the mail server, Redis (the limits' store), S3 (the cluster's s3rver) and
// the capture service each behind a TCP proxy the drill cuts (apps/api/test/fault-proxy.ts), as a stopped
// server would end its connections. While virtual clients read the catalogue, call as signed-in clients, send
// questionnaires, sign up to the newsletter and ask a consultation, and buyers pay a takedown and a
// legalization (each payment's signed payment_intent.succeeded then posted to the webhook as Stripe does, sent
// again after a non-2xx), write on their paid practice's chat, upload a PDF to the takedown and download it, and
// capture a page for the legalization:
//   1. PostgreSQL stopped, then started: every call answers at once, served or 503 «Il servizio è
//      momentaneamente non disponibile» (never 401, never a bare 500, never a hang); /readyz says
//      `database-unreachable` (the chat messages, the consultation requests and the webhooks too: a webhook
//      answered 503 is sent again, never a 2xx unrecorded); once it is back everything is served again,
//      without a restart;
//   1b. PostgreSQL not answering (a partition: connections kept open, nothing coming back): the same, each
//      call within the pool's query timeout (packages/db/src/client.ts);
//   2. the mail server refusing: the sign-ups and consultation requests are still acknowledged, and their
//      mails arrive once it is back;
//   3. Redis not answering (connections accepted, nothing said): the limits fall back, calls answer as usual,
//      /readyz stays 200 naming it;
//   4. S3 refusing, then not answering: the upload's registration and the download's link (the API reads the object) answer the
//      Italian 503 (storage/s3-storage.ts), the clients' own requests to the presigned links fail; the same
//      upload, sent again, is acknowledged once S3 is back, and every acknowledged one is downloaded byte
//      for byte at the end;
//   5. the capture service (apps/api/test/capture-fake.ts) gone: starting, polling and stopping a capture
//      answer the Italian 503 (capture/service-provider.ts); the client keeps polling, and a capture that
//      ended there meanwhile has its files stored once it is back (legalization-service.ts);
//   6. the payment provider (the Stripe stand-in, apps/api/test/stripe-fake.ts) answering 500, then not
//      answering at all: buyers (registered through the mail) keep checking out; a checkout answers 503
//      «Il pagamento con carta non è disponibile al momento» (ADR 015), at once or within the SDK's bound
//      (payments/stripe-provider.ts), or 409 while its first call's lease runs; the same attempt (its
//      idempotency key) is sent again until it is paid, a webhook (which reads the intent back) answers the
//      same 503 and is sent again, every other call is served meanwhile.
// --engine pglite: the embedded default instead (one process on PGlite, files on its disk, limits in memory,
// no nginx), with the faults that apply to it: the mail server, the capture service, the payment provider.
// Then every questionnaire acknowledged is read back, every acknowledged sign-up's and consultation request's
// mail is found, every chat message acknowledged is in its conversation, every webhook got its 2xx, every
// order paid is still PAID (GET /v1/orders), every upload acknowledged is downloaded, every capture paid for
// has its files, every checkout started is paid with one intent, every intent the provider charged is a paid
// order, and the processes' metrics (each its own admin port) count at least the 503s the clients saw as
// SERVICE_UNAVAILABLE. It prints each fault's
// figures (answers by kind, slowest answer, recovery time) and exits 1 on a wrong answer, a hung request, a
// lost write, a double charge or a mail that never came.
//
//   node scripts/cluster/fault-drill.ts [--short] [--port 3280] [--engine postgres|pglite|both]
//
// Ports: the cluster's from --port (ports.ts: nginx, two API processes, SMTP, the mail's HTTP, S3); PGlite's
// process, SMTP and mail on the same layout, from --port + 10 with both. The admin ports are free ones.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { MESSAGES } from "@argine/core/shared/messages";
import { QUERY_TIMEOUT_MS } from "@argine/db/client";
import { API_NODE_FLAGS } from "../../apps/api/src/node-flags.ts";
import { stripeSignature } from "../../apps/api/src/payments/stripe-events.ts";
import { STRIPE_RETRIES, STRIPE_TIMEOUT_MS } from "../../apps/api/src/payments/stripe-provider.ts";
import { S3_ATTEMPTS, S3_SOCKET_TIMEOUT_MS } from "../../apps/api/src/storage/s3-storage.ts";
import { CAPTURE_FAKE_KEY, startCaptureFake } from "../../apps/api/test/capture-fake.ts";
import { TEST_BILLING } from "../../apps/api/test/checkout.ts";
import { type FaultProxy, startFaultProxy } from "../../apps/api/test/fault-proxy.ts";
import { revengePornAnswers } from "../../apps/api/test/feedback-answers.ts";
import { freePort } from "../../apps/api/test/ports.ts";
import { STRIPE_TEST_KEYS, startStripeFake } from "../../apps/api/test/stripe-fake.ts";
import { type Answer, type Client, clientOf, signIn, Tally } from "./drill-client.ts";
import { startMailCapture } from "./mail-capture.ts";
import { clusterPorts } from "./ports.ts";
import { startCluster } from "./start-cluster.ts";

const { values: options } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    port: { type: "string", default: process.env.FAULT_DRILL_PORT ?? "3280" },
    engine: { type: "string", default: "postgres" },
  },
});
const short = options.short;
const CLIENTS = short ? 4 : 12;
/** Buyers, each a registered account of its own (an account's checkouts are limited, docs/limits.md). */
const BUYERS = short ? 3 : 4;
/** A buyer's next purchase after this (a questionnaire each: 10 a minute per address); a checkout not paid yet is sent again after RETRY_MS. */
const PURCHASE_MS = 8_000;
const RETRY_MS = 3_000;
/** How long each dependency stays down. */
const FAULT_MS = short ? 6_000 : 30_000;
const SETTLE_MS = short ? 2_000 : 5_000;
/** An answer slower than this while a dependency is down is not "failing fast". */
const FAST_MS = 6_000;
/**
 * A provider call waits for a silent Stripe this long at most: each try's timeout, the SDK's pause between
 * tries (0.5 s for the first retry: stripe-node's initial network retry delay), and the process's own share,
 * which on CI's two cores with the three drills side by side reaches a few seconds (a webhook's 503 came
 * after 10 066 ms: 8.5 s of Stripe's bound, 1.6 s of a busy PGlite process).
 */
const PAYMENT_FAST_MS = (STRIPE_RETRIES + 1) * STRIPE_TIMEOUT_MS + STRIPE_RETRIES * 500 + 3_000;
const BUYER_PASSWORD = "Girasole-Lento-42";
const CHECKOUT = "POST /v1/orders";
/** The calls whose server side reads or writes S3 (services/service-uploads.ts). */
const SIGN = "GET /v1/services/:id/signed-url";
const REGISTER = "PATCH /v1/services/:id/upload";
const FETCH = "GET /v1/services/:id/upload";
/** The calls that ask the capture provider (legalization/legalization-service.ts). */
const CAPTURE_START = "POST /v1/services/legalization/:id/session";
const CAPTURE_POLL = "GET /v1/services/legalization/:id/session";
const CAPTURE_STOP = "POST /v1/services/legalization/:id/stop";
const CAPTURE_FILES = "GET /v1/services/legalization/:id/session-files";
/** The payment provider's event, posted as Stripe does; it asks the provider for the intent (order-settlement.ts). */
const WEBHOOK = "POST /v1/webhooks/stripe";
/** Stripe sends an event again after a non-2xx; its backoff, shortened. */
const WEBHOOK_RETRY_MS = 1_500;
const COMMENT = "POST /v1/practices/:id/comments";
/** A buyer's chat message this often (the account's limit: 20 a minute, route-limits.ts). */
const CHAT_MS = 3_500;
const BOOKING = "POST /v1/consultations";
/** Consultation requests from their own addresses, each one every 13 s (its limit: 5 a minute per address). */
const BOOKERS = 2;
const BOOKING_MS = 13_000;

/** A small PDF the upload check accepts, each one's bytes its own. */
const pdf = (nonce: string) =>
  `%PDF-1.7\n% fault drill ${nonce}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Phase {
  name: string;
  /** The dependency is down: a 503 with the Italian message is a right answer then, for the calls it serves. */
  down: boolean;
  /** The calls the dependency serves (all of them: PostgreSQL), and the Italian message they answer. */
  needs?: (what: string) => boolean;
  message?: string;
  /** How long such an answer may take. */
  fastMs?: number;
  /** S3 itself is down: a client's own request to a presigned link may fail too. */
  direct?: boolean;
  /** When the dependency came back, and the first moment every client was served again since. */
  upAt?: number;
  recoveredAt?: number;
  slowestMs: number;
  unavailable: number;
  served: number;
}

/** Where the drill's clients call, and what it reads beside. */
interface Target {
  publicUrl: string;
  apiPorts: number[];
  mailUrl: string;
  stop(): Promise<void>;
}

const API_MAIN = fileURLToPath(new URL("../../apps/api/src/main.ts", import.meta.url));

/**
 * The embedded default (`npm run serve`): one process on PGlite in a DATA_DIR of its own, its files on the
 * encrypted disk, its limits in memory, no proxy in front; its mail to the drill's SMTP capture (on the
 * cluster's SMTP and mail ports, so the proxy in front is the same).
 */
async function startSingle(port: number, env: Record<string, string>): Promise<Target> {
  const ports = clusterPorts(port);
  const apiPort = ports.apis[0] as number;
  const publicUrl = `http://127.0.0.1:${apiPort}`;
  const mail = await startMailCapture(ports.smtp, ports.mail);
  const dir = mkdtempSync(join(tmpdir(), `argine-fault-drill-${port}-`));
  const log = openSync(join(dir, "api.log"), "a");
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the caller's environment that would point it at a database, a store or a provider.
  for (const name of Object.keys(childEnv))
    if (
      /^(DATABASE_URL|SMTP_URL|STORAGE_KEY|S3_|STRIPE_|OIDC_|ADMIN_|METRICS_TOKEN|REDIS_URL|RATE_LIMIT_STORE|DEV_MAILBOX_KEY|LEGALIZATION_)/.test(
        name,
      )
    )
      delete childEnv[name];
  Object.assign(childEnv, {
    NODE_ENV: "development",
    DEMO_MODE: "true",
    HOST: "127.0.0.1",
    PORT: String(apiPort),
    PUBLIC_URL: publicUrl,
    DATA_DIR: join(dir, "data"),
    // No site: a folder without index.html, the API alone.
    WEB_DIR: join(dir, "no-site"),
    ...env,
  });
  const child: ChildProcess = spawn(process.execPath, [...API_NODE_FLAGS, API_MAIN], {
    env: childEnv,
    stdio: ["ignore", log, log],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const late = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(late);
    }
    await mail.close();
    closeSync(log);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let waited = 0; ; waited += 250) {
      if (child.exitCode !== null || waited > 120_000) throw new Error("the API process did not get ready");
      const ok = await fetch(`${publicUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { publicUrl, apiPorts: [apiPort], mailUrl: mail.url, stop };
}

async function drill(engine: "postgres" | "pglite", port: number): Promise<number> {
  const pglite = engine === "pglite";
  const ports = clusterPorts(port);
  const server = new URL(process.env.CLUSTER_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres");
  const redis = new URL(process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379");
  // S3: the cluster's s3rver (started with it, on ports.s3), reached through a proxy; the presigned links
  // point there too, so a client's PUT meets the same outage.
  const [database, smtp, limits, files] = await Promise.all([
    startFaultProxy(server.hostname, Number(server.port || 5432)),
    startFaultProxy("127.0.0.1", ports.smtp),
    startFaultProxy(redis.hostname, Number(redis.port || 6379)),
    startFaultProxy("127.0.0.1", ports.s3),
  ]);
  const stripe = await startStripeFake(0);
  // The capture service (ADR 021) instead of the embedded sandbox, behind a proxy of its own.
  const captureService = await startCaptureFake();
  const captureUrl = new URL(captureService.url);
  const capturing = await startFaultProxy(captureUrl.hostname, Number(captureUrl.port));
  const proxies: FaultProxy[] = [database, smtp, limits, files, capturing];
  const databaseUrl = new URL(server.href);
  databaseUrl.pathname = `/argine_cluster_${port}`;
  // Each process's admin server on a port of its own: its metrics count the 503s it answered.
  const metricsToken = randomBytes(16).toString("hex");
  const adminPorts = [await freePort(), await freePort()];
  const env = {
    METRICS_TOKEN: metricsToken,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LEGALIZATION_API_URL: capturing.url(captureService.url),
    LEGALIZATION_API_KEY: CAPTURE_FAKE_KEY,
    // Stripe, as the stand-in api.stripe.com (ADR 015), instead of the sandbox.
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
    STRIPE_API_URL: stripe.url,
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    // A mail that failed is tried again within seconds, so the drill sees it arrive.
    MAIL_RETRY_DELAY_SECONDS: "1",
    MAIL_RETRY_MAX_DELAY_SECONDS: "4",
    LOG_LEVEL: "error",
  };
  // The PostgreSQL, Redis and S3 proxies stay idle on PGlite: the embedded default has none of them.
  const cluster: Target = pglite
    ? await startSingle(port, { ...env, ADMIN_PORT: String(adminPorts[0]) })
    : await startCluster({
        port,
        quietProxy: true,
        processEnv: (index) => ({ ADMIN_PORT: String(adminPorts[index]) }),
        env: {
          ...env,
          DATABASE_URL: database.url(databaseUrl.href),
          RATE_LIMIT_STORE: "redis",
          REDIS_URL: limits.url(redis.href),
          S3_ENDPOINT: `http://127.0.0.1:${files.port}`,
        },
      });
  const base = cluster.publicUrl;
  const tally = new Tally();
  const questionnaires: string[] = [];
  const signUps: string[] = [];
  /** Every upload acknowledged (PATCH …/upload answered 200): downloaded byte for byte at the end. */
  const uploads: { b: number; serviceId: string; fileName: string; content: string }[] = [];
  /** Every capture paid for, and whether its files came (stored, their report's hash given). */
  const captures: { serviceId: string; ready: boolean; last: string }[] = [];
  const captureTasks: Promise<void>[] = [];
  /** Every chat message acknowledged (201), read back in its practice's conversation at the end. */
  const comments: { b: number; practiceId: string; id: string; text: string }[] = [];
  /** Every consultation request acknowledged (201): its mail must arrive, SMTP down or not meanwhile. */
  const consultations: string[] = [];
  /** Every payment's event, how many times it was posted, and whether it got its 2xx. */
  const webhooks: { orderId: string; sends: number; delivered: boolean }[] = [];
  const webhookTasks: Promise<void>[] = [];
  /** Every checkout attempt (its key), and the order it paid once it did. */
  const checkouts = new Map<string, { buyer: number; orderId: string | null }>();
  const phases: Phase[] = [];
  /** The SERVICE_UNAVAILABLE answers the processes' metrics count, all of them. */
  let counted = 0;
  let phase: Phase = { name: "warm-up", down: false, slowestMs: 0, unavailable: 0, served: 0 };
  phases.push(phase);
  let running = true;
  const lastServed = new Map<number, number>();

  try {
    const clients = Array.from({ length: CLIENTS }, (_, i) => clientOf(`127.0.0.${i + 20}`, base));
    const tokens = await Promise.all(clients.map((client) => signIn(client, base)));
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const questionnaire = () => ({
      answers: revengePornAnswers(day(10), day(3)),
      statementOfTruth: true,
      privacyAccepted: true,
    });

    /**
     * One call judged: served as expected, or (a dependency it needs down when it was sent or answered)
     * unavailable in Italian, fast. `waiting`: an answer that is neither (a checkout still in progress).
     */
    const judge = async (
      i: number,
      what: string,
      call: Promise<Answer>,
      expected: number,
      waiting?: (answer: Answer) => boolean,
    ) => {
      const started = Date.now();
      const sentIn = phase;
      let answer: Answer;
      try {
        answer = await call;
      } catch (error) {
        tally.fail(what, `no answer: ${(error as Error).message}`);
        return null;
      }
      const took = Date.now() - started;
      phase.slowestMs = Math.max(phase.slowestMs, took);
      if (answer.status === expected) {
        phase.served++;
        tally.succeed(what);
        lastServed.set(i, Date.now());
        return answer;
      }
      const body = (() => {
        try {
          return JSON.parse(answer.text) as { code?: string; message?: string };
        } catch {
          return {};
        }
      })();
      const down = [sentIn, phase].find((p) => p.down && (p.needs?.(what) ?? true));
      if (
        down &&
        answer.status === 503 &&
        body.code === "SERVICE_UNAVAILABLE" &&
        body.message === (down.message ?? MESSAGES.serviceUnavailable) &&
        took < (down.fastMs ?? FAST_MS)
      ) {
        phase.unavailable++;
        tally.succeed(`${what}: 503 while down`);
        return null;
      }
      if (waiting?.(answer)) {
        tally.succeed(`${what}: waiting`);
        return null;
      }
      tally.fail(what, `${answer.status} after ${took} ms ${answer.text.slice(0, 100).replace(/\s+/g, " ")}`);
      return null;
    };

    // The buyers: registered (the form, the mailed link) and signed in before any fault.
    const json = (body: unknown, token?: string) => ({
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, b) => {
        const client = clientOf(`127.0.0.${60 + b}`, base);
        const email = `acquirente.${randomUUID()}@example.org`;
        const registration = { name: "Banco", lastname: "Prova", email, password: BUYER_PASSWORD };
        const registered = await client.send(
          "POST",
          "/v1/users",
          json({ ...registration, privacyConsent: true }),
        );
        if (registered.status !== 202)
          throw new Error(`registration: ${registered.status} ${registered.text}`);
        let link: string | undefined;
        for (let waited = 0; !link && waited < 30_000; waited += 250) {
          await sleep(250);
          const mails = (await (await fetch(`${cluster.mailUrl}/v1/dev/mailbox`)).json()) as {
            to: string;
            text: string;
          }[];
          link = mails.find((m) => m.to === email)?.text.match(/verify\?token=([\w.-]+)/)?.[1];
        }
        if (!link) throw new Error(`no verification mail for ${email}`);
        const verified = await client.send("POST", "/v1/users/verification", json({ token: link }));
        if (verified.status !== 200) throw new Error(`verification: ${verified.status} ${verified.text}`);
        return { client, token: await signIn(client, base, email, BUYER_PASSWORD) };
      }),
    );
    /** A checkout sent again while its first call's lease runs (order-settlement.ts): still in progress. */
    const inProgress = (answer: Answer) =>
      answer.status === 409 && answer.text.includes(JSON.stringify(MESSAGES.orderInProgress).slice(1, -1));

    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    /** A request straight to S3 (a presigned link): failing is right only while S3 is down. */
    const direct = async (
      client: Client,
      method: string,
      url: string,
      init: Parameters<Client["send"]>[2],
    ) => {
      const sentIn = phase;
      const answer = await client.send(method, url, init).catch((error: Error) => error);
      if (!(answer instanceof Error) && answer.status >= 200 && answer.status < 300) return answer;
      if (sentIn.direct || phase.direct) tally.succeed(`${method} (S3 link): failed while down`);
      else
        tally.fail(
          `${method} (S3 link)`,
          answer instanceof Error ? answer.message : `${answer.status} ${answer.text.slice(0, 100)}`,
        );
      return null;
    };
    /** Registered after a PUT that failed: S3 back, the object is not there (the next try, a new link). */
    const notArrived = (answer: Answer) =>
      answer.status === 409 && answer.text.includes(JSON.stringify(MESSAGES.uploadError).slice(1, -1));
    /**
     * A PDF uploaded to the takedown a buyer paid for, as the browser does (the signed link, the PUT, the
     * registration, where the API reads it back from S3), tried again until it is acknowledged.
     */
    const uploadTo = async (i: number, b: number, client: Client, token: string, practiceId: string) => {
      const fileName = `prova-${randomUUID().slice(0, 8)}.pdf`;
      const content = pdf(randomUUID());
      let serviceId: string | undefined;
      for (const until = Date.now() + 90_000; Date.now() < until; await sleep(RETRY_MS)) {
        if (!serviceId) {
          const practice = await judge(
            i,
            "GET /v1/practices/:id",
            client.send("GET", `/v1/practices/${practiceId}`, bearer(token)),
            200,
          );
          if (!practice) continue;
          const { services } = JSON.parse(practice.text) as {
            services: { serviceId: string; serviceType: string }[];
          };
          serviceId = services.find((s) => s.serviceType === "TAKEDOWN")?.serviceId;
          const legalization = services.find((s) => s.serviceType === "LEGALIZATION")?.serviceId;
          if (!serviceId || !legalization)
            return tally.fail("GET /v1/practices/:id", "a service bought missing on a paid practice");
          // The capture runs beside the upload, as a client would do both from the case page.
          captureTasks.push(capture(i, client, token, legalization));
        }
        const query = new URLSearchParams({ fileName, size: String(Buffer.byteLength(content)) });
        const signed = await judge(
          i,
          SIGN,
          client.send("GET", `/v1/services/${serviceId}/signed-url?${query}`, bearer(token)),
          200,
        );
        if (!signed) continue;
        const link = JSON.parse(signed.text) as {
          url: string;
          method: string;
          headers: Record<string, string>;
        };
        const put = await direct(client, link.method, link.url, { headers: link.headers, body: content });
        // Registered even when the PUT failed, so the API's own S3 calls meet the outage.
        const registered = await judge(
          i,
          REGISTER,
          client.send(
            "PATCH",
            `/v1/services/${serviceId}/upload`,
            json({ fileName, serviceType: "TAKEDOWN" }, token),
          ),
          200,
          put ? undefined : notArrived,
        );
        if (registered) return void uploads.push({ b, serviceId, fileName, content });
      }
      tally.fail(REGISTER, `never acknowledged: ${fileName}`);
    };
    /** A stored file downloaded as the case page does (the API checks its hash, then a link): its bytes. */
    const download = async (i: number, client: Client, token: string, file: (typeof uploads)[number]) => {
      const query = new URLSearchParams({ fileName: file.fileName });
      const link = await judge(
        i,
        FETCH,
        client.send("GET", `/v1/services/${file.serviceId}/upload?${query}`, bearer(token)),
        200,
      );
      const got = link && (await direct(client, "GET", (JSON.parse(link.text) as { url: string }).url, {}));
      if (got && got.text !== file.content) tally.fail("GET (S3 link)", `other bytes: ${file.fileName}`);
      return got?.text === file.content;
    };
    /**
     * A legalization bought, captured as the live panel does: started, polled each second, stopped once
     * live, polled until it ends, then its files asked for until they are stored (a capture ended at the
     * provider while it was out of reach is seen, and its files copied, once it is back).
     */
    const capture = async (i: number, client: Client, token: string, serviceId: string) => {
      const entry = { serviceId, ready: false, last: "" };
      captures.push(entry);
      const path = `/v1/services/legalization/${serviceId}`;
      let started = false;
      let stopped = false;
      for (const until = Date.now() + 120_000; Date.now() < until; await sleep(1_000)) {
        const answer = !started
          ? await judge(
              i,
              CAPTURE_START,
              client.send(
                "POST",
                `${path}/session`,
                json({ url: `https://example.org/${serviceId}` }, token),
              ),
              201,
            )
          : await judge(i, CAPTURE_POLL, client.send("GET", `${path}/session`, bearer(token)), 200);
        if (!answer) continue;
        // No session: a start that met PostgreSQL failing left a claim, dropped since (legalization-service.ts).
        const session = JSON.parse(answer.text) as { state: string } | null;
        started = session !== null;
        if (!session) continue;
        const { state } = session;
        entry.last = state;
        if (state === "LIVE" && !stopped)
          stopped = !!(await judge(i, CAPTURE_STOP, client.send("POST", `${path}/stop`, bearer(token)), 200));
        if (state !== "CLOSED") continue;
        const stored = await judge(
          i,
          CAPTURE_FILES,
          client.send("GET", `${path}/session-files`, bearer(token)),
          200,
          (a) => a.status === 404,
        );
        if (!stored) continue;
        const { reportSha256, files } = JSON.parse(stored.text) as {
          reportSha256: string | null;
          files: { name: string }[];
        };
        if (!reportSha256 || !files.some((f) => f.name === "report.pdf"))
          tally.fail(CAPTURE_FILES, `no report: ${stored.text.slice(0, 100)}`);
        entry.ready = true;
        return;
      }
    };
    /** Each buyer reads its last file back every 1.5 s. */
    const downloadLoops = buyers.map(async ({ client, token }, b) => {
      while (running) {
        await sleep(1_500);
        const file = uploads.findLast((u) => u.b === b);
        if (file) await download(CLIENTS + b, client, token, file);
      }
    });

    /** Stripe's deliveries, from an address of their own (the webhook's limit: 600 a minute). */
    const provider = clientOf("127.0.0.90", base);
    /**
     * A paid order's payment_intent.succeeded, posted as Stripe does (signed anew at each delivery) and sent
     * again after any non-2xx until it gets one: a 503 while a dependency it needs is down, never a 2xx
     * without recording (order-settlement.ts records it, then settles from the intent it reads back).
     */
    const deliver = async (orderId: string) => {
      const intent = [...stripe.intents.values()].find(
        (it) => it.metadata.orderId === orderId && it.status === "succeeded",
      );
      if (!intent) return tally.fail(WEBHOOK, `no intent charged for the paid order ${orderId}`);
      const body = stripe.event("payment_intent.succeeded", intent.id);
      const entry = { orderId, sends: 0, delivered: false };
      webhooks.push(entry);
      // Delivered some seconds after the payment (up to a fault's length here), so events meet the faults too:
      // checkouts are paid only while PostgreSQL is up.
      await sleep(Math.random() * (FAULT_MS + SETTLE_MS));
      for (const until = Date.now() + 120_000; Date.now() < until; await sleep(WEBHOOK_RETRY_MS)) {
        entry.sends++;
        const signature = stripeSignature(
          STRIPE_TEST_KEYS.webhookSecret,
          body,
          Math.floor(Date.now() / 1000),
        );
        const answer = await judge(
          -1,
          WEBHOOK,
          provider.send("POST", "/v1/webhooks/stripe", {
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body,
          }),
          200,
        );
        if (!answer) continue;
        if (answer.text !== JSON.stringify({ received: true }))
          tally.fail(WEBHOOK, `answered ${answer.text.slice(0, 100)}`);
        entry.delivered = true;
        return;
      }
      tally.fail(WEBHOOK, `never acknowledged: order ${orderId}'s event, ${entry.sends} sends`);
    };
    /** Each buyer's last paid practice, where it writes its chat messages. */
    const paidPractice: (string | undefined)[] = buyers.map(() => undefined);
    /**
     * A buyer's chat message on its paid practice every CHAT_MS. No idempotency key: a message not
     * acknowledged is not sent again (it could be a second one), the next one follows.
     */
    const chatLoops = buyers.map(async ({ client, token }, b) => {
      let n = 0;
      while (running) {
        const started = Date.now();
        const practiceId = paidPractice[b];
        if (practiceId) {
          const text = `Messaggio di prova ${++n} (${randomUUID()})`;
          const sent = await judge(
            CLIENTS + b,
            COMMENT,
            client.send("POST", `/v1/practices/${practiceId}/comments`, json({ comment: text }, token)),
            201,
          );
          if (sent) comments.push({ b, practiceId, id: (JSON.parse(sent.text) as { id: string }).id, text });
        }
        await sleep(Math.max(0, CHAT_MS - (Date.now() - started)));
      }
    });
    /**
     * Visitors' consultation requests (each a new address, so its mail goes out once), from addresses of their
     * own; a slot from the last list offered when the slots cannot be read (a request holds none).
     */
    const bookingLoops = Array.from({ length: BOOKERS }, async (_, k) => {
      const client = clientOf(`127.0.0.${80 + k}`, base);
      let offered: { startsAt: string }[] = [];
      await sleep((k * BOOKING_MS) / BOOKERS);
      while (running) {
        const started = Date.now();
        const slots = await judge(
          -1,
          "GET /v1/consultations/slots",
          client.send("GET", "/v1/consultations/slots"),
          200,
        );
        if (slots) offered = (JSON.parse(slots.text) as { slots: { startsAt: string }[] }).slots;
        // A slot a day or more ahead, still offered when the request is sent.
        const later = offered.filter((slot) => Date.parse(slot.startsAt) > Date.now() + 86_400_000);
        const slot = later[Math.floor(Math.random() * later.length)];
        if (slots && !slot) tally.fail("GET /v1/consultations/slots", "no slot offered a day ahead");
        if (slot) {
          const email = `visita.${randomUUID()}@example.org`;
          const booking = {
            name: "Prova Guasto",
            email,
            phone: null,
            kind: "video",
            startsAt: slot.startsAt,
            privacyAccepted: true,
          };
          if (await judge(-1, BOOKING, client.send("POST", "/v1/consultations", json(booking)), 201))
            consultations.push(email);
        }
        await sleep(Math.max(0, BOOKING_MS - (Date.now() - started)));
      }
      client.close();
    });

    /**
     * A buyer: a questionnaire, claimed, then its services checked out with Stripe's 4242 test card under one
     * idempotency key, sent again until it is paid (past the loop's end too: a checkout started is finished).
     */
    let kick = () => {};
    const kicked = () =>
      new Promise<void>((resolve) => {
        const previous = kick;
        kick = () => {
          previous();
          resolve();
        };
      });
    const buyerLoops = buyers.map(async ({ client, token }, b) => {
      const i = CLIENTS + b;
      while (running) {
        const started = Date.now();
        const created = await judge(
          i,
          "POST /v1/feedback (buyer)",
          client.send("POST", "/v1/feedback", json(questionnaire())),
          201,
        );
        const practice = created && (JSON.parse(created.text) as { practiceId: string; claimToken: string });
        const claimed =
          practice &&
          (await judge(
            i,
            "PATCH /v1/practices/:id/user",
            client.send(
              "PATCH",
              `/v1/practices/${practice.practiceId}/user`,
              json({ claimToken: practice.claimToken }, token),
            ),
            200,
          ));
        if (practice && claimed) {
          const idempotencyKey = randomUUID();
          const body = {
            practiceId: practice.practiceId,
            items: ["TAKEDOWN", "LEGALIZATION"],
            invoice: TEST_BILLING,
            salesConditionsAccepted: true,
            withdrawalWaiverAccepted: true,
            idempotencyKey,
            payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: "pm_card_visa" }) },
          };
          const attempt = { buyer: b, orderId: null as string | null };
          checkouts.set(idempotencyKey, attempt);
          for (const until = Date.now() + 90_000; !attempt.orderId && Date.now() < until; ) {
            const paid = await judge(
              i,
              CHECKOUT,
              client.send("POST", "/v1/orders", json(body, token)),
              200,
              inProgress,
            );
            const order =
              paid && (JSON.parse(paid.text) as { order: { id: string; status: string } | null }).order;
            if (order?.status === "PAID") attempt.orderId = order.id;
            else if (paid) tally.fail(CHECKOUT, `answered ${paid.text.slice(0, 100)}`);
            if (!attempt.orderId) await sleep(RETRY_MS);
          }
          if (attempt.orderId) {
            paidPractice[b] = practice.practiceId;
            webhookTasks.push(deliver(attempt.orderId));
            await uploadTo(i, b, client, token, practice.practiceId);
          }
        }
        // The next purchase at its time, or at once when a fault of the provider starts.
        await Promise.race([sleep(Math.max(0, PURCHASE_MS - (Date.now() - started))), kicked()]);
      }
    });

    const loops = clients.map(async (client: Client, i) => {
      let lastWrite = 0;
      let lastSlots = 0;
      let n = 0;
      while (running) {
        // A read with a limit of its own (60 a minute per address): every 2 s, so the limits' store is asked.
        if (Date.now() - lastSlots > 2_000) {
          lastSlots = Date.now();
          await judge(i, "GET /v1/consultations/slots", client.send("GET", "/v1/consultations/slots"), 200);
        }
        await judge(
          i,
          "GET /v1/practices (signed in)",
          client.send("GET", "/v1/practices", {
            headers: { authorization: `Bearer ${tokens[i]}` },
          }),
          200,
        );
        // The questionnaire: 10 a minute per address; the newsletter: 5. One of them every 7 s.
        if (Date.now() - lastWrite > 7_000) {
          lastWrite = Date.now();
          if (n++ % 2 === 0) {
            const created = await judge(
              i,
              "POST /v1/feedback",
              client.send("POST", "/v1/feedback", {
                headers: { "content-type": "application/json" },
                body: JSON.stringify(questionnaire()),
              }),
              201,
            );
            if (created) questionnaires.push((JSON.parse(created.text) as { practiceId: string }).practiceId);
          } else {
            const email = `iscritta-${i}-${n}-${Date.now()}@example.org`;
            const signedUp = await judge(
              i,
              "POST /v1/newsletter",
              client.send("POST", "/v1/newsletter", {
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ email, privacyAccepted: true }),
              }),
              202,
            );
            if (signedUp) signUps.push(email);
          }
        }
        await sleep(200);
      }
    });

    const readiness = async () =>
      Promise.all(
        cluster.apiPorts.map(async (apiPort) =>
          (await fetch(`http://127.0.0.1:${apiPort}/readyz`).catch(() => null))?.json().catch(() => null),
        ),
      );
    /** A dependency down for FAULT_MS, then back: the phase's figures, the readiness seen meanwhile. */
    /**
     * A dependency down for FAULT_MS (`cut`, then the function it returns puts it back): the phase's figures,
     * the readiness seen meanwhile. `watched`: the clients whose being served again says it is back.
     */
    const fault = async (
      name: string,
      cut: () => () => void,
      how: Pick<Phase, "needs" | "message" | "fastMs" | "direct"> = {},
      watched: number[] = clients.map((_, i) => i),
      // Long enough for a call to meet the fault's whole bound before it ends.
      lasts = Math.max(FAULT_MS, (how.fastMs ?? 0) + 4_000),
    ) => {
      phase = { name, down: true, slowestMs: 0, unavailable: 0, served: 0, ...how };
      phases.push(phase);
      tally.phase = name;
      process.stdout.write(`Fault drill${pglite ? " (PGlite)" : ""}: ${name}\n`);
      const restore = cut();
      // Readiness as the fault ends: an optional dependency is found out by the calls that need it.
      await sleep(lasts);
      const seen = await readiness();
      restore();
      const upAt = Date.now();
      phase.upAt = upAt;
      // Recovered: every client watched served at least once since the dependency came back.
      const current = phase;
      while (Date.now() - upAt < 60_000 && watched.some((i) => (lastServed.get(i) ?? 0) < upAt))
        await sleep(100);
      current.recoveredAt = Date.now();
      // A moment for what was caught mid-call to end while 503s still count as right.
      await sleep(SETTLE_MS);
      phase = { name: `after ${name}`, down: false, slowestMs: 0, unavailable: 0, served: 0 };
      phases.push(phase);
      tally.phase = phase.name;
      await sleep(SETTLE_MS);
      return seen;
    };

    await sleep(SETTLE_MS);
    /** What /readyz said on each process as the fault ended, against what it should. */
    const readyzSaid = (what: string, seen: unknown[], expected: unknown) => {
      for (const body of seen)
        if (JSON.stringify(body) !== JSON.stringify(expected))
          tally.fail(`/readyz ${what}`, JSON.stringify(body));
    };
    const cutting = (proxy: FaultProxy, mode: "refuse" | "hang") => () => {
      proxy.set(mode);
      return () => proxy.set("up");
    };
    const stripeFault = (mode: "500" | "hang") => () => {
      stripe.fault = mode;
      const wake = kick;
      kick = () => {};
      wake();
      return () => {
        stripe.fault = null;
      };
    };
    /** Only the calls that need the dependency may answer 503; an optional one fails none. */
    const none = () => false;
    const buyersWatched = buyers.map((_, b) => CLIENTS + b);
    if (!pglite) {
      readyzSaid("with PostgreSQL stopped", await fault("PostgreSQL stopped", cutting(database, "refuse")), {
        status: "database-unreachable",
      });
      // A partition: the pool's open connections wait for an answer that never comes; the query timeout
      // (packages/db/src/client.ts) bounds them.
      readyzSaid(
        "with PostgreSQL not answering",
        await fault("PostgreSQL not answering", cutting(database, "hang"), {
          fastMs: QUERY_TIMEOUT_MS + 2_000,
        }),
        { status: "database-unreachable" },
      );
    }
    readyzSaid(
      "with the mail server refusing",
      await fault("the mail server refusing", cutting(smtp, "refuse"), { needs: none }),
      { status: "ready" },
    );
    if (!pglite) {
      readyzSaid(
        "with Redis not answering",
        await fault("Redis not answering", cutting(limits, "hang"), { needs: none }),
        { status: "ready", degraded: ["redis"] },
      );
      // S3 refusing: the uploads' and downloads' calls answer 503 (s3-storage.ts), their links' requests
      // fail; the process stays ready (its readiness does not ask S3).
      readyzSaid(
        "with S3 refusing",
        await fault(
          "S3 refusing",
          cutting(files, "refuse"),
          { needs: (what) => [SIGN, REGISTER, FETCH].includes(what), direct: true },
          buyersWatched,
        ),
        { status: "ready" },
      );
      // S3 not answering (connections accepted, nothing said): the same 503s, each within the client's
      // bound (two tries of the socket's timeout, s3-storage.ts).
      readyzSaid(
        "with S3 not answering",
        await fault(
          "S3 not answering",
          cutting(files, "hang"),
          {
            needs: (what) => [SIGN, REGISTER, FETCH].includes(what),
            direct: true,
            fastMs: S3_ATTEMPTS * (S3_SOCKET_TIMEOUT_MS + 1_500),
          },
          buyersWatched,
        ),
        { status: "ready" },
      );
    }
    // The capture service gone: the calls asking it answer 503 (capture/service-provider.ts), the process
    // stays ready; a capture that ended there meanwhile is seen, and its files copied, once it is back.
    readyzSaid(
      "with the capture service gone",
      await fault(
        "the capture service gone",
        cutting(capturing, "refuse"),
        { needs: (what) => [CAPTURE_START, CAPTURE_POLL, CAPTURE_STOP, CAPTURE_FILES].includes(what) },
        buyersWatched,
      ),
      { status: "ready" },
    );
    // The card provider is optional to the process (ready), required by the checkout alone.
    // The webhook reads the intent back from the provider: a 503 then, and Stripe sends it again.
    const payment = {
      needs: (what: string) => what === CHECKOUT || what === WEBHOOK,
      message: MESSAGES.cardPaymentUnavailable,
    };
    readyzSaid(
      "with the payment provider answering 500",
      await fault("the payment provider: 500", stripeFault("500"), payment, buyersWatched),
      { status: "ready" },
    );
    readyzSaid(
      "with the payment provider not answering",
      await fault(
        "the payment provider: no answer",
        stripeFault("hang"),
        { ...payment, fastMs: PAYMENT_FAST_MS },
        buyersWatched,
      ),
      { status: "ready" },
    );
    running = false;
    await Promise.all([...loops, ...buyerLoops, ...downloadLoops, ...chatLoops, ...bookingLoops]);
    await Promise.all([...captureTasks, ...webhookTasks]);

    // Nothing acknowledged is lost: the questionnaires are read back, each sign-up's mail has arrived.
    phase = { name: "the check", down: false, slowestMs: 0, unavailable: 0, served: 0 };
    tally.phase = phase.name;
    const readers = Array.from({ length: Math.ceil(questionnaires.length / 50) }, (_, i) =>
      clientOf(`127.0.0.${120 + i}`, base),
    );
    for (const [i, id] of questionnaires.entries())
      await judge(
        -1,
        "acknowledged questionnaire read back",
        (readers[Math.floor(i / 50)] as Client).send("GET", `/v1/practices/${id}/feedback`),
        200,
      );
    const mailed = async () => {
      const list = (await (await fetch(`${cluster.mailUrl}/v1/dev/mailbox`)).json()) as { to: string }[];
      const to = new Set(list.map((m) => m.to));
      return [...signUps, ...consultations].filter((email) => !to.has(email));
    };
    let missing = await mailed();
    for (let waited = 0; missing.length && waited < 60_000; waited += 1_000) {
      await sleep(1_000);
      missing = await mailed();
    }
    for (const email of missing)
      tally.fail(
        email.startsWith("visita.")
          ? "acknowledged consultation request's mail"
          : "acknowledged sign-up's mail",
        `never came: ${email}`,
      );
    // Every chat message acknowledged is in its practice's conversation, as its client reads it.
    for (const practiceId of new Set(comments.map((c) => c.practiceId))) {
      const written = comments.filter((c) => c.practiceId === practiceId);
      const { client, token } = buyers[
        (written[0] as (typeof comments)[number]).b
      ] as (typeof buyers)[number];
      const read = await judge(
        -1,
        "acknowledged chat messages read back",
        client.send("GET", `/v1/practices/${practiceId}/comments`, bearer(token)),
        200,
      );
      const messages = read ? (JSON.parse(read.text) as { id: string; comment: string }[]) : [];
      for (const { id, text } of written)
        if (!messages.some((m) => m.id === id && m.comment === text))
          tally.fail("acknowledged chat message", `not in its conversation: ${id} on practice ${practiceId}`);
    }
    // Every payment's event got its 2xx (a failure is tallied by deliver), and every order paid is still PAID.
    for (const [b, { client, token }] of buyers.entries()) {
      const listed = await judge(
        -1,
        "GET /v1/orders (the check)",
        client.send("GET", "/v1/orders?pageSize=100", bearer(token)),
        200,
      );
      const status = new Map(
        (listed ? (JSON.parse(listed.text) as { data: { id: string; status: string }[] }).data : []).map(
          (o) => [o.id, o.status],
        ),
      );
      for (const { buyer, orderId } of checkouts.values())
        if (buyer === b && orderId && status.get(orderId) !== "PAID")
          tally.fail("order paid", `order ${orderId} now ${status.get(orderId) ?? "missing"}`);
    }
    // Every upload acknowledged is there, byte for byte.
    for (const file of uploads) {
      const { client, token } = buyers[file.b] as (typeof buyers)[number];
      let found = false;
      for (let tries = 0; !found && tries < 5; tries++) found = await download(-1, client, token, file);
      if (!found) tally.fail("acknowledged upload", `not downloaded: ${file.fileName}`);
    }
    for (const { serviceId, ready, last } of captures)
      if (!ready)
        tally.fail(
          "capture paid for",
          `files never stored: legalization ${serviceId}, last seen ${last || "none"}`,
        );
    // Every checkout started is paid, with one intent; every intent charged is a paid order's.
    const paidOrders = new Set<string>();
    for (const [key, { orderId }] of checkouts)
      if (!orderId) tally.fail("checkout", `never paid: ${key}`);
      else paidOrders.add(orderId);
    const intentsOf = new Map<string, string[]>();
    for (const intent of stripe.intents.values()) {
      const orderId = intent.metadata.orderId ?? "";
      intentsOf.set(orderId, [...(intentsOf.get(orderId) ?? []), intent.status]);
      if (intent.status === "succeeded" && !paidOrders.has(orderId))
        tally.fail("charged intent", `order ${orderId} not acknowledged paid`);
    }
    for (const [orderId, statuses] of intentsOf)
      if (statuses.length > 1) tally.fail("one intent per order", `order ${orderId}: ${statuses.join(", ")}`);
    // Every 503 the clients were answered is counted in the processes' metrics as SERVICE_UNAVAILABLE.
    const answered = phases.reduce((n, p) => n + p.unavailable, 0);
    for (const [index, apiPort] of cluster.apiPorts.entries()) {
      const text = await fetch(`http://127.0.0.1:${adminPorts[index]}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      }).then((r) => r.text());
      counted += Number(/^argine_errors_total\{code="SERVICE_UNAVAILABLE"\} (\d+)/m.exec(text)?.[1] ?? 0);
      if (!text.includes("argine_errors_total"))
        tally.fail("metrics", `process on ${apiPort}: no errors counted`);
    }
    if (counted < answered)
      tally.fail("metrics", `${answered} answered 503, ${counted} counted SERVICE_UNAVAILABLE`);
    for (const client of [...clients, ...readers, provider, ...buyers.map((b) => b.client)]) client.close();
  } finally {
    running = false;
    await cluster.stop();
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await stripe.close();
    await captureService.close();
  }

  /** How many of a call's answers were the 503 of a dependency down. */
  const turnedAway = (what: string) => tally.ok.get(`${what}: 503 while down`) ?? 0;
  process.stdout.write(
    [
      "",
      `Fault drill (${short ? "short" : "long"}): ${CLIENTS} clients, each fault ${FAULT_MS / 1000} s, ${pglite ? "PGlite, one process, the embedded default" : "PostgreSQL with two processes behind nginx"}`,
      "  phase                                  served  503 (Italian)  slowest answer  recovery",
      ...phases.map(
        (p) =>
          `  ${p.name.padEnd(38)} ${String(p.served).padStart(6)}  ${String(p.unavailable).padStart(13)}  ${`${p.slowestMs} ms`.padStart(14)}  ${
            p.upAt && p.recoveredAt ? `${p.recoveredAt - p.upAt} ms` : ""
          }`,
      ),
      `  ${questionnaires.length} questionnaires, ${signUps.length} sign-ups, ${consultations.length} consultation requests (${turnedAway(BOOKING)} answered 503), ${comments.length} chat messages (${turnedAway(COMMENT)} answered 503), ${uploads.length} uploads, ${captures.filter((c) => c.ready).length}/${captures.length} captures with their files and ${checkouts.size} checkouts acknowledged, ${stripe.intents.size} intents; ${webhooks.filter((w) => w.delivered).length}/${webhooks.length} webhooks acknowledged in ${webhooks.reduce((n, w) => n + w.sends, 0)} sends (${turnedAway(WEBHOOK)} answered 503); ${tally.failures} failed`,
      `  ${phases.reduce((n, p) => n + p.unavailable, 0)} answers 503 (Italian) seen, ${counted} counted in the metrics as SERVICE_UNAVAILABLE`,
      ...[...tally.failed].map(([what, why]) => `  FAILED ${what}: ${why.length}× e.g. ${why[0]}`),
      "",
    ].join("\n"),
  );
  return tally.failures === 0 ? 0 : 1;
}

/**
 * `--engine`: postgres (the cluster, on --port and the five after), pglite (one embedded process, the same
 * ports), or both at once (PGlite's on --port + 10 and after).
 */
async function main(): Promise<number> {
  const port = Number(options.port);
  const engine = options.engine;
  if (engine === "both")
    return Math.max(...(await Promise.all([drill("postgres", port), drill("pglite", port + 10)])));
  if (engine !== "postgres" && engine !== "pglite")
    throw new Error(`--engine: postgres, pglite or both, not ${engine}`);
  return drill(engine, port);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`fault drill: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
