import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "@argine/db/seed";
import autocannon from "autocannon";
import pg from "pg";
import { start } from "./child.ts";
import { describeGeneration, type GenerateResult, RARE_SURNAME } from "./practices-data.ts";
import { signIn } from "./sign-in.ts";

export type Engine = "pglite" | "postgres";

export interface PracticesBenchOptions {
  smoke: boolean;
  /** Defaults: 2 000 in smoke mode, else 100 000 and 1 000 000. */
  sizes?: number[];
  /** Defaults: both; PostgreSQL is skipped (with a line saying so) when unreachable. */
  engines?: Engine[];
}

/** Issue 41's targets, printed beside the figures (a benchmark prints, it never fails on them). */
const TARGETS =
  "targets: client/bare and lawyer/bare ≥ 0.3 on both engines; at 1,000,000 every search p95 ≤ 50 ms on postgres, ≤ 150 ms on pglite, the list during q=surname ≤ 250 ms on pglite; peak RSS at 100,000 ≤ 600 MB on pglite, ≤ 300 MB on postgres";

const CLIENT = "cliente@demo.argine.it";
const LAWYER = "avvocato@demo.argine.it";
const LIST = "/v1/practices?page=1&pageSize=20";
/** Where throwaway databases are created; the same variable as the integration tests, then the README's. */
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";

async function timedGet(url: string, token: string | null): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

/**
 * Completed requests per second with 10 connections. A fast route runs for a fixed time (after a warm-up);
 * a slow one (a request over 100 ms alone) for a fixed number of requests sized to take ~10 s, so that no
 * requests are left queued in the server when the measurement stops. `requests/duration` either way.
 */
async function requestsPerSecond(url: string, token: string | null, smoke: boolean): Promise<number> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // A slow engine queues 10 requests behind each other: allow for it rather than count timeouts.
  const common = { url, headers, connections: 10, timeout: 300 };
  const probe = [];
  for (let i = 0; i < 3; i++) probe.push(await timedGet(url, token));
  const alone = probe.sort((a, b) => a - b)[1] ?? 0;
  let result: autocannon.Result;
  if (smoke) result = await autocannon({ ...common, duration: 1 });
  else if (alone < 100) {
    await autocannon({ ...common, duration: 1 }); // warm-up
    result = await autocannon({ ...common, duration: 10 });
  } else {
    result = await autocannon({ ...common, amount: Math.min(200, Math.max(20, Math.ceil(10_000 / alone))) });
  }
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result.requests.total / result.duration;
}

/** p95 by nearest rank over sequential requests: up to `max`, fewer when the time budget runs out first. */
async function p95(
  url: string,
  token: string,
  smoke: boolean,
  change: () => Promise<void>,
): Promise<{ p95: number; n: number; max: number }> {
  const max = smoke ? 20 : 200;
  const budgetMs = smoke ? 3_000 : 60_000;
  // Each request after a change, untimed: a list asked again unchanged is answered from the server's memory
  // (apps/api/src/practices/list-pages.ts), and these figures are of the database's work.
  const get = async () => {
    await change();
    return timedGet(url, token);
  };
  for (let i = 0; i < (smoke ? 1 : 3); i++) await get(); // warm-up, not counted
  const times: number[] = [];
  const started = performance.now();
  while (times.length < max && (times.length < 10 || performance.now() - started < budgetMs)) {
    times.push(await get());
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(0.95 * times.length) - 1] ?? Number.NaN, n: times.length, max };
}

/**
 * The p95 of `url` while `heavy` is asked again and again on another connection: what everyone else waits
 * while a lawyer's heaviest search runs (on PGlite it runs in the server's own process).
 */
async function p95Meanwhile(
  url: string,
  token: string,
  heavy: string,
  heavyToken: string,
  smoke: boolean,
  change: () => Promise<void>,
): Promise<{ p95: number; n: number; max: number; heavy: number }> {
  let running = true;
  let heavyDone = 0;
  const load = (async () => {
    while (running) {
      await change();
      await timedGet(heavy, heavyToken);
      heavyDone++;
    }
  })();
  try {
    return { ...(await p95(url, token, smoke, change)), heavy: heavyDone };
  } finally {
    running = false;
    await load;
  }
}

