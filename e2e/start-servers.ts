import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import { startClientProxies } from "./client-addresses.ts";
import { SERVERS_READY_PORT } from "./server.ts";

// Every server the journeys use (playwright.config.ts's SERVERS, in E2E_SERVERS), started side by side:
// Playwright starts its web servers one after another, and each product server migrates and seeds a database
// of its own, tens of seconds on a busy machine. Answers on SERVERS_READY_PORT once every one answers its
// `ready` address; a server that exits before ends this process, and its stderr shows. Stopping this process
// (Playwright ends its process group) stops them all.

export interface ServerSpec {
  /** A shell command, run from the e2e folder. */
  command: string;
  env?: Record<string, string>;
  /** An address that answers 2xx once the server is ready. */
  ready: string;
}

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]") as ServerSpec[];
const children: ChildProcess[] = [];
let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  // The whole process group when this process leads it (as Playwright starts it): a shell's pipeline too.
  try {
    process.kill(-process.pid, "SIGTERM");
  } catch {
    for (const child of children) child.kill("SIGTERM");
  }
  process.exit(code);
};
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function untilReady(url: string): Promise<void> {
  while (!(await answers(url))) await new Promise((resolve) => setTimeout(resolve, 250));
}

await startClientProxies();
for (const server of servers) {
  const child = spawn("sh", ["-c", server.command], {
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code) => {
    if (stopping) return;
    process.stderr.write(`e2e server stopped (${code}): ${server.command}\n`);
    stop(1);
  });
  children.push(child);
}
await Promise.all(servers.map((server) => untilReady(server.ready)));
createServer((_request, response) => response.end("ready")).listen(SERVERS_READY_PORT, "127.0.0.1");
