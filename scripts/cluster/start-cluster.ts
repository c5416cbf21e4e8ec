/// <reference path="../../apps/api/test/s3rver.d.ts" />
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import S3rver from "s3rver";
import { API_NODE_FLAGS } from "../../apps/api/src/node-flags.ts";
import { startMailCapture } from "./mail-capture.ts";
import { reloadNginx, startNginx } from "./nginx.ts";
import { clusterPorts } from "./ports.ts";

// The cluster of `npm run cluster` (cluster.ts) as a module: what starts it, and what an operator does to
// it while it runs (operations-drill.ts restarts its API processes one at a time, as the runbook says).

const API_MAIN = fileURLToPath(new URL("../../apps/api/src/main.ts", import.meta.url));
const BUCKET = "argine-cluster";
/** After nginx is told to send a process nothing: its old worker's requests to it end meanwhile. */
const NGINX_DRAIN_MS = 1_000;

export interface ClusterOptions {
  port: number;
  /** The API processes' log (stdout, all in one file); the cluster's folder by default. */
  log?: string;
  /** The e2e workers' SOCKS proxies too (e2e/client-addresses.ts, from E2E_PORT = port). */
  clientProxies?: boolean;
  /** Settings over the cluster's own, for every API process (a drill's raised limits). */
  env?: Record<string, string>;
  /** nginx's error log in the cluster's folder instead of stderr (a drill's expected refused connections). */
  quietProxy?: boolean;
  /**
   * The files on the encrypted disk (STORAGE_KEY) instead of S3, in one DATA_DIR the processes share, as on
   * one machine (the operations drill rotates its key).
   */
  diskStorage?: boolean;
  /** Settings of one API process (by its index) over the others: its own admin port (fault-drill.ts). */
  processEnv?: (index: number) => Record<string, string>;
  /** A child that ends when nobody stopped it: the CLI stops everything (cluster.ts). */
  onUnexpectedExit?: (name: string, code: number | string | null) => void;
}