interface Row {
  engine: Engine;
  size: number;
  client: number;
  lawyer: number;
  bare: number;
  searches: { label: string; query: string; p95: number; n: number; max: number }[];
  /** The client's list p95 while the lawyer's common-surname search runs without pause. */
  meanwhile: { p95: number; n: number; max: number; heavy: number };
  generation: GenerateResult;
  serverRssMb: number;
}

// Interrupted (Ctrl-C), the bench still removes what it created: a 1 000 000 database is several GB.
const pendingDrops = new Set<() => Promise<void>>();
function dropOnInterrupt() {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await Promise.allSettled([...pendingDrops].map((drop) => drop()));
      process.exit(130);
    });
  }
}

/** A fresh database: a PGlite folder, or a throwaway PostgreSQL database; `drop` removes it. */
async function freshStorage(engine: Engine): Promise<{ args: string[]; drop(): Promise<void> }> {
  const track = (args: string[], remove: () => Promise<void>) => {
    const drop = async () => {
      pendingDrops.delete(drop);
      await remove();
    };
    pendingDrops.add(drop);
    return { args, drop };
  };
  if (engine === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "argine-bench-practices-"));
    return track(["--data-dir", dir], async () => rmSync(dir, { recursive: true, force: true }));
  }
  const name = `argine_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return track(["--database-url", url.toString()], () =>
    admin(`drop database if exists ${name} with (force)`),
  );
}

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function runOne(engine: Engine, size: number, smoke: boolean): Promise<Row> {
  const storage = await freshStorage(engine);
  const scratch = mkdtempSync(join(tmpdir(), "argine-bench-body-"));
  try {
    const generator = start("./practices-data.ts", [
      "--size",
      String(size),
      "--json",
      ...(smoke ? ["--quiet"] : []),
      ...storage.args,
    ]);
    const generation = await generator.next<GenerateResult>();
    await generator.exited;
    console.info(`  ${describeGeneration(engine, generation)}`);

    const server = start("./practices-server.ts", ["app", ...storage.args]);
    try {
      const { address, changeAddress } = await server.next<{ address: string; changeAddress: string }>();
      const change = async () => {
        const res = await fetch(changeAddress, { method: "POST" });
        if (res.status !== 204) throw new Error(`the lists' version: ${res.status}`);
      };
      const clientToken = await signIn(address, CLIENT, DEMO_PASSWORD);
      const lawyerToken = await signIn(address, LAWYER, DEMO_PASSWORD);

      // The bare route answers with what the app answers the lawyer; a generated practice code gives the
      // "part of a practice number" search (5 of its 8 characters).
      const first = await fetch(`${address}${LIST}`, { headers: { authorization: `Bearer ${lawyerToken}` } });
      const body = (await first.json()) as { total: number; data: { ticketCode: string }[] };
      if (first.status !== 200 || body.data.length === 0) throw new Error(`lawyer list: ${first.status}`);
      const code = body.data.map((p) => p.ticketCode).find((c) => !c.includes("DEMO")) ?? "AR-DEMO";
      const bodyFile = join(scratch, "body.json");
      writeFileSync(bodyFile, JSON.stringify(body));

      const client = await requestsPerSecond(`${address}${LIST}`, clientToken, smoke);
      const lawyer = await requestsPerSecond(`${address}${LIST}`, lawyerToken, smoke);
      const bareServer = start("./practices-server.ts", ["bare", bodyFile]);
      let bare: number;
      try {
        const { address: bareAddress } = await bareServer.next<{ address: string }>();
        bare = await requestsPerSecond(`${bareAddress}${LIST}`, null, smoke);
      } finally {
        await bareServer.stop();
      }

      const searches: Row["searches"] = [];
      for (const [label, query] of [
        ["q=surname", "q=Rossi"],
        ["q=rare", `q=${RARE_SURNAME}`],
        ["q=ticket", `q=${code.slice(3, 8)}`],
        ["anon+OPEN", "anonymous=true&status=OPEN"],
      ] as const) {
        const url = `${address}/v1/practices?${query}&page=1&pageSize=20`;
        searches.push({ label, query, ...(await p95(url, lawyerToken, smoke, change)) });
      }

      const meanwhile = await p95Meanwhile(
        `${address}${LIST}`,
        clientToken,
        `${address}/v1/practices?q=Rossi&page=1&pageSize=20`,
        lawyerToken,
        smoke,
        change,
      );

      await server.stop();
      const { maxRssMb } = await server.next<{ maxRssMb: number }>().catch(() => ({ maxRssMb: Number.NaN }));
      return { engine, size, client, lawyer, bare, searches, meanwhile, generation, serverRssMb: maxRssMb };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await storage.drop();
  }
}

