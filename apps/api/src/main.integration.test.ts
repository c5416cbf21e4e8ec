import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATION_LOCK_KEY } from "@argine/db/client";
import { createEmptyPostgresDatabase } from "@argine/db/testing";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startFaultProxy } from "../test/fault-proxy.ts";
import { fixtureWebBuild } from "../test/helpers.ts";
import { freePort } from "../test/ports.ts";
import { type ServerProcess, startServer, waitForOutput } from "../test/server-process.ts";

const ADMIN_TOKEN = "a-metrics-token-of-the-tests-0123456789";

/** GET `path` on a local port: its status and JSON body, or null when the port refuses the connection. */
const probeOf = (port: number) => async (path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
  if (!res) return null;
  const text = await res.text();
  return { status: res.status, body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text };
};

describe("the server process", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "argine-main-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts with demo data, refuses a second process on its data, stops on SIGTERM within 10 s, and keeps data", async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, WEB_DIR: fixtureWebBuild() };
    const first = startServer(env);
    await waitForOutput(first, "Argine è pronto");
    expect(first.output()).toContain("cliente@demo.argine.it");
    expect(first.output()).toContain("Demo!Argine2026");
    // The demo mailbox answers only with the key its banner link carries.
    const mailboxKey = (run: ServerProcess) =>
      new URLSearchParams(run.output().match(/\/dev\/mailbox(\?key=\S+)/)?.[1] ?? "").get("key") ?? "";
    const firstKey = mailboxKey(first);
    expect(firstKey.length).toBeGreaterThanOrEqual(32);
    const mailbox = (key?: string) =>
      fetch(
        `http://127.0.0.1:${port}/v1/dev/mailbox${key === undefined ? "" : `?key=${encodeURIComponent(key)}`}`,
      );
    expect((await mailbox()).status).toBe(404);
    // The key with its last character changed (to one it cannot already be).
    const wrongKey = `${firstKey.slice(0, -1)}${firstKey.endsWith("x") ? "y" : "x"}`;
    expect((await mailbox(wrongKey)).status).toBe(404);
    expect((await mailbox(firstKey)).status).toBe(200);
    const before = await (await fetch(`http://127.0.0.1:${port}/v1/products`)).json();
    expect(before).toHaveLength(8);

    const intruder = startServer({ ...env, PORT: String(await freePort()) });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/in use by process/);

    const stopAt = Date.now();
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(10_000);

    const second = startServer(env);
    await waitForOutput(second, "Argine è pronto");
    expect(mailboxKey(second)).not.toBe(firstKey);
    expect((await mailbox(firstKey)).status).toBe(404);
    const after = await (await fetch(`http://127.0.0.1:${port}/v1/products`)).json();
    expect(after).toEqual(before);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 90_000);

  it("fails fast, listing every bad setting", async () => {
    const run = startServer({ PORT: "not-a-port", DATABASE_URL: "nope" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("PORT");
    expect(run.output()).toContain("DATABASE_URL");
  });

  // Migrations can take long on a real database: meanwhile an orchestrator must not restart the process
  // (liveness answers on the admin port) nor a proxy send it traffic (the public port is closed, so nginx
  // passes every request, POSTs too, to another process). Another process holding the migrations' lock keeps
  // this one waiting in them, as a long migration would.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "answers the probes on the admin port and keeps its public port closed while its migrations wait, then serves",
    async () => {
      const database = await createEmptyPostgresDatabase();
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const [port, adminPort] = [await freePort(), await freePort()];
      const run = startServer({
        PORT: String(port),
        ADMIN_PORT: String(adminPort),
        METRICS_TOKEN: ADMIN_TOKEN,
        DATABASE_URL: database.url,
        WEB_DIR: fixtureWebBuild(),
      });
      const probe = probeOf(port);
      const admin = probeOf(adminPort);
      try {
        await expect
          .poll(() => admin("/healthz"), { timeout: 20_000 })
          .toEqual({ status: 200, body: { status: "ok" } });
        expect(await admin("/readyz")).toEqual({ status: 503, body: { status: "starting" } });
        expect(await probe("/v1/products")).toBeNull();

        await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        await waitForOutput(run, "Argine è pronto", 60_000);
        expect(await probe("/readyz")).toEqual({ status: 200, body: { status: "ready" } });
        expect((await probe("/v1/products"))?.status).toBe(200);
        // The admin port keeps the probes, without the token; the rest wants it.
        expect(await admin("/readyz")).toEqual({ status: 200, body: { status: "ready" } });
        expect((await admin("/metrics"))?.status).toBe(401);
      } finally {
        run.child.kill("SIGTERM");
        await run.exited;
        await holder.end();
        await database.drop();
      }
    },
    90_000,
  );

  // PostgreSQL not up yet (started after us, restarting): the process says so in a sentence, answers its
  // liveness, and starts once the database answers, without a supervisor's restart.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "waits for a database that does not answer, saying so, with liveness up, and starts once it answers",
    async () => {
      const database = await createEmptyPostgresDatabase();
      const target = new URL(database.url);
      const proxy = await startFaultProxy(target.hostname, Number(target.port || 5432));
      proxy.set("refuse");
      const [port, adminPort] = [await freePort(), await freePort()];
      const run = startServer({
        PORT: String(port),
        ADMIN_PORT: String(adminPort),
        METRICS_TOKEN: ADMIN_TOKEN,
        DATABASE_URL: proxy.url(database.url),
        WEB_DIR: fixtureWebBuild(),
      });
      const admin = probeOf(adminPort);
      try {
        await waitForOutput(run, "the database does not answer", 20_000);
        expect(run.output()).toContain(`127.0.0.1:${proxy.port}/${target.pathname.slice(1)}`);
        expect(run.output()).not.toMatch(/\n\s+at /);
        expect(await admin("/healthz")).toEqual({ status: 200, body: { status: "ok" } });
        expect(await admin("/readyz")).toEqual({ status: 503, body: { status: "database-unreachable" } });
        expect(run.child.exitCode).toBeNull();

        proxy.set("up");
        await waitForOutput(run, "Argine è pronto", 60_000);
        expect((await probeOf(port)("/v1/products"))?.status).toBe(200);
      } finally {
        run.child.kill("SIGTERM");
        await run.exited;
        await proxy.close();
        await database.drop();
      }
    },
    90_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "refuses to start, in a sentence, when PostgreSQL refuses it (no such database)",
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = "/argine_no_such_database";
      const run = startServer({
        PORT: String(await freePort()),
        DATABASE_URL: url.href,
        WEB_DIR: fixtureWebBuild(),
      });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain("PostgreSQL at");
      expect(run.output()).toContain("refused the start");
      expect(run.output()).toContain('database "argine_no_such_database" does not exist');
      expect(run.output()).not.toMatch(/\n\s+at /);
    },
    30_000,
  );
});
