// `npm run bench [-- flags]`: figures measured side by side in one run, printed as ratios.
// Never pass/fail on absolute times: the machine varies, the ratio is what we watch.
//
//   --smoke                     quick (CI): 1 s per measurement; practices at 2 000 only
//   --practices-only            only the practices part (bench/practices.ts)
//   --skip-practices            everything but the practices part
//   --sizes=100000,1000000      practices sizes (default 100 000 and 1 000 000; 2 000 with --smoke)
//   --engines=pglite,postgres   practices engines (default both)
//   --lighthouse-only           only the Lighthouse part (bench/lighthouse.ts)
//   --skip-lighthouse           everything but the Lighthouse part
//   --lighthouse-pages=/,/faq,/dashboard@lawyer  pages for Lighthouse (default the public pages, login,
//                               registration and the dashboard as client and lawyer; `/` only with --smoke);
//                               `@client`/`@lawyer` signs the demo account in first
//   --lighthouse-runs=3         Lighthouse runs per page, median run shown (default 1)
//   --lighthouse-throttling=devtools  the line and the CPU slowed while the page loads, instead of Lighthouse's
//                               default simulation from a fast load (`simulate`)
//   --orders-only               only the orders part (bench/orders.ts)
//   --skip-orders               everything but the orders part
//   --orders-flows=20           timed card flows of each card (default 20; 5 with --smoke)
//   --nested-only               only the nested JSON part (bench/nested-json.ts)
//   --skip-nested               everything but the nested JSON part
//   --live-only                 only the live parts (bench/live.ts, bench/live-load.ts)
//   --weight-only               only the home page's weight (what the first load downloads)
//   --skip-live                 everything but the live delivery part
//   --journey-only              only the journey load part (bench/journey-load.ts)
//   --skip-journey              everything but the journey load part
//   --journey-clients=50        virtual clients at once (default 50; 8 with --smoke)
//   --journey-engines=pglite,postgres  journey load engines (default both)
//   --journey-port=3400         the journey load cluster's first port (nginx; the next five too)
//
// The practices part generates data (bench/practices-data.ts) on PGlite in a temporary folder and on
// PostgreSQL in a throwaway database created through BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test; PostgreSQL is skipped, with a line saying so, when unreachable.
// The full run takes a while: generating 1 000 000 practices takes minutes on each engine.
//
// The Lighthouse part builds the site if stale, starts the product (`node apps/api/src/main.ts`, demo data,
// temporary DATA_DIR, free port) and runs Lighthouse's mobile configuration in the system Chromium
// (CHROME_PATH, else /usr/bin/chromium) on each page, the dashboard signed in as the demo client and lawyer;
// it prints scores and the targets they miss, it never fails on them.
//
// The orders part starts the product the same way without the site and times whole card checkouts on the
// sandbox (the 3-D Secure card's included) beside a bare Fastify answering the same calls: under a minute.
//
// The live part times the chat's fan-out from one process to another, in-process and on PostgreSQL: seconds.
//
// The journey load part runs 50 virtual clients at once through the whole journey (questionnaire, registration,
// sign-in, claim, 3-D Secure checkout, takedown URLs, a chat message with every socket open, a booking) on
// PGlite (one process) and on PostgreSQL (two processes behind nginx, a rolling restart in the middle; left out,
// said, without nginx or PostgreSQL): p50/p95 per step; a failed request makes the run exit 1. Minutes.
//
// The nested JSON part sends bodies nested far too deep to the app (bench/server.ts) and times how long
// they take to be refused and what an ordinary request takes meanwhile, as a ratio to it alone: seconds.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { API_NODE_FLAGS } from "../apps/api/src/node-flags.ts";
import { type JourneyEngine, journeyLoadBench } from "./journey-load.ts";
import { lighthouseBench, parseLighthousePage } from "./lighthouse.ts";
import { liveBench } from "./live.ts";
import { liveLoadBench } from "./live-load.ts";
import { nestedJsonBench } from "./nested-json.ts";
import { ordersBench } from "./orders.ts";
import { type Engine, practicesBench } from "./practices.ts";

