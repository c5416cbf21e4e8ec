// The live sockets' cost to everyone else (issue 36, ADR 030): `GET /v1/products` p50, on the embedded
// default (PGlite), alone and while 500 sockets watch every conversation their caller may read and 100
// messages are posted in a case; the ratio of the two. Half the sockets are lawyers' (each message reaches
// them as activity), half clients' with no case (it does not). A delivery costs one database read per message
// per process (apps/api/src/conversations/delivery.ts), so the ratio stays small. Never pass/fail on times.

import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { LIVE_PATH, LIVE_PROTOCOL } from "@argine/core/conversations/live-protocol";
import { API_PREFIX } from "@argine/core/shared/api-contract";
import { DEMO_PASSWORD } from "@argine/db/seed";
import WebSocket from "ws";
import { API_NODE_FLAGS } from "../apps/api/src/node-flags.ts";
import {
  LIVE_ACCOUNTS,
  LIVE_PASSWORD,
  LIVE_TOTP_PERIOD_SECONDS,
  LIVE_TOTP_SECRET,
  liveAccount,
} from "./live-accounts.ts";
import { signIn } from "./sign-in.ts";

const SOCKETS = 500;
const MESSAGES = 100;
/** The most sockets one session may hold (routes/v1/conversations/live.ts SOCKETS_PER_SESSION). */
const PER_SESSION = 6;
const CLIENT = "cliente@demo.argine.it";
/** Lawyers writing the messages: five, each within the per-account limit of 20 messages a minute. */
const WRITERS = 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Each sender its own address (X-Forwarded-For is trusted from loopback): the per-address limits count people. */
let lastAddress = 0;
const nextAddress = () => {
  lastAddress++;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
};

async function startLiveServer() {
  const child = spawn(
    process.execPath,
    [...API_NODE_FLAGS, fileURLToPath(new URL("./server.ts", import.meta.url)), "live"],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`live server exited with ${code}`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const { address } = JSON.parse(line) as { address: string };
  return { address, stop: () => child.kill("SIGTERM") };
}

/** Sequential GETs of the products, each timed; `until` ends them early (the load is over). */
async function productTimes(address: string, count: number, until?: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count && !until?.(); i++) {
    const start = performance.now();
    const res = await fetch(`${address}/v1/products`, { headers: { "x-forwarded-for": nextAddress() } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /v1/products: ${res.status}`);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function openWatcher(address: string, token: string): Promise<WebSocket> {
  const url = `${address.replace(/^http/, "ws")}${API_PREFIX}${LIVE_PATH}`;
  const socket = new WebSocket(url, [LIVE_PROTOCOL, `bearer.${token}`], {
    headers: { "x-forwarded-for": nextAddress() },
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => {
      socket.send(JSON.stringify({ type: "watch" }));
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

export async function liveLoadBench({ smoke }: { smoke: boolean }): Promise<void> {
  const sockets = smoke ? 60 : SOCKETS;
  const messages = smoke ? 20 : MESSAGES;
  console.info(
    `\nLive load: GET /v1/products while ${sockets} sockets watch and ${messages} messages are posted`,
  );
  const server = await startLiveServer();
  const open: WebSocket[] = [];
  try {
    const { address } = server;
    // Sessions enough for the sockets, PER_SESSION each, over the bench's accounts.
    const sessions = Math.ceil(sockets / PER_SESSION);
    const tokens: string[] = [];
    const authenticator = { secret: LIVE_TOTP_SECRET, period: LIVE_TOTP_PERIOD_SECONDS };
    for (let i = 0; i < sessions; i++) {
      const account = i % LIVE_ACCOUNTS;
      tokens.push(
        await signIn(
          address,
          liveAccount(account),
          LIVE_PASSWORD,
          account % 2 === 0 ? authenticator : undefined,
        ),
      );
    }
    const client = await signIn(address, CLIENT, DEMO_PASSWORD);
    // The even accounts are lawyers: sessions 0, 2, 4… are theirs.
    const writers = Array.from({ length: WRITERS }, (_, i) => tokens[2 * i] ?? "");
    const practices = (await (
      await fetch(`${address}/v1/practices`, { headers: { authorization: `Bearer ${client}` } })
    ).json()) as { data: { practiceId: string }[] };
    const practiceId = practices.data[0]?.practiceId;
    if (!practiceId) throw new Error("no demo practice");

    await productTimes(address, 50); // warm-up
    const alone = await productTimes(address, smoke ? 100 : 300);

    for (let i = 0; i < sockets; i++)
      open.push(await openWatcher(address, tokens[Math.floor(i / PER_SESSION)] ?? ""));
    let frames = 0;
    for (const socket of open) socket.on("message", () => frames++);

    // The messages go out four at a time, each writer within its per-account limit (20 a minute), while the
    // products are timed until the last message's frames have been sent.
    let posted = 0;
    let done = false;
    let lastFrames = -1;
    const post = async () => {
      while (posted < messages) {
        const n = posted++;
        const writer = writers[n % WRITERS] ?? "";
        const res = await fetch(`${address}/v1/practices/${practiceId}/comments`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${writer}`,
            "content-type": "application/json",
            "x-forwarded-for": nextAddress(),
          },
          body: JSON.stringify({ comment: `Messaggio ${n} del banco di prova.` }),
        });
        if (res.status !== 201) throw new Error(`comment ${n}: ${res.status} ${await res.text()}`);
      }
    };
    const posting = Promise.all([post(), post(), post(), post()]).finally(() => {
      // The deliveries still being sent count as load: wait until the frames stop coming.
      const settle = setInterval(() => {
        if (frames === lastFrames) {
          clearInterval(settle);
          done = true;
        }
        lastFrames = frames;
      }, 200);
    });
    const during = await productTimes(address, 100_000, () => done);
    await posting;

    const p50Alone = percentile(alone, 50);
    const p50During = percentile(during, 50);
    console.info(
      `GET /v1/products alone:           p50 ${p50Alone.toFixed(2)} ms (${alone.length} requests)`,
    );
    console.info(
      `GET /v1/products under live load: p50 ${p50During.toFixed(2)} ms, p95 ${percentile(during, 95).toFixed(2)} ms (${during.length} requests, ${frames} frames to the sockets)`,
    );
    console.info(`ratio under load/alone (p50):     ${(p50During / p50Alone).toFixed(2)} (target ≤ 3)`);
  } finally {
    for (const socket of open) socket.terminate();
    server.stop();
  }
}
