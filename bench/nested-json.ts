// Deeply nested JSON (ADR 023): how long the product takes to refuse a body nested far past JSON_MAX_DEPTH,
// and what it costs everyone else meanwhile. Against the real app (bench/server.ts `ours`, in its own
// process): GET /v1/products timed alone, then while clients send nested bodies back to back, as the ratio of
// the two medians. Each body goes to the public questionnaire (POST /v1/feedback: refused by its depth, 400,
// or by its length past the write's body limit, 413, docs/limits.md) and anonymously to a route that wants an
// account (PATCH /v1/users/me: 401 before the body is read).
// The senders run in a worker thread, so their work is not counted in the ordinary request's time. Every
// request has its own client address (the server trusts X-Forwarded-For from loopback), so the per-address
// limits count senders, not the bench. Never pass/fail on times; a wrong status fails. A 413 is sent as
// Fastify sends it, closing the connection (the rest of the body is never read): a sender still writing then
// sees its write fail (EPIPE, ECONNRESET), which is that refusal, not an error.

import { Worker } from "node:worker_threads";
import { nestedJson, nestedMegabyte } from "../apps/api/test/nested-json.ts";

export interface NestedJsonBenchOptions {
  smoke: boolean;
  /** The `ours` server's address. */
  address: string;
}

const ATTACKERS = 5;

let sender = 0;
const nextAddress = () => {
  sender++;
  return `10.${(sender >> 16) & 255}.${(sender >> 8) & 255}.${sender & 255}`;
};

/**
 * ATTACKERS loops sending `body` back to back from a worker thread until stopped; a status other than
 * `status` ends the worker with an error. Plain JavaScript, evaluated: the worker needs no TypeScript.
 */
const SENDERS = `
const { parentPort, workerData } = require("node:worker_threads");
const { url, method, body, status, senders } = workerData;
let running = true;
let n = 0;
parentPort.on("message", () => { running = false; });
const closedWhileWriting = (error) =>
  status === 413 && ["EPIPE", "ECONNRESET"].includes(error && error.cause && error.cause.code);
const loop = async (k) => {
  while (running) {
    n++;
    let res;
    try {
      res = await fetch(url, {
        method,
        headers: { "content-type": "application/json", "x-forwarded-for": "10.200." + k + "." + (n % 250) },
        body,
      });
    } catch (error) {
      if (closedWhileWriting(error)) continue;
      throw error;
    }
    await res.arrayBuffer();
    if (res.status !== status) throw new Error(method + " " + url + ": " + res.status + ", not " + status);
  }
};
Promise.all(Array.from({ length: senders }, (_, k) => loop(k))).then(() => parentPort.postMessage(n));
`;

async function whileSending<T>(
  target: { url: string; method: string; body: string; status: number },
  work: () => Promise<T>,
): Promise<T> {
  const worker = new Worker(SENDERS, { eval: true, workerData: { ...target, senders: ATTACKERS } });
  const done = new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
  });
  await new Promise((r) => setTimeout(r, 200)); // the senders under way
  try {
    return await work();
  } finally {
    worker.postMessage("stop");
    await done;
    await worker.terminate();
  }
}

async function timed(url: string, init: RequestInit = {}): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": nextAddress() },
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The median of `count` GET /v1/products, one after the other. */
async function productsLatency(address: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ms, status } = await timed(`${address}/v1/products`);
    if (status !== 200) throw new Error(`GET /v1/products: ${status}`);
    times.push(ms);
  }
  return median(times);
}

export async function nestedJsonBench({ smoke, address }: NestedJsonBenchOptions): Promise<void> {
  const samples = smoke ? 30 : 200;
  const refusals = smoke ? 2 : 20;
  // What the questionnaire answers each: past the body limit by its length, within it by its depth.
  const bodies = [
    { label: "1 MB nested 1 800 deep", body: nestedMegabyte(1800), publicStatus: 413 },
    { label: "32 000 deep (64 KB)", body: nestedJson(32_000), publicStatus: 400 },
  ];
  await productsLatency(address, samples); // warm-up
  const alone = await productsLatency(address, samples);
  console.info("Nested JSON bodies (refused before any work on them):");
  console.info(`  GET /v1/products alone:            ${alone.toFixed(2)} ms (median of ${samples})`);
  for (const { label, body, publicStatus } of bodies) {
    const targets = [
      { method: "POST", path: "/v1/feedback", status: publicStatus, who: "public" },
      { method: "PATCH", path: "/v1/users/me", status: 401, who: "anonymous" },
    ];
    for (const target of targets) {
      const send = async () => {
        const started = performance.now();
        const answer = await timed(`${address}${target.path}`, {
          method: target.method,
          headers: { "content-type": "application/json" },
          body,
        }).catch((error: { cause?: { code?: string } }) => {
          // The 413's closed connection, met while still writing (above).
          if (target.status === 413 && ["EPIPE", "ECONNRESET"].includes(error.cause?.code ?? ""))
            return { ms: performance.now() - started, status: 413 };
          throw error;
        });
        if (answer.status !== target.status)
          throw new Error(
            `${target.method} ${target.path} (${label}): ${answer.status}, not ${target.status}`,
          );
        return answer.ms;
      };
      const times: number[] = [];
      for (let i = 0; i < refusals; i++) times.push(await send());
      const during = await whileSending(
        { url: `${address}${target.path}`, method: target.method, body, status: target.status },
        () => productsLatency(address, samples),
      );
      console.info(
        `  ${label}, ${target.method} ${target.path} (${target.who}): ${target.status} in ${median(times).toFixed(2)} ms; ` +
          `GET /v1/products meanwhile (${ATTACKERS} senders) ${during.toFixed(2)} ms, ratio ${(during / alone).toFixed(2)}`,
      );
    }
  }
}