const smoke = process.argv.includes("--smoke");
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const practicesOnly = process.argv.includes("--practices-only");
const skipPractices = process.argv.includes("--skip-practices");
const lighthouseOnly = process.argv.includes("--lighthouse-only");
const skipLighthouse = process.argv.includes("--skip-lighthouse");
const ordersOnly = process.argv.includes("--orders-only");
const skipOrders = process.argv.includes("--skip-orders");
const nestedOnly = process.argv.includes("--nested-only");
const skipNested = process.argv.includes("--skip-nested");
const liveOnly = process.argv.includes("--live-only");
const skipLive = process.argv.includes("--skip-live");
const weightOnly = process.argv.includes("--weight-only");
const journeyOnly = process.argv.includes("--journey-only");
const skipJourney = process.argv.includes("--skip-journey");
const ordersFlows = flag("orders-flows") === undefined ? undefined : Number(flag("orders-flows"));
if (ordersFlows !== undefined && (!Number.isInteger(ordersFlows) || ordersFlows < 1))
  throw new Error(`--orders-flows: ${flag("orders-flows")}`);
const lighthousePages = flag("lighthouse-pages")?.split(",").map(parseLighthousePage);
const lighthouseRuns = Number(flag("lighthouse-runs") ?? 1);
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
  throw new Error(`--lighthouse-runs: ${flag("lighthouse-runs")}`);
const lighthouseThrottling = flag("lighthouse-throttling") ?? "simulate";
if (lighthouseThrottling !== "simulate" && lighthouseThrottling !== "devtools")
  throw new Error(`--lighthouse-throttling: ${lighthouseThrottling} (simulate or devtools)`);
const sizes = flag("sizes")
  ?.split(",")
  .map((s) => Number(s.replace(/_/g, "")));
const engines = flag("engines")?.split(",") as Engine[] | undefined;
if (sizes?.some((s) => !Number.isInteger(s) || s < 1)) throw new Error(`--sizes: ${flag("sizes")}`);
if (engines?.some((e) => e !== "pglite" && e !== "postgres"))
  throw new Error(`--engines: ${flag("engines")}`);
const journeyClients = flag("journey-clients") === undefined ? undefined : Number(flag("journey-clients"));
if (journeyClients !== undefined && (!Number.isInteger(journeyClients) || journeyClients < 1))
  throw new Error(`--journey-clients: ${flag("journey-clients")}`);
const journeyPort = flag("journey-port") === undefined ? undefined : Number(flag("journey-port"));
if (journeyPort !== undefined && (!Number.isInteger(journeyPort) || journeyPort < 1024))
  throw new Error(`--journey-port: ${flag("journey-port")}`);
const journeyEngines = flag("journey-engines")?.split(",") as JourneyEngine[] | undefined;
if (journeyEngines?.some((e) => e !== "pglite" && e !== "postgres"))
  throw new Error(`--journey-engines: ${flag("journey-engines")}`);
const WEB = fileURLToPath(new URL("../apps/web/build/client/", import.meta.url));

async function startServer(kind: "ours" | "bare") {
  const child = spawn(
    process.execPath,
    [...API_NODE_FLAGS, fileURLToPath(new URL("./server.ts", import.meta.url)), kind],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const { address } = JSON.parse(line) as { address: string };
  return { address, stop: () => child.kill("SIGTERM") };
}

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * GET /v1/products on ours and on a bare Fastify, both running, measured in turns (bare, ours, bare, ours…), as
 * the orders part does: whatever else the machine does weighs on both alike. One 10-second pair, bare then
 * ours, read 0.45 and minutes later 0.50 here (ADR 045); the median of the turns' ratios is the figure.
 */
async function apiThroughput() {
  const bare = await startServer("bare");
  const ours = await startServer("ours");
  const urls = { bare: `${bare.address}/v1/products`, ours: `${ours.address}/v1/products` };
  const turns = smoke ? 1 : 4;
  const seconds = smoke ? 1 : 5;
  const ratios: number[] = [];
  const read: { bare: number[]; ours: number[] } = { bare: [], ours: [] };
  try {
    for (const url of Object.values(urls)) await requestsPerSecond(url, 1); // warm-up
    for (let turn = 0; turn < turns; turn++) {
      const bareRate = await requestsPerSecond(urls.bare, seconds);
      const oursRate = await requestsPerSecond(urls.ours, seconds);
      read.bare.push(bareRate);
      read.ours.push(oursRate);
      ratios.push(oursRate / bareRate);
    }
  } finally {
    bare.stop();
    ours.stop();
  }
  const rates = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = ((sorted[(sorted.length - 1) >> 1] ?? 0) + (sorted[sorted.length >> 1] ?? 0)) / 2;
  console.info(`GET /v1/products (ours):        ${rates(read.ours)} req/s`);
  console.info(`GET /v1/products (bare Fastify): ${rates(read.bare)} req/s`);
  console.info(
    `ratio ours/bare:                 ${median.toFixed(2)} (median of ${ratios.map((r) => r.toFixed(2)).join(", ")}; target ≥ 0.6)`,
  );
}

/**
 * The static imports of a built script (`import … from"./x.js"`, `import"./x.js"`), as files under assets/.
 * Dynamic `import()`s are left out: they load later, when something asks for them.
 */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => `/assets/${m[1] ?? ""}`);
}

