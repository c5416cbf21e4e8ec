import { Writable } from "node:stream";
import type { DbHandle } from "@argine/db/client";
import { seedDemo } from "@argine/db/seed";
import { openTestDb } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";
import { loggerOptions } from "./logging.ts";

// Every log line says what it was written for: a request's id (the one its x-request-id header and error
// body carry) on whatever logger wrote it, a job's id on its handler's lines.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

class RefusingMailer implements Mailer {
  async send(_mail: Mail) {
    throw Object.assign(new Error("550 mailbox unavailable"), { code: "EENVELOPE" });
  }
}

describe("the log lines", () => {
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await openTestDb("pglite");
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}` });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        raw.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      // A proxy on this machine (inject's address) is trusted with the client's address, and the request id.
      config: testConfig({ TRUST_PROXY: "loopback", MAIL_RETRY_LIMIT: "0" }),
      handle,
      adapters: { mailer: new RefusingMailer() },
      logger: { ...(loggerOptions("info") as Record<string, unknown>), stream },
    });
    // A service that logs through the app's logger, which knows nothing of the request, after a wait and
    // with a body read (the body arrives outside the request's first hooks).
    app.post("/test/service-log", async (request) => {
      const { wait } = request.body as { wait: number };
      await new Promise((resolve) => setTimeout(resolve, wait));
      app.log.info({ wait }, "written by a service");
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const serviceLog = (wait: number, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/test/service-log", payload: { wait }, headers });
  const written = (wait: number) =>
    lines().filter((l) => l.msg === "written by a service" && l.wait === wait);

  it("carry the request's id on a service's line, each request its own however they interleave", async () => {
    const [slow, fast] = await Promise.all([serviceLog(40), serviceLog(1)]);
    const slowId = slow?.headers["x-request-id"];
    const fastId = fast?.headers["x-request-id"];
    expect(slowId).toMatch(UUID);
    expect(fastId).toMatch(UUID);
    expect(slowId).not.toBe(fastId);
    expect(written(40).map((l) => l.reqId)).toEqual([slowId]);
    expect(written(1).map((l) => l.reqId)).toEqual([fastId]);
    // The request's own lines (Fastify's) name it once, not twice.
    const own = raw.filter((line) => line.includes(String(slowId)));
    expect(own.length).toBeGreaterThanOrEqual(3);
    for (const line of own) expect(line.match(/"reqId"/g)).toHaveLength(1);
    // The error body carries the same id as the log.
    const missing = await app.inject({ method: "GET", url: "/v1/no-such-route" });
    expect(missing.json().requestId).toBe(missing.headers["x-request-id"]);
  });

  it("take a trusted proxy's x-request-id when it is plain, a new UUID otherwise", async () => {
    const given = "proxy-4f2a9c1e-trace";
    const forwarded = await serviceLog(2, { "x-request-id": given });
    expect(forwarded.headers["x-request-id"]).toBe(given);
    expect(written(2).map((l) => l.reqId)).toEqual([given]);
    for (const bad of ["short", "spazi non ammessi", "a".repeat(65), "id;drop", "../../etc"]) {
      const response = await serviceLog(3, { "x-request-id": bad });
      expect(response.headers["x-request-id"]).toMatch(UUID);
    }
    expect(raw.join("\n")).not.toContain("spazi non ammessi");
  });

  it("carry a job's id on its handler's lines, and no request's", async () => {
    const reset = await app.inject({
      method: "POST",
      url: "/v1/users/password-reset",
      payload: { email: "cliente@demo.argine.it" },
    });
    expect(reset.statusCode).toBe(202);
    await expect
      .poll(() => lines().filter((l) => l.queue === "mail" && l.code === "EENVELOPE"))
      .toHaveLength(1);
    const [failed] = lines().filter((l) => l.queue === "mail" && l.code === "EENVELOPE");
    expect(failed?.jobId).toMatch(UUID);
    expect(failed?.reqId).toBeUndefined();
    // Outside any request or job, nothing.
    app.log.info("between requests");
    const between = lines().find((l) => l.msg === "between requests");
    expect(between).toBeDefined();
    expect(between?.reqId).toBeUndefined();
    expect(between?.jobId).toBeUndefined();
  });
});
