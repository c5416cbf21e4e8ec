import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// The server as `npm run serve` starts it (main.ts in a process of its own), for the suites about what a
// start does: its output, its data folder, a restart.

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts main.ts with the test's environment over development's defaults and warnings in the log, on a data
 * folder of its own unless the test names one (never the working folder's ./data).
 */
export function startServer(env: Record<string, string>): ServerProcess {
  let out = "";
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), "argine-server-"));
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Until the output shows `text`; fails with the output when the process ends first or time is up. */
export async function waitForOutput(run: ServerProcess, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!run.output().includes(text)) {
    if (Date.now() > deadline || run.child.exitCode !== null)
      throw new Error(`never saw "${text}":\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, and the exit code of the graceful stop. */
export async function stopServer(run: ServerProcess): Promise<number | null> {
  if (run.child.exitCode === null) run.child.kill("SIGTERM");
  return run.exited;
}

export const READY = "Argine è pronto";
