// `npm test`: every check the project has, in one run, ending with one "N passed, N failed" line.
// Steps keep going after a failure so one run shows everything that is wrong.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { chromiumPath } from "../e2e/chromium.ts";
import { NGINX, nginxAvailable } from "./cluster/nginx.ts";

const out = mkdtempSync(join(tmpdir(), "argine-test-"));
const failedSteps: string[] = [];
let passed = 0;
let failed = 0;
let skipped = 0;
// Where the run's time went, and on what machine: the summary's last lines are what a CI log shows first.
const machine = `${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)} at the start`;
const cpuAtStart = cpuByProcess();
const times: string[] = [];
const failures: string[] = [];

function step(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  process.stdout.write(`\n━━ ${name} ━━\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  times.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  const ok = result.status === 0;
  if (!ok) failedSteps.push(name);
  return ok;
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

step("typecheck", "npm", ["run", "typecheck", "--silent"]);
step("lint and format", "npx", ["biome", "check", "."]);

const vitestJson = join(out, "vitest.json");
step("unit, web and integration tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}>(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests;
  for (const file of vitest.testResults)
    for (const test of file.assertionResults)
      if (test.status === "failed") failures.push(`${relative(process.cwd(), file.name)} › ${test.fullName}`);
}

const browser = chromiumPath();
if (!browser) {
  const banner = "!".repeat(78);
  process.stdout.write(
    `\n${banner}\n!! NO CHROMIUM FOUND: the browser tests (e2e/) DID NOT RUN.\n!! Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)\n${banner}\n`,
  );
  if (process.env.REQUIRE_E2E === "1") failedSteps.push("browser tests (REQUIRE_E2E=1 and no Chromium)");
} else if (step("web build", "npm", ["run", "build", "--silent"])) {
  // The journeys' subset behind nginx, two API processes on one PostgreSQL database (scripts/cluster/,
  // e2e/cluster.config.ts): with Debian's nginx, on the PostgreSQL server of TEST_DATABASE_URL. When it runs,
  // the main run's desktop leaves that subset to it (e2e/cluster/subset.ts).
  const missing = [
    nginxAvailable() ? null : "nginx",
    process.env.TEST_DATABASE_URL ? null : "PostgreSQL (TEST_DATABASE_URL)",
  ].filter(Boolean);
  browserStep("browser tests", "playwright.json", [], missing.length ? {} : { E2E_SUBSET_BEHIND_NGINX: "1" });
  if (missing.length) {
    const banner = "!".repeat(78);
    process.stdout.write(
      `\n${banner}\n!! NO ${missing.join(" AND NO ")}: the browser tests behind nginx DID NOT RUN.\n!! Install nginx with: apt-get install -y nginx   (or set NGINX_PATH; looked for ${NGINX})\n${banner}\n`,
    );
    if (process.env.REQUIRE_E2E === "1")
      failedSteps.push(`browser tests behind nginx (REQUIRE_E2E=1 and no ${missing.join(", no ")})`);
  } else
    browserStep(
      "browser tests behind nginx (two API processes)",
      "playwright-cluster.json",
      ["--config=cluster.config.ts"],
      { CLUSTER_POSTGRES_URL: process.env.TEST_DATABASE_URL ?? "" },
    );
}

// The drills on the cluster, side by side (each on ports and a database of its own; they wait on restarts and
// faults more than they compute, and a third of a core each is what they use), each printed whole once done:
// - the runbook's procedures under traffic (scripts/cluster/operations-drill.ts, issue 39): a rolling restart, a
//   signing-key rotation, a storage-key rotation and an upgrade with a migration; any failed request or sign-in
//   fails it;
// - PostgreSQL stopped or silent, the mail server refusing, Redis silent, S3 refusing, the capture service gone,
//   the payment provider failing, under traffic (scripts/cluster/fault-drill.ts), and the faults that apply to
//   the embedded default (PGlite, one process) beside it: fast Italian 503s, nothing acknowledged lost. Redis
//   is TEST_REDIS_URL's;
// - crash safety (scripts/cluster/crash-drill.ts): processes killed with SIGKILL under writes, on PGlite and on
//   the cluster; a lost write, a double charge, a failed restart or a hung request fails it.
// All in short mode; they need what the cluster needs: nginx and PostgreSQL.
if (nginxAvailable() && process.env.TEST_DATABASE_URL) {
  const env = { CLUSTER_POSTGRES_URL: process.env.TEST_DATABASE_URL };
  const drills = await stepsTogether(
    [
      ["operations drill behind nginx (short)", ["scripts/cluster/operations-drill.ts", "--short"]],
      [
        "dependency faults behind nginx (short)",
        ["scripts/cluster/fault-drill.ts", "--short", "--engine", "both"],
      ],
      ["crash drill, PGlite and behind nginx (short)", ["scripts/cluster/crash-drill.ts", "--short"]],
    ],
    env,
  );
  for (const ok of drills) {
    if (ok) passed += 1;
    else failed += 1;
  }
} else if (process.env.REQUIRE_E2E === "1") failedSteps.push("the drills (no nginx or no PostgreSQL)");

/** Node scripts run at once, each one's output printed whole when it ends; whether each passed. */
async function stepsTogether(
  scripts: [name: string, args: string[]][],
  env: Record<string, string>,
): Promise<boolean[]> {
  const started = Date.now();
  process.stdout.write(`\n━━ side by side: ${scripts.map(([name]) => name).join("; ")} ━━\n`);
  const results = await Promise.all(
    scripts.map(
      ([name, args]) =>
        new Promise<boolean>((done) => {
          const output: Buffer[] = [];
          const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
          child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
          child.on("close", (code) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            process.stdout.write(`\n━━ ${name} (${seconds} s) ━━\n${Buffer.concat(output).toString()}`);
            times.push(`${name} ${seconds} s`);
            if (code !== 0) failedSteps.push(name);
            done(code === 0);
          });
        }),
    ),
  );
  times.push(`the drills side by side ${Math.round((Date.now() - started) / 1000)} s`);
  return results;
}

/** Each process's CPU seconds so far, by pid, with its name (Linux's /proc; empty elsewhere). */
function cpuByProcess(): Map<string, { name: string; seconds: number }> {
  const found = new Map<string, { name: string; seconds: number }>();
  if (!existsSync("/proc/self/stat")) return found;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, in clock ticks (100 a second on Linux).
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      found.set(pid, { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), seconds });
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

/**
 * The processes that were not this run's and took a share of its CPU: those running at its start that
 * worked meanwhile, and those begun since that outlive it (a leftover of a step). A run far slower than the
 * last one on this machine is explained here, or not by its neighbours.
 */
function busyOthers(): string[] {
  const now = cpuByProcess();
  const ours = new Set([String(process.pid), String(process.ppid)]);
  return [...now]
    .filter(([pid]) => !ours.has(pid))
    .map(([pid, { name, seconds }]) => ({ pid, name, used: seconds - (cpuAtStart.get(pid)?.seconds ?? 0) }))
    .filter(({ used }) => used >= 30)
    .sort((a, b) => b.used - a.used)
    .slice(0, 6)
    .map(
      ({ pid, name, used }) =>
        `${name} (${pid}${cpuAtStart.has(pid) ? "" : ", begun during the run"}) ${Math.round(used)} s`,
    );
}

/** A Playwright run of the e2e workspace, its results counted into the totals. */
function browserStep(name: string, json: string, args: string[], env: Record<string, string> = {}) {
  const file = join(out, json);
  step(name, "npm", ["run", "test", "--silent", "-w", "@argine/e2e", "--", ...args, "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    ...env,
  });
  const pw = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    file,
  );
  if (pw) {
    passed += pw.stats.expected + pw.stats.flaky;
    failed += pw.stats.unexpected;
    skipped += pw.stats.skipped;
  }
}

process.stdout.write(`\nTimes: ${times.join(", ")} (${machine})\n`);
const others = busyOthers();
process.stdout.write(
  `Busy beside the run (CPU seconds while it ran): ${others.length ? others.join(", ") : "no other process took 30 s"}\n`,
);
if (failures.length) process.stdout.write(`\nFailed tests:\n${failures.map((f) => `  ${f}\n`).join("")}`);
if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join(", ")}\n`);
if (failedSteps.length && failed === 0) failed = failedSteps.length;
process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
process.exit(failedSteps.length ? 1 : 0);