// Two significant digits below 10 (a ratio of 0.0004 must not print as 0.000).
const rate = (n: number) => (n < 10 ? n.toPrecision(2) : n.toFixed(0));
const ratio = (n: number) => (n < 0.1 ? n.toPrecision(2) : n.toFixed(2));
const ms = (n: number) => (n < 100 ? n.toFixed(1) : n.toFixed(0));

function printTable(rows: Row[]) {
  if (rows.length === 0) return;
  const labels = rows[0]?.searches.map((s) => s.label) ?? [];
  const header = [
    "engine",
    "size",
    "client req/s",
    "lawyer req/s",
    "bare req/s",
    "client/bare",
    "lawyer/bare",
    ...labels.map((l) => `p95 ${l} ms`),
    "p95 list during q=surname ms",
  ];
  const lines = rows.map((r) => [
    r.engine,
    r.size.toLocaleString("en"),
    rate(r.client),
    rate(r.lawyer),
    rate(r.bare),
    ratio(r.client / r.bare),
    ratio(r.lawyer / r.bare),
    ...r.searches.map((s) => `${ms(s.p95)}${s.n < s.max ? ` (n=${s.n})` : ""}`),
    `${ms(r.meanwhile.p95)}${r.meanwhile.n < r.meanwhile.max ? ` (n=${r.meanwhile.n})` : ""}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join("  ");
  console.info(fmt(header));
  for (const line of lines) console.info(fmt(line));
  // The practice-number fragment comes from each data set's first page, so it may differ between rows.
  const queries = labels.map((label) => {
    const used = [...new Set(rows.map((r) => r.searches.find((s) => s.label === label)?.query))];
    return `${label} = ${used.map((q) => `?${q}`).join(" | ")}`;
  });
  console.info(`  searches: ${queries.join(", ")}`);
  console.info(`  ${TARGETS}`);
  console.info(
    `  server peak RSS: ${rows.map((r) => `${r.engine} ${r.size.toLocaleString("en")} ${r.serverRssMb} MB`).join(", ")}`,
  );
}

export async function practicesBench(options: PracticesBenchOptions): Promise<void> {
  const { smoke } = options;
  const sizes = options.sizes ?? (smoke ? [2_000] : [100_000, 1_000_000]);
  const engines = options.engines ?? ["pglite", "postgres"];
  dropOnInterrupt();
  console.info(
    `GET ${LIST} as client and lawyer, the same list again (kept in the server's memory while nothing changes), vs bare Fastify (req/s, 10 connections); lawyer search p95 (sequential, each after a change: read from the database)`,
  );
  const rows: Row[] = [];
  for (const engine of engines) {
    if (engine === "postgres") {
      const problem = await postgresReachable();
      if (problem) {
        console.info(
          `  postgres: skipped, PostgreSQL unreachable at ${new URL(ADMIN_URL).host} (${problem})`,
        );
        continue;
      }
    }
    for (const size of sizes) {
      const started = performance.now();
      const what = `${engine} ${size.toLocaleString("en")}`;
      console.info(`  ${what}: generating…`);
      try {
        rows.push(await runOne(engine, size, smoke));
        console.info(`  ${what}: done in ${((performance.now() - started) / 1000).toFixed(0)}s`);
      } catch (error) {
        // One engine or size failing (memory, a lost server) does not hide the others' figures.
        console.info(
          `  ${what}: failed after ${((performance.now() - started) / 1000).toFixed(0)}s: ${error}`,
        );
        process.exitCode = 1;
      }
    }
  }
  printTable(rows);
}
