// Where the time of one list request goes: the real app (bench/practices-server.ts) under --cpu-prof, loaded
// with GET /v1/practices?page=1&pageSize=20 for a fixed time as the demo client or the demo lawyer, then the
// profile's self time summed by what the code is (our packages by file, the libraries by package, Node's own
// work by kind). docs/performance.md explains the figures it gave.
//
//   node bench/profile-list.ts --database-url URL | --data-dir DIR  [--as client|lawyer] [--seconds 10] [--top 25]
//
// The database must hold generated data (bench/practices-data.ts, which also seeds the demo accounts); the
// profile (open it in Chrome's DevTools or speedscope for the flame graph) is kept, its path printed.

import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { DEMO_PASSWORD } from "@argine/db/seed";
import autocannon from "autocannon";
import { API_NODE_FLAGS } from "../apps/api/src/node-flags.ts";
import { signIn } from "./sign-in.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const storage = arg("database-url")
  ? ["--database-url", arg("database-url") ?? ""]
  : arg("data-dir")
    ? ["--data-dir", arg("data-dir") ?? ""]
    : null;
if (!storage) throw new Error("--database-url URL or --data-dir DIR");
const as = arg("as") ?? "client";
const email = { client: "cliente@demo.argine.it", lawyer: "avvocato@demo.argine.it" }[as];
if (!email) throw new Error(`--as: ${as}`);
const seconds = Number(arg("seconds") ?? 10);
const top = Number(arg("top") ?? 25);
const path = arg("path") ?? "/v1/practices?page=1&pageSize=20";

/**
 * CPU time a process has used (user and system, from /proc, in ms). The profile's samples are wall time: a
 * thread waiting for the CPU inside a system call (a socket write that wakes PostgreSQL on a busy machine)
 * counts there as that call; the kernel's counters say what each process really used.
 */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
/** The CPU time of every PostgreSQL process on the machine (0 when PostgreSQL is not local or not used). */
function postgresCpuMs(): number {
  let sum = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim().startsWith("postgres")) sum += cpuMs(Number(pid));
    } catch {}
  }
  return sum;
}
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const profileDir = mkdtempSync(join(tmpdir(), "argine-profile-"));
const child = spawn(
  process.execPath,
  [
    ...process.execArgv,
    ...API_NODE_FLAGS,
    "--cpu-prof",
    `--cpu-prof-dir=${profileDir}`,
    fileURLToPath(new URL("./practices-server.ts", import.meta.url)),
    "app",
    ...storage,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const { address } = JSON.parse((await lines.next()).value as string) as { address: string };
const token = await signIn(address, email, DEMO_PASSWORD);
const headers = { authorization: `Bearer ${token}` };
await autocannon({ url: `${address}${path}`, headers, connections: 10, duration: 2 }); // warm-up
const cpuBefore = { server: cpuMs(child.pid), postgres: postgresCpuMs(), bench: ownCpuMs() };
// Only the measured run's samples count (not the start-up's module loading): V8's profile times are the
// monotonic clock's microseconds, as process.hrtime's.
const from = Number(process.hrtime.bigint() / 1000n);
const result = await autocannon({ url: `${address}${path}`, headers, connections: 10, duration: seconds });
const to = Number(process.hrtime.bigint() / 1000n);
const cpu = {
  server: cpuMs(child.pid) - cpuBefore.server,
  postgres: postgresCpuMs() - cpuBefore.postgres,
  bench: ownCpuMs() - cpuBefore.bench,
};
if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
const peakRssMb = Math.round(
  Number(readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmHWM:\s+(\d+)/)?.[1] ?? Number.NaN) / 1024,
);
child.kill("SIGTERM");
await new Promise((resolve) => child.on("exit", resolve));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile in ${profileDir}`);
const profile = JSON.parse(readFileSync(join(profileDir, file), "utf8")) as Profile;

/** What a frame is: our own file, a library's package, or Node's own work. */
function kindOf({ functionName, url }: Node["callFrame"]): string {
  if (functionName === "(idle)") return "(idle)";
  if (functionName === "(garbage collector)") return "(garbage collector)";
  if (functionName === "(program)") return "(program: native, not attributed)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  const ours = url.match(/\/(apps|packages)\/(.+)$/)?.[2];
  if (ours) return ours;
  if (url.startsWith("node:")) return url;
  return url ? url : `(native) ${functionName}`;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfByKind = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const parentOf = new Map<number, Node>();
for (const node of profile.nodes) for (const c of node.children ?? []) parentOf.set(c, node);
/** The nearest callers that are not Node's or a library's plumbing, for the top functions' lines. */
const callers = (node: Node, depth = 4): string => {
  const names: string[] = [];
  for (let p = parentOf.get(node.id); p && names.length < depth; p = parentOf.get(p.id)) {
    if (p.callFrame.functionName === "(root)") break;
    names.push(`${p.callFrame.functionName || "(anonymous)"}@${kindOf(p.callFrame)}`);
  }
  return names.join(" < ");
};
const callersByFunction = new Map<string, Map<string, number>>();
let total = 0;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i] ?? -1);
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (!node || at < from || at > to) continue;
  total += dt;
  const kind = kindOf(node.callFrame);
  selfByKind.set(kind, (selfByKind.get(kind) ?? 0) + dt);
  const fn = `${node.callFrame.functionName || "(anonymous)"} ${kind}:${node.callFrame.lineNumber + 1}`;
  selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + dt);
  const chains = callersByFunction.get(fn) ?? new Map<string, number>();
  const chain = callers(node);
  chains.set(chain, (chains.get(chain) ?? 0) + dt);
  callersByFunction.set(fn, chains);
}
const idle = selfByKind.get("(idle)") ?? 0;
const busy = total - idle;
const requests = result.requests.total;
const pct = (n: number) => `${((100 * n) / busy).toFixed(1).padStart(5)} %`;
const perRequest = (n: number) => `${(n / 1000 / requests).toFixed(3)} ms`;

console.info(
  `${as}: ${requests} requests in ${seconds} s (${(requests / seconds).toFixed(0)} req/s); the server busy ${(busy / 1e6).toFixed(1)} s of the ${(total / 1e6).toFixed(1)} s measured, ${perRequest(busy)} of CPU per request`,
);
const each = (ms: number) => `${(ms / requests).toFixed(3)} ms`;
console.info(
  `CPU per request: server ${each(cpu.server)}, PostgreSQL ${each(cpu.postgres)}, the load generator ${each(cpu.bench)}; the server's peak RSS ${peakRssMb} MB`,
);
console.info(`\nself time by what the code is (share of the busy time, per request):`);
for (const [kind, us] of [...selfByKind]
  .filter(([k]) => k !== "(idle)")
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.info(`  ${pct(us)}  ${perRequest(us)}  ${kind}`);
console.info(`\nself time by function:`);
for (const [fn, us] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.info(`  ${pct(us)}  ${fn}`);
  const [chain] = [...(callersByFunction.get(fn) ?? [])].sort((a, b) => b[1] - a[1]);
  if (chain?.[0]) console.info(`             ${chain[0]}`);
}
console.info(`\nprofile: ${join(profileDir, file)}`);
