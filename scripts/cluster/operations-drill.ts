// The runbook's procedures under traffic (issue 39), on the cluster `npm run cluster` starts (two API
// processes on one PostgreSQL database behind nginx): while virtual clients read the catalogue, call as
// signed-in clients, send questionnaires and sign in again and again, the drill
//   1. restarts the processes one after the other (the rolling restart: SIGTERM, the start, its /readyz);
//   2. rotates the provider's keys (`npm run keys -- rotate-signing`, as the runbook says, no restart), then
//      restarts the processes again (a crash-restart after a rotation: generations mixed);
//   3. upgrades them one at a time to a release with one more migration (a copy of this one with an
//      additive migration: the first new process applies it under the lock while the other serves).
// Then it checks every questionnaire acknowledged is there. It prints what failed, by step and answer, and
// exits 1 on any failed request or sign-in. A failed request is any answer but the one expected (a 429
// too: the clients stay within the limits, each from an address of its own, 127.0.0.x), or no answer.
//
//   node scripts/cluster/operations-drill.ts [--short] [--port 3260] [--clients 12]
//
// --short (CI, scripts/test.ts): fewer clients, shorter pauses between the procedures.

import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { revengePornAnswers } from "../../apps/api/test/feedback-answers.ts";
import { type Answer, type Client, clientOf, signIn, Tally } from "./drill-client.ts";
import { type Cluster, startCluster } from "./start-cluster.ts";

