// Dependency faults under traffic (issue 39), on the cluster (two API processes on one PostgreSQL database
// behind nginx) with PostgreSQL, the mail server and Redis (the limits' store) each behind a TCP proxy the
// drill cuts (apps/api/test/fault-proxy.ts), as a stopped server would end its connections. While virtual
// clients read the catalogue, call as signed-in clients, send questionnaires and sign up to the newsletter:
//   1. PostgreSQL stopped, then started: every call answers at once, served or 503 «Il servizio è
//      momentaneamente non disponibile» (never 401, never a bare 500, never a hang); /readyz says
//      `database-unreachable`; once it is back everything is served again, without a restart;
//   2. the mail server refusing: the sign-ups are still acknowledged, and their mails arrive once it is back;
//   3. Redis not answering (connections accepted, nothing said): the limits fall back, calls answer as usual,
//      /readyz stays 200 naming it;
//   2b. PostgreSQL not answering (a partition: connections kept open, nothing coming back): the same, each
//      call within the pool's query timeout (packages/db/src/client.ts);
//   4. the payment provider (the Stripe stand-in, apps/api/test/stripe-fake.ts) answering 500, then not
//      answering at all: buyers (registered through the mail) keep checking out; a checkout answers 503
//      «Il pagamento con carta non è disponibile al momento» (ADR 015), at once or within the SDK's bound
//      (payments/stripe-provider.ts), or 409 while its first call's lease runs; the same attempt (its
//      idempotency key) is sent again until it is paid, every other call is served meanwhile.
// Then every questionnaire acknowledged is read back, every acknowledged sign-up's mail is found, every
// checkout started is paid with one intent, and every intent the provider charged is a paid order. It prints
// each fault's figures (answers by kind, slowest answer, recovery time) and exits 1 on a wrong answer, a hung
// request, a lost write, a double charge or a mail that never came.
//
//   node scripts/cluster/fault-drill.ts [--short] [--port 3280]

import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { MESSAGES } from "@argine/core/shared/messages";
import { QUERY_TIMEOUT_MS } from "@argine/db/client";
import { STRIPE_RETRIES, STRIPE_TIMEOUT_MS } from "../../apps/api/src/payments/stripe-provider.ts";
import { TEST_BILLING } from "../../apps/api/test/checkout.ts";
import { type FaultProxy, startFaultProxy } from "../../apps/api/test/fault-proxy.ts";
import { revengePornAnswers } from "../../apps/api/test/feedback-answers.ts";
import { STRIPE_TEST_KEYS, startStripeFake } from "../../apps/api/test/stripe-fake.ts";
import { type Answer, type Client, clientOf, signIn, Tally } from "./drill-client.ts";
import { clusterPorts } from "./ports.ts";
import { startCluster } from "./start-cluster.ts";

const { values: options } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    port: { type: "string", default: process.env.FAULT_DRILL_PORT ?? "3280" },
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
/** A provider call waits for a silent Stripe this long at most: each try's timeout, the SDK's pause. */
const PAYMENT_FAST_MS = (STRIPE_RETRIES + 1) * (STRIPE_TIMEOUT_MS + 1_000);
const BUYER_PASSWORD = "Girasole-Lento-42";
const CHECKOUT = "POST /v1/orders";

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
  /** When the dependency came back, and the first moment every client was served again since. */
  upAt?: number;
  recoveredAt?: number;
  slowestMs: number;
  unavailable: number;
  served: number;
}

async function main(): Promise<number> {
  const port = Number(options.port);
  const ports = clusterPorts(port);
  const server = new URL(process.env.CLUSTER_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres");
  const redis = new URL(process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379");
  const [database, smtp, limits] = await Promise.all([
    startFaultProxy(server.hostname, Number(server.port || 5432)),
    startFaultProxy("127.0.0.1", ports.smtp),
    startFaultProxy(redis.hostname, Number(redis.port || 6379)),
  ]);
  const proxies: FaultProxy[] = [database, smtp, limits];
  const stripe = await startStripeFake(0);
  const databaseUrl = new URL(server.href);
  databaseUrl.pathname = `/argine_cluster_${port}`;
  const cluster = await startCluster({
    port,
    quietProxy: true,
    env: {
      DATABASE_URL: database.url(databaseUrl.href),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      RATE_LIMIT_STORE: "redis",
      REDIS_URL: limits.url(redis.href),
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
    },
  });
  const base = cluster.publicUrl;
  const tally = new Tally();
  const questionnaires: string[] = [];
  const signUps: string[] = [];
  /** Every checkout attempt (its key), and the order it paid once it did. */
  const checkouts = new Map<string, { buyer: number; orderId: string | null }>();
  const phases: Phase[] = [];
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
            items: ["TAKEDOWN"],
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
      how: Pick<Phase, "needs" | "message" | "fastMs"> = {},
      watched: number[] = clients.map((_, i) => i),
      // Long enough for a call to meet the fault's whole bound before it ends.
      lasts = Math.max(FAULT_MS, (how.fastMs ?? 0) + 4_000),
    ) => {
      phase = { name, down: true, slowestMs: 0, unavailable: 0, served: 0, ...how };
      phases.push(phase);
      tally.phase = name;
      process.stdout.write(`Fault drill: ${name}\n`);
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
    readyzSaid(
      "with the mail server refusing",
      await fault("the mail server refusing", cutting(smtp, "refuse"), { needs: none }),
      { status: "ready" },
    );
    readyzSaid(
      "with Redis not answering",
      await fault("Redis not answering", cutting(limits, "hang"), { needs: none }),
      { status: "ready", degraded: ["redis"] },
    );
    // The card provider is optional to the process (ready), required by the checkout alone.
    const payment = { needs: (what: string) => what === CHECKOUT, message: MESSAGES.cardPaymentUnavailable };
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
    await Promise.all([...loops, ...buyerLoops]);

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
      return signUps.filter((email) => !to.has(email));
    };
    let missing = await mailed();
    for (let waited = 0; missing.length && waited < 60_000; waited += 1_000) {
      await sleep(1_000);
      missing = await mailed();
    }
    for (const email of missing) tally.fail("acknowledged sign-up's mail", `never came: ${email}`);
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
    for (const client of [...clients, ...readers, ...buyers.map((b) => b.client)]) client.close();
  } finally {
    running = false;
    await cluster.stop();
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await stripe.close();
  }

  process.stdout.write(
    [
      "",
      `Fault drill (${short ? "short" : "long"}): ${CLIENTS} clients, each fault ${FAULT_MS / 1000} s, PostgreSQL with two processes behind nginx`,
      "  phase                                  served  503 (Italian)  slowest answer  recovery",
      ...phases.map(
        (p) =>
          `  ${p.name.padEnd(38)} ${String(p.served).padStart(6)}  ${String(p.unavailable).padStart(13)}  ${`${p.slowestMs} ms`.padStart(14)}  ${
            p.upAt && p.recoveredAt ? `${p.recoveredAt - p.upAt} ms` : ""
          }`,
      ),
      `  ${questionnaires.length} questionnaires, ${signUps.length} sign-ups and ${checkouts.size} checkouts acknowledged, ${stripe.intents.size} intents; ${tally.failures} failed`,
      ...[...tally.failed].map(([what, why]) => `  FAILED ${what}: ${why.length}× e.g. ${why[0]}`),
      "",
    ].join("\n"),
  );
  return tally.failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`fault drill: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
