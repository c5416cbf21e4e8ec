// Dependency faults under traffic (issue 39), on the cluster (two API processes on one PostgreSQL database
// behind nginx) with PostgreSQL, the mail server and Redis (the limits' store) each behind a TCP proxy the
// drill cuts (apps/api/test/fault-proxy.ts), as a stopped server would end its connections. While virtual
// clients read the catalogue, call as signed-in clients, send questionnaires and sign up to the newsletter:
//   1. PostgreSQL stopped, then started: every call answers at once, served or 503 «Il servizio è
//      momentaneamente non disponibile» (never 401, never a bare 500, never a hang); /readyz says
//      `database-unreachable`; once it is back everything is served again, without a restart;
//   2. the mail server refusing: the sign-ups are still acknowledged, and their mails arrive once it is back;
//   3. Redis not answering (connections accepted, nothing said): the limits fall back, calls answer as usual,
//      /readyz stays 200 naming it.
// Then every questionnaire acknowledged is read back and every acknowledged sign-up's mail is found. It prints
// each fault's figures (answers by kind, slowest answer, recovery time) and exits 1 on a wrong answer, a hung
// request, a lost write or a mail that never came.
//
//   node scripts/cluster/fault-drill.ts [--short] [--port 3280]

import { parseArgs } from "node:util";
import { MESSAGES } from "@argine/core/shared/messages";
import { type FaultProxy, startFaultProxy } from "../../apps/api/test/fault-proxy.ts";
import { revengePornAnswers } from "../../apps/api/test/feedback-answers.ts";
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
/** How long each dependency stays down. */
const FAULT_MS = short ? 6_000 : 30_000;
const SETTLE_MS = short ? 2_000 : 5_000;
/** An answer slower than this while a dependency is down is not "failing fast". */
const FAST_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Phase {
  name: string;
  /** The dependency is down: a 503 with the Italian message is a right answer then. */
  down: boolean;
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
  const phases: Phase[] = [];
  let phase: Phase = { name: "warm-up", down: false, slowestMs: 0, unavailable: 0, served: 0 };
  phases.push(phase);
  let running = true;
  const lastServed = new Map<number, number>();

  try {
    const clients = Array.from({ length: CLIENTS }, (_, i) => clientOf(`127.0.0.${i + 20}`, base));
    const tokens = await Promise.all(clients.map((client) => signIn(client, base)));
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

    /** One call judged: served as expected, or (the dependency down) unavailable in Italian, fast. */
    const judge = async (i: number, what: string, call: Promise<Answer>, expected: number) => {
      const started = Date.now();
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
      if (
        phase.down &&
        answer.status === 503 &&
        body.code === "SERVICE_UNAVAILABLE" &&
        body.message === MESSAGES.serviceUnavailable &&
        took < FAST_MS
      ) {
        phase.unavailable++;
        tally.succeed(`${what}: 503 while down`);
        return null;
      }
      tally.fail(what, `${answer.status} after ${took} ms ${answer.text.slice(0, 100).replace(/\s+/g, " ")}`);
      return null;
    };

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
                body: JSON.stringify({
                  answers: revengePornAnswers(day(10), day(3)),
                  statementOfTruth: true,
                  privacyAccepted: true,
                }),
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
    const fault = async (name: string, proxy: FaultProxy, mode: "refuse" | "hang") => {
      phase = { name, down: true, slowestMs: 0, unavailable: 0, served: 0 };
      phases.push(phase);
      tally.phase = name;
      process.stdout.write(`Fault drill: ${name}\n`);
      proxy.set(mode);
      // Readiness as the fault ends: an optional dependency is found out by the calls that need it.
      await sleep(FAULT_MS);
      const seen = await readiness();
      proxy.set("up");
      const upAt = Date.now();
      phase.upAt = upAt;
      // Recovered: every client served at least once since the dependency came back.
      const current = phase;
      while (Date.now() - upAt < 60_000 && clients.some((_, i) => (lastServed.get(i) ?? 0) < upAt))
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
    readyzSaid("with PostgreSQL stopped", await fault("PostgreSQL stopped", database, "refuse"), {
      status: "database-unreachable",
    });
    readyzSaid("with the mail server refusing", await fault("the mail server refusing", smtp, "refuse"), {
      status: "ready",
    });
    readyzSaid("with Redis not answering", await fault("Redis not answering", limits, "hang"), {
      status: "ready",
      degraded: ["redis"],
    });
    running = false;
    await Promise.all(loops);

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
    for (const client of [...clients, ...readers]) client.close();
  } finally {
    running = false;
    await cluster.stop();
    await Promise.all(proxies.map((proxy) => proxy.close()));
  }

  process.stdout.write(
    [
      "",
      `Fault drill (${short ? "short" : "long"}): ${CLIENTS} clients, each fault ${FAULT_MS / 1000} s, PostgreSQL with two processes behind nginx`,
      "  phase                            served  503 (Italian)  slowest answer  recovery",
      ...phases.map(
        (p) =>
          `  ${p.name.padEnd(32)} ${String(p.served).padStart(6)}  ${String(p.unavailable).padStart(13)}  ${`${p.slowestMs} ms`.padStart(14)}  ${
            p.upAt && p.recoveredAt ? `${p.recoveredAt - p.upAt} ms` : ""
          }`,
      ),
      `  ${questionnaires.length} questionnaires and ${signUps.length} sign-ups acknowledged; ${tally.failures} failed`,
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
