/// <reference path="../../apps/api/test/s3rver.d.ts" />
// `npm run cluster`: the product as several processes run it, on one machine. Two API processes
// (apps/api/src/main.ts) on one fresh PostgreSQL database, behind nginx (round-robin, WebSockets passed
// through), their mails through one SMTP server that keeps them (mail-capture.ts), their files on one S3
// (s3rver). Demo mode, so the demo accounts, the payment sandbox (its webhook through the proxy) and the
// capture sandbox are there. Prints the proxy's address and runs until Ctrl-C (or SIGTERM), then stops
// everything. e2e/cluster.config.ts starts it as Playwright's web server (ready: the proxy's /readyz).
//
//   node scripts/cluster/cluster.ts [--port 3200] [--log file] [--client-proxies]
//
// Ports from --port (CLUSTER_PORT): nginx on it, the API processes on the next two, then SMTP, the captured
// mail's HTTP server and S3. The database, argine_cluster_<port> on CLUSTER_POSTGRES_URL
// (postgres://postgres@127.0.0.1:5432), is dropped and made again at each start, and left after the stop.
// --log: the API processes' log (stdout, both in one file) goes there instead of the cluster's folder.
// --client-proxies: the e2e workers' SOCKS proxies too (e2e/client-addresses.ts, from E2E_PORT = --port).

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import S3rver from "s3rver";
import { startMailCapture } from "./mail-capture.ts";
import { startNginx } from "./nginx.ts";
import { clusterPorts } from "./ports.ts";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: process.env.CLUSTER_PORT ?? "3200" },
    log: { type: "string" },
    "client-proxies": { type: "boolean", default: false },
  },
});
const port = Number(options.port);
const { apis: apiPorts, smtp: smtpPort, mail: mailPort, s3: s3Port } = clusterPorts(port);
const publicUrl = `http://127.0.0.1:${port}`;
const API_MAIN = fileURLToPath(new URL("../../apps/api/src/main.ts", import.meta.url));
const BUCKET = "argine-cluster";

// A folder of its own: nginx's configuration, pid, temporary files and access log, the API processes' data
// folders, the S3 files. Readable by nginx's workers (nobody) when started as root.
const dir = mkdtempSync(join(tmpdir(), `argine-cluster-${port}-`));
chmodSync(dir, 0o755);
const logFile = options.log ?? join(dir, "api.log");

const children: ChildProcess[] = [];
const closers: (() => Promise<unknown>)[] = [];
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    // The API processes finish their requests (10 s at most); nginx stops at once.
    const exits = children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child.once("exit", resolve)),
    );
    for (const child of children) child.kill("SIGTERM");
    const late = setTimeout(() => {
      for (const child of children) child.kill("SIGKILL");
    }, 15_000);
    await Promise.all(exits);
    clearTimeout(late);
    await Promise.allSettled(closers.map((close) => close()));
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  }
  return new Promise<never>(() => {});
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

/** A child that ends before the stop ends the cluster, and says so. */
function watch(name: string, child: ChildProcess): ChildProcess {
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    process.stderr.write(`cluster: ${name} stopped (${signal ?? code}): stopping everything\n`);
    void stop(1);
  });
  return child;
}

async function untilReady(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended before it was ready`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The cluster's database, dropped (its connections ended) and created again. */
async function freshDatabase(): Promise<string> {
  const server = new URL(process.env.CLUSTER_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres");
  const name = `argine_cluster_${port}`;
  const client = new pg.Client({ connectionString: server.href });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  server.pathname = `/${name}`;
  return server.href;
}

/** s3rver with the bucket, which the browser PUTs to and reads from (presigned URLs) from the proxy's origin. */
async function startS3(): Promise<void> {
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${publicUrl}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
    </CORSRule></CORSConfiguration>`;
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: s3Port,
    silent: true,
    directory: join(dir, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [cors] }],
  });
  await s3.run();
  closers.push(() => s3.close());
}

try {
  if (options["client-proxies"]) {
    process.env.E2E_PORT = String(port);
    const { startClientProxies } = await import("../../e2e/client-addresses.ts");
    const proxies: Server[] = await startClientProxies();
    closers.push(() => Promise.all(proxies.map((p) => new Promise((resolve) => p.close(resolve)))));
  }
  const [databaseUrl, mail] = await Promise.all([
    freshDatabase(),
    startMailCapture(smtpPort, mailPort),
    startS3(),
  ]);
  closers.push(() => mail.close());

  // Emptied at the start, then appended to by both processes.
  writeFileSync(logFile, "");
  const log = openSync(logFile, "a");
  const env = { ...process.env };
  // Settings the cluster's own refuse or replace (the demo mailbox beside SMTP, a disk key beside S3; Stripe
  // instead of the payment sandbox).
  for (const name of ["DEV_MAILBOX_KEY", "STORAGE_KEY"]) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("STRIPE_")) delete env[name];
  const shared = {
    NODE_ENV: "development",
    DEMO_MODE: "true",
    HOST: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    // nginx is the one hop in front: the client is the address it saw.
    TRUST_PROXY: "1",
    SMTP_URL: mail.smtpUrl,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: "eu-south-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    // One link key for both, or each would make its own in its data folder (ADR 041): a link, or a second
    // factor, sealed by one must open on the other.
    DOCUMENT_LINK_KEY: env.DOCUMENT_LINK_KEY ?? randomBytes(32).toString("base64"),
    // One secret for both: an event signed by either process's sandbox is checked by whichever receives it.
    SANDBOX_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("base64url")}`,
    SANDBOX_WEBHOOK_URL: `${publicUrl}/v1/webhooks/sandbox`,
  };
  const startApi = (apiPort: number, index: number) =>
    watch(
      `API process ${index + 1} (port ${apiPort})`,
      spawn(process.execPath, [API_MAIN], {
        env: { ...env, ...shared, PORT: String(apiPort), DATA_DIR: join(dir, `api-${index + 1}`) },
        stdio: ["ignore", log, "inherit"],
      }),
    );
  // Side by side, as a deployment's processes start: the migrations take turns under an advisory lock, the
  // OpenID provider's first keys are made once under another (identity/keys.ts), and both load the same.
  const apis = apiPorts.map((apiPort, index) => startApi(apiPort, index));
  await Promise.all(apis.map((api, index) => untilReady(`http://127.0.0.1:${apiPorts[index]}/readyz`, api)));
  closeSync(log);

  const nginx = watch("nginx", startNginx(dir, port, apiPorts));
  await untilReady(`${publicUrl}/readyz`, nginx);

  process.stdout.write(
    [
      "",
      `  Argine in cluster: ${publicUrl}`,
      `  nginx (round-robin) → API processes on ${apiPorts.join(" and ")}; PostgreSQL ${databaseUrl}`,
      `  Mail (SMTP ${mail.smtpUrl}) kept and shown at ${mail.url}/dev/mailbox`,
      `  Files on S3 (s3rver) http://127.0.0.1:${s3Port}/${BUCKET}`,
      `  Demo accounts as in the README. Logs: ${logFile}, ${join(dir, "access.log")}`,
      "  Ctrl-C stops everything.",
      "",
      "",
    ].join("\n"),
  );
} catch (error) {
  process.stderr.write(`cluster: ${(error as Error)?.stack ?? String(error)}\n`);
  await stop(1);
}
