// The runbook's procedures under traffic (issue 39), on the cluster `npm run cluster` starts (two API
// processes on one PostgreSQL database behind nginx, here with the files on the encrypted disk, one DATA_DIR
// they share): while virtual clients read the catalogue, call as signed-in clients, send questionnaires,
// sign in again and again, and the demo client uploads a file to a service of theirs, downloads it and
// deletes it, and downloads the lawyer's document, the drill
//   1. restarts the processes one after the other (the rolling restart: SIGTERM, the start, its /readyz);
//   2. rotates the provider's keys (`npm run keys -- rotate-signing`, as the runbook says, no restart), then
//      restarts the processes again (a crash-restart after a rotation: generations mixed);
//   3. rotates the storage's master key as the runbook says: a rolling restart with the new STORAGE_KEY and
//      the old one as STORAGE_PREVIOUS_KEY, `npm run keys -- rotate-storage` while they serve, a rolling
//      restart without the old key;
//   4. upgrades them one at a time to a release with one more migration (a copy of this one with an
//      additive migration: the first new process applies it under the lock while the other serves).
// Then it checks every questionnaire acknowledged is there, and every stored file under the new storage key
// alone. It prints what failed, by step and answer, and exits 1 on any failed request or sign-in. A failed
// request is any answer but the one expected (a 429 too: the clients stay within the limits, each from an
// address of its own, 127.0.0.x), or no answer.
//
//   node scripts/cluster/operations-drill.ts [--short] [--port 3260] [--clients 12]
//
// --short (CI, scripts/test.ts): fewer clients, shorter pauses between the procedures.

import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  isStorageObject,
  storageWrappingKey,
  unwrapFileKey,
} from "../../apps/api/src/storage/disk-storage.ts";
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