const { values: options } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    port: { type: "string", default: process.env.DRILL_PORT ?? "3260" },
    clients: { type: "string" },
  },
});
const short = options.short;
const CLIENTS = Number(options.clients ?? (short ? 6 : 16));
/** Between two procedures: traffic settles on the processes as they now are. */
const PAUSE_MS = short ? 2_000 : 8_000;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A copy of this release with one more migration, additive (a table): the "new release" of the upgrade. */
function nextRelease(dir: string): string {
  const root = join(dir, "next-release");
  for (const part of ["apps/api", "packages/core", "packages/db"])
    cpSync(join(ROOT, part), join(root, part), {
      recursive: true,
      filter: (source) => !source.includes(`${part}/node_modules/.vite`),
    });
  // Its node_modules: the installed packages, except ours, which are the copy's.
  const modules = join(root, "node_modules");
  mkdirSync(join(modules, "@argine"), { recursive: true });
  for (const entry of readdirSync(join(ROOT, "node_modules")))
    if (entry !== "@argine") symlinkSync(join(ROOT, "node_modules", entry), join(modules, entry));
  for (const [name, path] of [
    ["api", "apps/api"],
    ["core", "packages/core"],
    ["db", "packages/db"],
  ] as const)
    symlinkSync(join(root, path), join(modules, "@argine", name));
  const migrations = join(root, "packages/db/migrations");
  const journalFile = join(migrations, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1);
  const idx = (last?.idx ?? 0) + 1;
  const tag = `${String(idx).padStart(4, "0")}_operations_drill`;
  writeFileSync(
    join(migrations, `${tag}.sql`),
    "CREATE TABLE IF NOT EXISTS operations_drill (id integer PRIMARY KEY, noted_at timestamptz DEFAULT now());\n",
  );
  journal.entries.push({ idx, version: last?.version ?? "7", when: Date.now(), tag, breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return join(root, "apps/api/src/main.ts");
}

async function rollingRestart(cluster: Cluster, tally: Tally, name: string, main?: string) {
  for (const index of cluster.apiPorts.keys()) {
    tally.phase = `${name} (process ${index + 1})`;
    const started = Date.now();
    await cluster.restartApi(index, main);
    process.stdout.write(`  ${tally.phase}: back on /readyz in ${Date.now() - started} ms\n`);
  }
  tally.phase = `after ${name}`;
}

function runKeysCommand(cluster: Cluster): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "apps/api/src/keys/cli.ts"), "rotate-signing"], {
      env: { ...cluster.env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`keys: ${code}\n${out}`))));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<number> {
  const cluster = await startCluster({ port: Number(options.port), quietProxy: true });
  const base = cluster.publicUrl;
  const tally = new Tally();
  const acknowledged: string[] = [];
  let running = true;
  let signIns = 0;
  const started = Date.now();
  try {
    const clients = Array.from({ length: CLIENTS }, (_, i) => clientOf(`127.0.0.${i + 10}`, base));
    const tokens = await Promise.all(clients.map((client) => signIn(client, base)));
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

    const expect = async (what: string, call: Promise<Answer>, status: number): Promise<Answer | null> => {
      try {
        const answer = await call;
        if (answer.status === status) {
          tally.succeed(what);
          return answer;
        }
        tally.fail(what, `${answer.status} ${answer.text.slice(0, 120).replace(/\s+/g, " ")}`);
      } catch (error) {
        tally.fail(what, (error as Error).message);
      }
      return null;
    };
    const loops = clients.map(async (client, i) => {
      let lastQuestionnaire = 0;
      while (running) {
        await expect("GET /v1/products", client.send("GET", "/v1/products"), 200);
        await expect(
          "GET /v1/users/me (signed in)",
          client.send("GET", "/v1/users/me", { headers: { authorization: `Bearer ${tokens[i]}` } }),
          200,
        );
        // The questionnaire's limit is 10 a minute per address: one every 7 s.
        if (Date.now() - lastQuestionnaire > 7_000) {
          lastQuestionnaire = Date.now();
          const created = await expect(
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
          if (created) acknowledged.push((JSON.parse(created.text) as { practiceId: string }).practiceId);
        }
        await sleep(150);
      }
    });
    // Sign-ins one after another, every 2.5 s (the account's limit is 30 a minute), each from its address.
    const signer = (async () => {
      const client = clientOf("127.0.0.9", base);
      while (running) {
        try {
          await signIn(client, base);
          signIns++;
          tally.succeed("sign-in");
        } catch (error) {
          tally.fail("sign-in", (error as Error).message);
        }
        await sleep(2_500);
      }
      client.close();
    })();

    await sleep(PAUSE_MS);
    process.stdout.write("Operations drill: the rolling restart\n");
    await rollingRestart(cluster, tally, "the rolling restart");
    await sleep(PAUSE_MS);
    process.stdout.write("Operations drill: the signing-key rotation\n");
    tally.phase = "the signing-key rotation";
    const rotated = await runKeysCommand(cluster);
    process.stdout.write(`  ${rotated.split("\n")[1] ?? ""}\n`);
    await sleep(PAUSE_MS);
    await rollingRestart(cluster, tally, "a restart after the rotation");
    await sleep(PAUSE_MS);
    process.stdout.write("Operations drill: the upgrade with a migration\n");
    const next = nextRelease(cluster.dir);
    await rollingRestart(cluster, tally, "the upgrade", next);
    await sleep(PAUSE_MS);
    running = false;
    await Promise.all([...loops, signer]);

    // Every questionnaire acknowledged is there, read back through the proxy.
    tally.phase = "the check";
    // The read is limited to 60 a minute per address: 50 from each.
    const readers = Array.from({ length: Math.ceil(acknowledged.length / 50) }, (_, i) =>
      clientOf(`127.0.0.${100 + i}`, base),
    );
    for (const [i, id] of acknowledged.entries())
      await expect(
        "acknowledged questionnaire read back",
        (readers[Math.floor(i / 50)] as Client).send("GET", `/v1/practices/${id}/feedback`),
        200,
      );
    for (const reader of readers) reader.close();
    for (const client of clients) client.close();
  } finally {
    running = false;
    await cluster.stop();
  }

  const requests = [...tally.ok.values()].reduce((a, b) => a + b, 0) + tally.failures;
  process.stdout.write(
    [
      "",
      `Operations drill (${short ? "short" : "long"}): ${CLIENTS} clients, ${Math.round((Date.now() - started) / 1000)} s`,
      ...[...tally.ok].map(([what, n]) => `  ${what}: ${n} ok`),
      `  ${requests} requests, ${tally.failures} failed; ${signIns} sign-ins; ${acknowledged.length} questionnaires acknowledged`,
      ...[...tally.failed].map(([what, why]) => `  FAILED ${what}: ${why.length}× e.g. ${why[0]}`),
      "",
    ].join("\n"),
  );
  return tally.failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`operations drill: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(1);
  },
);
