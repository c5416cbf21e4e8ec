// The whole product as `npm start` runs it: for benchmarks that drive a browser, the web build (rebuilt when
// missing or older than its sources), then `node apps/api/src/main.ts` with demo data on a throwaway
// DATA_DIR and a free port. WEB_DIR, when set, is used as the build as is (nothing is rebuilt). Benchmarks
// of the API alone start it without a site.

import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { API_NODE_FLAGS } from "../apps/api/src/node-flags.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const WEB_BUILD = join(ROOT, "apps/web/build/client");
/** What the web build is made of: a file newer than build/client/index.html means the build is stale. */
const WEB_SOURCES = [
  "apps/web/app",
  "apps/web/content",
  "apps/web/public",
  "apps/web/scripts",
  "apps/web/package.json",
  "apps/web/react-router.config.ts",
  "apps/web/vite.config.ts",
  "packages/core/src",
];

function newestSource(): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path) && (!newest || stat.mtimeMs > newest.mtimeMs)) {
      newest = { file: relative(ROOT, path), mtimeMs: stat.mtimeMs };
    }
  };
  for (const source of WEB_SOURCES) if (existsSync(join(ROOT, source))) visit(join(ROOT, source));
  return newest;
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** The folder of the built site to serve: WEB_DIR, else apps/web/build/client, built first when needed. */
export async function ensureWebBuild(): Promise<string> {
  const fromEnv = process.env.WEB_DIR;
  if (fromEnv) {
    if (!existsSync(join(fromEnv, "index.html"))) throw new Error(`WEB_DIR=${fromEnv} has no index.html`);
    console.info(`web build: WEB_DIR=${fromEnv} (used as is)`);
    return fromEnv;
  }
  const index = join(WEB_BUILD, "index.html");
  const built = existsSync(index) ? statSync(index).mtimeMs : null;
  // With ssr: false, a finished build removes build/server: still there means the last build broke off.
  const unfinished = existsSync(join(WEB_BUILD, "../server"));
  const newest = newestSource();
  if (built !== null && !unfinished && (!newest || newest.mtimeMs <= built)) {
    console.info("web build: up to date");
    return WEB_BUILD;
  }
  const why =
    built === null
      ? "missing"
      : unfinished
        ? "the last build did not finish"
        : `stale: ${newest?.file} is newer`;
  console.info(`web build: ${why}, running \`npm run build\``);
  const started = Date.now();
  let { code, output } = await run("npm", ["run", "build", "--silent"]);
  if (code !== 0) {
    // Another build emptying build/client under ours fails both: one more try once it is done.
    console.info(`web build: failed (exit ${code}), trying once more`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    ({ code, output } = await run("npm", ["run", "build", "--silent"]));
  }
  if (code === 0 && existsSync(index)) {
    console.info(`web build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return WEB_BUILD;
  }
  // Not the stack frames nor vite's table of built files (names like error-summary-….js).
  const lines = output.split("\n").filter((l) => l.trim() && !/^\s+at |^\s*build\//.test(l));
  const errors = lines.filter((l) => /error/i.test(l)).slice(0, 8);
  const shown = (errors.length ? errors : lines.slice(-15)).join("\n");
  if (!existsSync(index)) throw new Error(`\`npm run build\` failed (exit ${code}):\n${shown}`);
  const left =
    statSync(index).mtimeMs >= started - 1000
      ? "what it left (pages it did not reach answer 404)"
      : `the previous build of ${new Date(statSync(index).mtimeMs).toISOString()}`;
  console.warn(`web build: \`npm run build\` FAILED (exit ${code}); measuring ${left}:\n${shown}`);
  return WEB_BUILD;
}

/** True when index.html and every asset it links are there (a copy taken mid-build is not). */
function complete(dir: string): boolean {
  const index = join(dir, "index.html");
  if (!existsSync(index)) return false;
  const refs = readFileSync(index, "utf8").matchAll(/(?:src|href)="\/(assets\/[^"?#]+)/g);
  return [...refs].every((m) => existsSync(join(dir, m[1] ?? "")));
}

/**
 * A private copy of the build: the server indexes its files at boot, so a rebuild by someone else during the
 * run (vite empties build/client) would turn pages and scripts into 404s half-way through.
 */
async function snapshot(webDir: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const copy = mkdtempSync(join(tmpdir(), "argine-bench-web-"));
    cpSync(webDir, copy, { recursive: true });
    if (complete(copy)) return copy;
    rmSync(copy, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  throw new Error(`${webDir} kept changing (a build running?): no complete copy of it`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
    server.on("error", reject);
  });
}

export interface Product {
  /** http://127.0.0.1:PORT */
  address: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

async function startOnce(webDir: string | null, extraEnv: Record<string, string>): Promise<Product> {
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "argine-bench-product-"));
  // `npm start`'s defaults (development, demo data), minus anything that would point the server at a real
  // database, identity provider or mail server of the caller's environment.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "NODE_ENV",
    "DATABASE_URL",
    "OIDC_ISSUER",
    "OIDC_CLIENT_ID",
    "OIDC_AUDIENCE",
    "SMTP_URL",
    "STORAGE_KEY",
    "S3_BUCKET",
    "S3_REGION",
    "S3_ENDPOINT",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_FORCE_PATH_STYLE",
  ])
    delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: address,
    DATA_DIR: dataDir,
    DEMO_MODE: "true",
    // No site: a folder without index.html (the server warns and serves the API alone).
    WEB_DIR: webDir ?? join(dataDir, "no-site"),
    LOG_LEVEL: "warn",
    ...extraEnv,
  });
  const child = spawn(process.execPath, [...API_NODE_FLAGS, join(ROOT, "apps/api/src/main.ts")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  let listening = false;
  const keep = (line: string) => {
    // main.ts prints its banner once `listen` succeeded: from then on the port is ours.
    if (line.includes(address)) listening = true;
    log.push(line);
    if (log.length > 40) log.shift();
  };
  createInterface({ input: child.stdout }).on("line", keep);
  createInterface({ input: child.stderr }).on("line", keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve();
    }),
  );
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const stop = async () => {
    if (exitCode === undefined) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      cleanup();
      throw new Error(`the server exited with ${exitCode} before it was ready:\n${log.join("\n")}`);
    }
    if (listening) {
      const ready = await fetch(`${address}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return { address, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${log.join("\n")}`);
}

/**
 * Starts the product on a private copy of webDir (null: no site, the API alone), with `env` added to its
 * environment, and waits for /readyz; a second port is tried if the first was taken meanwhile.
 */
export async function startProduct(
  webDir: string | null,
  env: Record<string, string> = {},
): Promise<Product> {
  const copy = webDir === null ? null : await snapshot(webDir);
  const removeCopy = () => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  };
  try {
    let product: Product;
    try {
      product = await startOnce(copy, env);
    } catch (error) {
      if (!String(error).includes("EADDRINUSE")) throw error;
      product = await startOnce(copy, env);
    }
    return { address: product.address, stop: () => product.stop().finally(removeCopy) };
  } catch (error) {
    removeCopy();
    throw error;
  }
}