function runKeysCommand(cluster: Cluster, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "apps/api/src/keys/cli.ts"), command], {
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

/** A small PDF the upload check accepts, with a line of its own so each upload's bytes differ. */
const pdf = (nonce: string) =>
  `%PDF-1.7\n% operations drill ${nonce}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n`;

/** The stored objects under `dir` by the key that wraps them (the engine's own dot-folders aside). */
function storedObjectsByKey(dir: string, keys: Record<string, string>): Record<string, number> {
  const wrapping = Object.entries(keys).map(
    ([name, key]) => [name, storageWrappingKey(Buffer.from(key, "base64"))] as const,
  );
  const counts: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (
      !entry.isFile() ||
      path
        .slice(dir.length)
        .split("/")
        .some((part) => part.startsWith("."))
    )
      continue;
    const file = readFileSync(path);
    const name = isStorageObject(file)
      ? (wrapping.find(([, key]) => unwrapFileKey(key, file))?.[0] ?? "neither key")
      : "not an object";
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

async function main(): Promise<number> {
  const cluster = await startCluster({ port: Number(options.port), quietProxy: true, diskStorage: true });
  const base = cluster.publicUrl;
  const tally = new Tally();
  const acknowledged: string[] = [];
  let running = true;
  let signIns = 0;
  let uploads = 0;
  let storedFiles: Record<string, number> = {};
  const started = Date.now();
  try {
    const clients = Array.from({ length: CLIENTS }, (_, i) => clientOf(`127.0.0.${i + 10}`, base));
    // One after another: at once, six first sign-ins to one account (no trust cookie yet) are more than the
    // five attempts the sign-in guard lets through together, and a slow machine's argon2 overlaps them all.
    const tokens: string[] = [];
    for (const client of clients) tokens.push(await signIn(client, base));
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

    // The demo client's files (the demo practice AR-DEMO0006): a PDF uploaded to the takedown, read back,
    // deleted, and the lawyer's formal notice downloaded, every 3 s (the upload's limits are 30 a minute
    // per account), each a link signed by one process and used through nginx on either.
    const files = (async () => {
      const client = clientOf("127.0.0.8", base);
      const token = await signIn(client, base);
      const auth = { authorization: `Bearer ${token}` };
      const json = { ...auth, "content-type": "application/json" };
      const list = await expect(
        "GET /v1/practices",
        client.send("GET", "/v1/practices", { headers: auth }),
        200,
      );
      const demo = list
        ? (JSON.parse(list.text) as { data: { practiceId: string; ticketCode: string }[] }).data.find(
            (p) => p.ticketCode === "AR-DEMO0006",
          )
        : undefined;
      const practice =
        demo &&
        (await expect(
          "GET /v1/practices/:id",
          client.send("GET", `/v1/practices/${demo.practiceId}`, { headers: auth }),
          200,
        ));
      const services = practice
        ? (JSON.parse(practice.text) as { services: { serviceId: string; serviceType: string }[] }).services
        : [];
      const takedown = services.find((s) => s.serviceType === "TAKEDOWN");
      const notice = services.find((s) => s.serviceType === "INJUCTION");
      if (!takedown || !notice) {
        tally.fail(
          "the demo practice AR-DEMO0006's takedown and formal notice",
          `${list?.text.slice(0, 300)}`,
        );
        return;
      }
      let noticeBytes: string | null = null;
      const download = async (what: string, serviceId: string, fileName: string): Promise<string | null> => {
        const query = new URLSearchParams({ fileName });
        const link = await expect(
          `GET /v1/services/:id/upload (${what})`,
          client.send("GET", `/v1/services/${serviceId}/upload?${query}`, { headers: auth }),
          200,
        );
        if (!link) return null;
        const file = await expect(
          `GET /v1/storage/objects/:token (${what})`,
          client.send("GET", (JSON.parse(link.text) as { url: string }).url),
          200,
        );
        return file?.text ?? null;
      };
      while (running) {
        const started = Date.now();
        const fileName = `prova-${randomUUID()}.pdf`;
        const content = pdf(fileName);
        const body = { fileName, serviceType: "TAKEDOWN" };
        const query = new URLSearchParams({ fileName, size: String(Buffer.byteLength(content)) });
        const signed = await expect(
          "GET /v1/services/:id/signed-url",
          client.send("GET", `/v1/services/${takedown.serviceId}/signed-url?${query}`, { headers: auth }),
          200,
        );
        if (signed) {
          const link = JSON.parse(signed.text) as {
            url: string;
            method: string;
            headers: Record<string, string>;
          };
          const put = await expect(
            "PUT /v1/storage/objects/:token (upload)",
            client.send(link.method, link.url, { headers: link.headers, body: content }),
            200,
          );
          const registered =
            put &&
            (await expect(
              "PATCH /v1/services/:id/upload",
              client.send("PATCH", `/v1/services/${takedown.serviceId}/upload`, {
                headers: json,
                body: JSON.stringify(body),
              }),
              200,
            ));
          if (registered) {
            uploads++;
            const back = await download("the upload", takedown.serviceId, fileName);
            if (back !== null && back !== content) tally.fail("the upload read back", "other bytes");
          }
          // Deleted, so the next one is taken (one client file per service).
          await expect(
            "DELETE /v1/services/:id/upload",
            // Node sends a DELETE's body unframed unless told its length.
            client.send("DELETE", `/v1/services/${takedown.serviceId}/upload`, {
              headers: { ...json, "content-length": String(Buffer.byteLength(JSON.stringify(body))) },
              body: JSON.stringify(body),
            }),
            200,
          );
        }
        const read = await download("the lawyer's document", notice.serviceId, "Diffida AR-DEMO0006.pdf");
        noticeBytes ??= read;
        if (read !== null && read !== noticeBytes) tally.fail("the lawyer's document", "other bytes");
        await sleep(Math.max(0, 3_000 - (Date.now() - started)));
      }
      client.close();
    })();

    await sleep(PAUSE_MS);
    process.stdout.write("Operations drill: the rolling restart\n");
    await rollingRestart(cluster, tally, "the rolling restart");
    await sleep(PAUSE_MS);
    process.stdout.write("Operations drill: the signing-key rotation\n");
    tally.phase = "the signing-key rotation";
    const rotated = await runKeysCommand(cluster, "rotate-signing");
    process.stdout.write(`  ${rotated.split("\n")[1] ?? ""}\n`);
    await sleep(PAUSE_MS);
    await rollingRestart(cluster, tally, "a restart after the rotation");
    await sleep(PAUSE_MS);
    process.stdout.write("Operations drill: the storage key's rotation\n");
    const storageKeys = { old: String(cluster.env.STORAGE_KEY), new: randomBytes(32).toString("base64") };
    Object.assign(cluster.env, { STORAGE_KEY: storageKeys.new, STORAGE_PREVIOUS_KEY: storageKeys.old });
    await rollingRestart(cluster, tally, "the restart with both storage keys");
    await sleep(PAUSE_MS);
    tally.phase = "the storage key's rotation";
    const rewrapped = await runKeysCommand(cluster, "rotate-storage");
    process.stdout.write(
      `  ${rewrapped.split("\n").find((line) => line.startsWith("Re-encrypted")) ?? ""}\n`,
    );
    tally.phase = "after the storage key's rotation";
    await sleep(PAUSE_MS);
    delete cluster.env.STORAGE_PREVIOUS_KEY;
    await rollingRestart(cluster, tally, "the restart with the new storage key alone");
    await sleep(PAUSE_MS);
    process.stdout.write("Operations drill: the upgrade with a migration\n");
    const next = nextRelease(cluster.dir);
    await rollingRestart(cluster, tally, "the upgrade", next);
    await sleep(PAUSE_MS);
    running = false;
    await Promise.all([...loops, signer, files]);

    // Every stored file under the new storage key alone.
    tally.phase = "the check";
    const storage = join(String(cluster.env.DATA_DIR), "storage");
    storedFiles = storedObjectsByKey(storage, {
      "the new key": storageKeys.new,
      "the old key": storageKeys.old,
    });
    for (const [under, n] of Object.entries(storedFiles))
      if (under !== "the new key")
        tally.fail("a stored file under the new storage key", `${n} under ${under}`);

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
      `  ${requests} requests, ${tally.failures} failed; ${signIns} sign-ins; ${acknowledged.length} questionnaires acknowledged; ${uploads} files uploaded`,
      `  stored files at the end: ${Object.entries(storedFiles)
        .map(([under, n]) => `${n} under ${under}`)
        .join(", ")}`,
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
