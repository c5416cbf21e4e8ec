// The bench's own scripts (a server, a generator) in child processes that answer in JSON lines.

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { API_NODE_FLAGS } from "../apps/api/src/node-flags.ts";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export interface Child {
  /** Resolves with the child's next stdout line parsed as JSON. */
  next<T>(): Promise<T>;
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/** A bench script (a server, a generator) in a child process that speaks JSON lines on stdout. */
export function start(script: string, args: string[], stderr: "inherit" | "ignore" = "inherit"): Child {
  const child = spawn(process.execPath, [...API_NODE_FLAGS, here(script), ...args], {
    stdio: ["ignore", "pipe", stderr],
  });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    exited,
    next: <T>() =>
      new Promise<T>((resolve, reject) => {
        const take = (line: string) => resolve(JSON.parse(line) as T);
        const queued = lines.shift();
        if (queued !== undefined) return take(queued);
        waiters.push(take);
        void exited.then((code) => reject(new Error(`${script} ${args[0] ?? ""} exited with ${code}`)));
      }),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