export interface Cluster {
  publicUrl: string;
  apiPorts: number[];
  databaseUrl: string;
  mailUrl: string;
  /** The cluster's folder: nginx's files and access log, the API processes' data folders. */
  dir: string;
  logFile: string;
  /** The environment every API process runs with (the keys command is run with it too). */
  env: NodeJS.ProcessEnv;
  /**
   * A process's restart as the runbook's (SIGTERM, its exit, the start, its /readyz): `main` is the release's
   * main.ts (an upgrade starts another folder's). SIGKILL instead: a crash, and its supervisor's restart.
   */
  restartApi(index: number, main?: string, signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  stop(): Promise<void>;
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
async function freshDatabase(port: number): Promise<string> {
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

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { port } = options;
  const { apis: apiPorts, smtp: smtpPort, mail: mailPort, s3: s3Port } = clusterPorts(port);
  const publicUrl = `http://127.0.0.1:${port}`;
  // A folder of its own: nginx's configuration, pid, temporary files and access log, the API processes' data
  // folders, the S3 files. Readable by nginx's workers (nobody) when started as root.
  const dir = mkdtempSync(join(tmpdir(), `argine-cluster-${port}-`));
  chmodSync(dir, 0o755);
  const logFile = options.log ?? join(dir, "api.log");
  const children = new Map<string, ChildProcess>();
  const closers: (() => Promise<unknown>)[] = [];
  let stopping = false;

  /** A child that ends before the stop, unless it is being restarted, is said. */
  const watch = (name: string, child: ChildProcess): ChildProcess => {
    children.set(name, child);
    child.on("exit", (code, signal) => {
      if (stopping || children.get(name) !== child) return;
      options.onUnexpectedExit?.(name, signal ?? code);
    });
    return child;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once("exit", resolve));

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // The API processes finish their requests (10 s at most); nginx stops at once.
    const all = [...children.values()];
    const exits = all.map(exited);
    for (const child of all) child.kill("SIGTERM");
    const late = setTimeout(() => {
      for (const child of all) child.kill("SIGKILL");
    }, 15_000);
    await Promise.all(exits);
    clearTimeout(late);
    await Promise.allSettled(closers.map((close) => close()));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (options.clientProxies) {
      process.env.E2E_PORT = String(port);
      const { startClientProxies } = await import("../../e2e/client-addresses.ts");
      const proxies: Server[] = await startClientProxies();
      closers.push(() => Promise.all(proxies.map((p) => new Promise((resolve) => p.close(resolve)))));
    }
    const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${publicUrl}</AllowedOrigin>
      <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
      <AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
      </CORSRule></CORSConfiguration>`;
    // s3rver with the bucket, which the browser PUTs to and reads from (presigned URLs) from the proxy's origin.
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: s3Port,
      silent: true,
      directory: join(dir, "s3"),
      configureBuckets: [{ name: BUCKET, configs: [cors] }],
    });
    const [databaseUrl, mail] = await Promise.all([
      freshDatabase(port),
      startMailCapture(smtpPort, mailPort),
      s3.run(),
    ]);
    closers.push(() => s3.close());
    closers.push(() => mail.close());

    // Emptied at the start, then appended to by every process.
    writeFileSync(logFile, "");
    const log = openSync(logFile, "a");
    closers.push(async () => closeSync(log));
    const env: NodeJS.ProcessEnv = { ...process.env };
    const sharedDataDir = options.diskStorage ? join(dir, "data") : null;
    // Settings the cluster's own refuse or replace (the demo mailbox beside SMTP, a disk key beside S3; Stripe
    // instead of the payment sandbox).
    for (const name of ["DEV_MAILBOX_KEY", "STORAGE_KEY"]) delete env[name];
    for (const name of Object.keys(env)) if (name.startsWith("STRIPE_")) delete env[name];
    Object.assign(env, {
      NODE_ENV: "development",
      DEMO_MODE: "true",
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      // nginx is the one hop in front: the client is the address it saw.
      TRUST_PROXY: "1",
      SMTP_URL: mail.smtpUrl,
      ...(sharedDataDir
        ? { DATA_DIR: sharedDataDir, STORAGE_KEY: randomBytes(32).toString("base64") }
        : {
            S3_BUCKET: BUCKET,
            S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
            S3_REGION: "eu-south-1",
            S3_ACCESS_KEY_ID: "S3RVER",
            S3_SECRET_ACCESS_KEY: "S3RVER",
            S3_FORCE_PATH_STYLE: "true",
          }),
      // One link key for all, or each would make its own in its data folder (ADR 040): a link, or a second
      // factor, sealed by one must open on the others.
      DOCUMENT_LINK_KEY: env.DOCUMENT_LINK_KEY ?? randomBytes(32).toString("base64"),
      // One secret for all: an event signed by any process's sandbox is checked by whichever receives it.
      SANDBOX_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("base64url")}`,
      SANDBOX_WEBHOOK_URL: `${publicUrl}/v1/webhooks/sandbox`,
      ...options.env,
    });
    const startApi = (index: number, main = API_MAIN) => {
      const apiPort = apiPorts[index] as number;
      return watch(
        `API process ${index + 1} (port ${apiPort})`,
        spawn(process.execPath, [...API_NODE_FLAGS, main], {
          env: {
            ...env,
            ...options.processEnv?.(index),
            PORT: String(apiPort),
            DATA_DIR: sharedDataDir ?? join(dir, `api-${index + 1}`),
          },
          stdio: ["ignore", log, "inherit"],
        }),
      );
    };
    const readyz = (index: number) => `http://127.0.0.1:${apiPorts[index]}/readyz`;
    // Side by side, as a deployment's processes start: the migrations take turns under an advisory lock, the
    // OpenID provider's first keys are made once under another (identity/keys.ts), and all load the same.
    const apis = apiPorts.map((_, index) => startApi(index));
    await Promise.all(apis.map((api, index) => untilReady(readyz(index), api)));

    const nginxErrors = options.quietProxy ? join(dir, "nginx-error.log") : undefined;
    const nginx = watch("nginx", startNginx(dir, port, apiPorts, nginxErrors));
    await untilReady(`${publicUrl}/readyz`, nginx);

    return {
      publicUrl,
      apiPorts,
      databaseUrl,
      mailUrl: mail.url,
      dir,
      logFile,
      env,
      async restartApi(index, main, signal = "SIGTERM") {
        const name = `API process ${index + 1} (port ${apiPorts[index]})`;
        const child = children.get(name);
        // The runbook's rolling restart takes the process out of nginx first, and lets nginx's connections
        // to it end (a process's own close would reset a connection nginx has just opened or written a
        // request on: a POST lost, 502); a crash has no such courtesy.
        const apiPort = apiPorts[index] as number;
        if (signal === "SIGTERM") {
          reloadNginx(dir, port, apiPorts, [apiPort], nginxErrors);
          await new Promise((resolve) => setTimeout(resolve, NGINX_DRAIN_MS));
        }
        if (child) {
          children.delete(name);
          child.kill(signal);
          await exited(child);
        }
        await untilReady(readyz(index), startApi(index, main));
        if (signal === "SIGTERM") reloadNginx(dir, port, apiPorts, [], nginxErrors);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
