import { Writable } from "node:stream";
import { SUPPORT_PROTOCOL_PREFIX } from "@argine/core/conversations/live-protocol";
import type { DbHandle } from "@argine/db/client";
import { rateLimitCounts } from "@argine/db/schema/rate-limits";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FaultMode, type FaultProxy, startFaultProxy } from "../../test/fault-proxy.ts";
import { testConfig } from "../../test/helpers.ts";
import { randomIp } from "../../test/identity.ts";
import { openSocket } from "../../test/live-socket.ts";
import { buildApp } from "../app.ts";
import { loggerOptions } from "../http/logging.ts";
import { maxOf } from "./route-limits.ts";

// Redis is the limits' optional store (issue 39): while it is out, stopped (refused) or silent (hanging), a
// limited route still answers at once and still counts, in the database's store; the live socket opens;
// readiness stays 200 and names Redis; the log says it once. Once Redis is back it counts there again, without
// a restart. Redis sits behind a fault proxy, so the shared server is never stopped.

const REDIS_URL = process.env.TEST_REDIS_URL;
// Redis's password stays out of the log (a Redis without one accepts any).
let password = "redis-secret-9f3k";

describe.skipIf(!REDIS_URL).each(testDbKinds())("the request limits while Redis is out (%s)", (kind) => {
  const raw: string[] = [];
  const lines = (from: number) =>
    raw.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string; store?: string });
  let proxy: FaultProxy;
  let redis: Redis;
  let handle: DbHandle;
  let app: FastifyInstance;
  let base = "";
  let token = "";

  const route = "POST /v1/users/password-reset";
  const reset = (address: string) =>
    app.inject({
      method: "POST",
      url: "/v1/users/password-reset",
      payload: { email: "nessuno@example.org" },
      remoteAddress: address,
    });
  const readiness = async () => {
    const res = await app.inject({ method: "GET", url: "/readyz" });
    return { status: res.statusCode, body: res.json() };
  };
  /** The counters Redis holds for an address (the limits' keys end with it). */
  const keysInRedis = (address: string) => redis.keys(`argine-rate-limit-*address:${address}`);

  beforeAll(async () => {
    const target = new URL(REDIS_URL as string);
    proxy = await startFaultProxy(target.hostname, Number(target.port || 6379));
    redis = new Redis(REDIS_URL as string);
    handle = await openTestDb(kind);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        raw.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const url = new URL(proxy.url(REDIS_URL as string));
    if (url.password) password = decodeURIComponent(url.password);
    else url.password = password;
    app = await buildApp({
      // X-Forwarded-For from this machine is trusted: the socket below comes from an address of its own.
      config: testConfig({ REDIS_URL: url.href, TRUST_PROXY: "loopback" }),
      handle,
      logger: { ...(loggerOptions("info") as Record<string, unknown>), stream },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    // A visitor's support thread, whose token opens a live socket; counted in Redis, which is up.
    const from = randomIp();
    const thread = await app.inject({
      method: "POST",
      url: "/v1/support/thread/messages",
      payload: { text: "Ciao" },
      remoteAddress: from,
    });
    token = (thread.json() as { token: string }).token;
    expect(await keysInRedis(from)).not.toEqual([]);
  });
  afterAll(async () => {
    proxy?.set("up");
    await app?.close();
    await handle?.close();
    await proxy?.close();
    redis?.disconnect();
  });

  it.each<[string, FaultMode]>([
    ["stopped (connections refused)", "refuse"],
    ["silent (connections accepted, never answered)", "hang"],
  ])(
    "with Redis %s, a limited route answers at once and still refuses past its allowance; once back, Redis counts again",
    async (_, mode) => {
      const from = raw.length;
      proxy.set(mode);

      const address = randomIp();
      const answers: { status: number; ms: number }[] = [];
      for (let i = 0; i <= maxOf(route, "address"); i++) {
        const started = performance.now();
        const res = await reset(address);
        answers.push({ status: res.statusCode, ms: performance.now() - started });
      }
      expect(answers.map((a) => a.status)).toEqual([...Array(maxOf(route, "address")).fill(202), 429]);
      // Before: no answer within 30 s, or a 500 after up to 10 s. The first call may wait Redis's 0.5 s.
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1000);
      // The database's own store counted them: PostgreSQL's table where it is the database (memory on PGlite).
      if (kind === "postgres")
        expect(
          await handle.db
            .select()
            .from(rateLimitCounts)
            .where(like(rateLimitCounts.key, `%${address}`)),
        ).toHaveLength(1);

      // The live socket's opening is limited too: it opens.
      const live = await openSocket(base, token, SUPPORT_PROTOCOL_PREFIX, randomIp());
      live.socket.close();
      await live.closed;

      // Out once a probe sent after the first unanswered call gets no answer either (REDIS_ANSWER_MS later).
      await vi.waitFor(
        async () =>
          expect(await readiness()).toEqual({ status: 200, body: { status: "ready", degraded: ["redis"] } }),
        { timeout: 3_000, interval: 100 },
      );
      const outage = lines(from).filter((line) => line.level >= 40);
      expect(outage).toEqual([
        expect.objectContaining({
          level: 40,
          msg: `Redis does not answer: the request limits count in ${kind === "postgres" ? "postgres" : "memory"} until it does`,
        }),
      ]);
      expect(raw.slice(from).join("\n")).not.toContain(password);

      proxy.set("up");
      await expect
        .poll(readiness, { timeout: 10_000, interval: 200 })
        .toEqual({ status: 200, body: { status: "ready" } });
      const back = randomIp();
      expect((await reset(back)).statusCode).toBe(202);
      expect(await keysInRedis(back)).toHaveLength(1);
      expect(lines(from).filter((line) => /Redis/.test(line.msg))).toEqual([
        expect.objectContaining({ level: 40 }),
        expect.objectContaining({
          level: 30,
          msg: "Redis answers again: the request limits count in Redis again",
        }),
      ]);
    },
    30_000,
  );
});
