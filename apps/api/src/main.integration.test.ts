import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATION_LOCK_KEY } from "@argine/db/client";
import { createEmptyPostgresDatabase } from "@argine/db/testing";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureWebBuild } from "../test/helpers.ts";
import { freePort } from "../test/ports.ts";
import { type ServerProcess, startServer, waitForOutput } from "../test/server-process.ts";

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
  // (liveness answers) nor a proxy send it traffic (readiness refuses). Another process holding the
  // migrations' lock keeps this one waiting in them, as a long migration would.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "answers liveness and refuses readiness while its migrations wait, then serves",
    async () => {
      const database = await createEmptyPostgresDatabase();
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const port = await freePort();
      const run = startServer({ PORT: String(port), DATABASE_URL: database.url, WEB_DIR: fixtureWebBuild() });
      const probe = async (path: string) => {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        return { status: res.status, body: await res.json() };
      };
      try {
        await expect
          .poll(() => probe("/healthz").catch(() => null), { timeout: 20_000 })
          .toEqual({
            status: 200,
            body: { status: "ok" },
          });
        expect(await probe("/readyz")).toEqual({ status: 503, body: { status: "starting" } });
        expect((await probe("/v1/products")).status).toBe(503);

        await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        await waitForOutput(run, "Argine è pronto", 60_000);
        expect(await probe("/readyz")).toEqual({ status: 200, body: { status: "ready" } });
        expect((await probe("/v1/products")).status).toBe(200);
      } finally {
        run.child.kill("SIGTERM");
        await run.exited;
        await holder.end();
        await database.drop();
      }
    },
    90_000,
  );
});
