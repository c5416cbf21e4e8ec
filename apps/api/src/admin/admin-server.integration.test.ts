import { randomUUID } from "node:crypto";
import { SUPPORT_PROTOCOL_PREFIX } from "@argine/core/conversations/live-protocol";
import type { DbHandle } from "@argine/db/client";
import { seedDemo } from "@argine/db/seed";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { openSocket } from "../../test/live-socket.ts";
import { buildApp } from "../app.ts";
import type { Mail, Mailer } from "../mail/mailer.ts";
import { startAdminServer } from "./admin-server.ts";

// The operators' port: after a few requests, a job and a failed mail, GET /metrics with the token shows every
// series the runbook reads (docs/runbook.md), labelled by route pattern, never by a raw id; without the token
// it shows nothing.

const TOKEN = "metriche-di-prova-0123456789abcdef";

/** A mail server that refuses every mail: with no retries, the mail job fails once and is dead-lettered. */
class RefusingMailer implements Mailer {
  async send(_mail: Mail) {
    throw Object.assign(new Error("550 mailbox unavailable"), { code: "EENVELOPE" });
  }
}

describe.each(testDbKinds())("the admin server on %s", (kind) => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let admin: FastifyInstance;
  let base = "";

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}` });
    app = await buildApp({
      config: testConfig({ MAIL_RETRY_LIMIT: "0" }),
      handle,
      adapters: { mailer: new RefusingMailer() },
    });
    await app.ready();
    admin = await startAdminServer({
      config: { port: 0, host: "127.0.0.1", metricsToken: TOKEN },
      metrics: app.deps.metrics,
    });
    const address = admin.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await admin?.close();
    await app?.close();
    await handle?.close();
  });

  const scrape = (authorization?: string) =>
    fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
  const series = async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    return response.text();
  };

  it("shows each series after a few requests, a job and a failed mail, labelled by route pattern", async () => {
    const practiceId = randomUUID();
    expect((await app.inject({ method: "GET", url: "/v1/products" })).statusCode).toBe(200);
    // A route with an id, asked without a token: 401 from the matched route.
    expect((await app.inject({ method: "GET", url: `/v1/practices/${practiceId}` })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/v1/no-such-route" })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: "/v1/newsletter", payload: {} })).statusCode).toBe(400);
    // A mail job, refused by the mail server: a failure and, without retries, a dead letter.
    const reset = await app.inject({
      method: "POST",
      url: "/v1/users/password-reset",
      payload: { email: "cliente@demo.argine.it" },
    });
    expect(reset.statusCode).toBe(202);
    await expect
      .poll(series, { timeout: 15_000, interval: 200 })
      .toMatch(/^argine_dead_letters\{queue="mail"\} 1$/m);

    const text = await series();
    expect(text).toMatch(
      /^argine_http_requests_total\{method="GET",route="\/v1\/products",status="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^argine_http_requests_total\{method="GET",route="\/v1\/practices\/:id",status="401"\} 1$/m,
    );
    expect(text).toMatch(/^argine_http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).toMatch(
      /^argine_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/v1\/practices\/:id"\} 1$/m,
    );
    expect(text).not.toContain(practiceId);
    expect(text).not.toContain("no-such-route");
    expect(text).toMatch(/^argine_errors_total\{code="UNAUTHORIZED"\} 1$/m);
    expect(text).toMatch(/^argine_errors_total\{code="NOT_FOUND"\} 1$/m);
    expect(text).toMatch(/^argine_errors_total\{code="BAD_REQUEST"\} 1$/m);
    expect(text).toMatch(/^argine_mails_total\{outcome="failed"\} 1$/m);
    expect(text).toMatch(/^argine_job_failures_total\{queue="mail"\} 1$/m);
    expect(text).toMatch(/^argine_jobs_queued\{queue="mail"\} \d+$/m);
    expect(text).toMatch(/^argine_jobs_queued\{queue="orders-settle"\} \d+$/m);
    expect(text).toMatch(/^argine_dead_letters\{queue="sandbox-event"\} 0$/m);
    expect(text).toMatch(/^argine_websocket_connections 0$/m);
    expect(text).toContain("# TYPE argine_payments_total counter");
    // The pool is PostgreSQL's; the embedded database has none.
    if (kind === "postgres") {
      for (const pool of ["app", "jobs"])
        for (const state of ["total", "idle", "waiting"])
          expect(text).toMatch(
            new RegExp(`^argine_db_pool_connections\\{pool="${pool}",state="${state}"\\} \\d+$`, "m"),
          );
    } else expect(text).not.toContain("argine_db_pool_connections");
    // prom-client's own series of the process.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // Nothing a request carried: no address.
    expect(text).not.toContain("cliente@demo");
  });

  it("counts the live sockets open now", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const appBase = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    // A visitor's support thread: its token lets a socket in.
    const thread = await app.inject({
      method: "POST",
      url: "/v1/support/thread/messages",
      payload: { text: "Ciao" },
    });
    const token = (thread.json() as { token: string }).token;
    const open = async () => (await series()).match(/^argine_websocket_connections (\d+)$/m)?.[1];
    const live = await openSocket(appBase, token, SUPPORT_PROTOCOL_PREFIX);
    await expect.poll(open).toBe("1");
    live.socket.close();
    await live.closed;
    await expect.poll(open).toBe("0");
  });

  it("answers 401 and no series without the token, with a wrong one, or another scheme", async () => {
    for (const authorization of [
      undefined,
      "Bearer ",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`admin:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(body).not.toContain("argine_");
      expect(body).not.toContain("# TYPE");
      expect(JSON.parse(body)).toMatchObject({ code: "UNAUTHORIZED" });
    }
    // Any other path, too: nothing is said before the token.
    expect((await fetch(`${base}/backup`, { method: "POST" })).status).toBe(401);
  });
});