/**
 * What a visitor downloads for the home page: the HTML, its stylesheet, and every script it runs — those it
 * names (links, and the module script's imports, the entry's dynamic one included) and, transitively, what
 * they import statically.
 */
function homePageWeight() {
  const indexFile = `${WEB}index.html`;
  if (!existsSync(indexFile)) {
    console.info("home page weight: no web build (run `npm run build` first)");
    return;
  }
  const html = readFileSync(indexFile);
  const named = [
    ...html.toString().matchAll(/(?:(?:src|href)=|import\s*\(?\s*|from\s*)"(\/assets\/[^"]+\.(?:js|css))"/g),
  ].map((m) => m[1] ?? "");
  const files = new Set<string>();
  const queue = [...named];
  while (queue.length > 0) {
    const ref = queue.pop() ?? "";
    if (files.has(ref)) continue;
    files.add(ref);
    if (ref.endsWith(".js")) queue.push(...staticImports(readFileSync(`${WEB}${ref.slice(1)}`, "utf8")));
  }
  let jsGzip = 0;
  let totalGzip = gzipSync(html).length;
  let totalRaw = html.length;
  for (const ref of files) {
    const file = readFileSync(`${WEB}${ref.slice(1)}`);
    const gz = gzipSync(file).length;
    totalGzip += gz;
    totalRaw += file.length;
    if (ref.endsWith(".js")) jsGzip += gz;
  }
  console.info(`home page JS (gzip):    ${(jsGzip / 1024).toFixed(1)} KB in ${files.size} files`);
  console.info(
    `home page total (gzip): ${(totalGzip / 1024).toFixed(1)} KB (${(totalRaw / 1024).toFixed(1)} KB raw)`,
  );
  console.info(`JS share of the page:   ${(jsGzip / totalGzip).toFixed(2)}`);
}

// `--x-only` flags add up: with none, every part runs but the skipped ones.
const only =
  practicesOnly || lighthouseOnly || ordersOnly || nestedOnly || liveOnly || weightOnly || journeyOnly;
console.info(`Argine benchmarks${smoke ? " (smoke)" : ""}`);
if (!only) await apiThroughput();
if (!only || weightOnly) {
  homePageWeight();
}
if (only ? nestedOnly : !skipNested) {
  const server = await startServer("ours");
  try {
    await nestedJsonBench({ smoke, address: server.address });
  } finally {
    server.stop();
  }
}
if (only ? liveOnly : !skipLive) {
  await liveBench({ smoke });
  await liveLoadBench({ smoke });
}
if (only ? ordersOnly : !skipOrders) {
  await ordersBench({ smoke, ...(ordersFlows ? { flows: ordersFlows } : {}) });
}
if (only ? journeyOnly : !skipJourney) {
  const errors = await journeyLoadBench({
    smoke,
    ...(journeyClients ? { clients: journeyClients } : {}),
    ...(journeyPort ? { port: journeyPort } : {}),
    ...(journeyEngines ? { engines: journeyEngines } : {}),
  });
  // The other parts still run; the exit code says a request failed.
  if (errors > 0) process.exitCode = 1;
}
if (only ? practicesOnly : !skipPractices) {
  await practicesBench({ smoke, ...(sizes ? { sizes } : {}), ...(engines ? { engines } : {}) });
}
if (only ? lighthouseOnly : !skipLighthouse) {
  await lighthouseBench({
    smoke,
    runs: lighthouseRuns,
    throttling: lighthouseThrottling,
    ...(lighthousePages ? { pages: lighthousePages } : {}),
  });
}
