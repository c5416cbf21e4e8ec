import { connect } from "node:net";
import { MESSAGES } from "@argine/core/shared/messages";
import type { DbHandle } from "@argine/db/client";
import { seedDemo } from "@argine/db/seed";
import { openTestDb } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { MemoryMailer } from "../../test/identity.ts";
import { freePort } from "../../test/ports.ts";
import { buildApp } from "../app.ts";
import { ConfigError } from "../config.ts";
import { maxOf } from "../rate-limits/route-limits.ts";

// Who the client is behind a proxy, and how long a slow client may hold a connection.

// One database for every server of this file (the limits under test are counted in each server's memory).
let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb("pglite");
  await seedDemo(handle.db, { hashPassword: async (p) => `test:${p}` });
});
afterAll(() => handle.close());

interface Listening {
  base: string;
  port: number;
  close(): Promise<void>;
}

async function listening(env: Record<string, string>): Promise<Listening> {
  const port = await freePort();
  const app = await buildApp({
    config: testConfig({ PORT: String(port), ...env }),
    handle,
    adapters: { mailer: new MemoryMailer() },
  });
  await app.listen({ port, host: "127.0.0.1" });
  return { port, base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** One reset request more than an address may make in a minute, each with its own X-Forwarded-For. */
const RESETS_MAX = maxOf("POST /v1/users/password-reset", "address");
const ALLOWED_THEN_REFUSED = [...Array(RESETS_MAX).fill(202), 429];
async function resetStatuses(base: string, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= RESETS_MAX; i++) {
    const res = await fetch(`${base}/v1/users/password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor(i) },
      body: JSON.stringify({ email: `spoof${i}@example.org` }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe("TRUST_PROXY", () => {
  it("refuses `true`, which would trust whatever X-Forwarded-For a client writes, and bad addresses", () => {
    expect(() => testConfig({ TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => testConfig({ TRUST_PROXY: "true" })).toThrow(/number of proxies/);
    expect(() => testConfig({ TRUST_PROXY: "10.0.0.1,proxy.example" })).toThrow(/proxy.example/);
    expect(() => testConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/10.0.0.0\/33/);
    expect(testConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(testConfig({}).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(testConfig({ TRUST_PROXY: "10.0.0.0/8, ::1,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
  });

  // The test plays the proxy (it connects from loopback); the client in front of it made up the left-most
  // X-Forwarded-For entries, the proxy appended the address it really saw.
  for (const setting of ["1", "127.0.0.1", "loopback"]) {
    it(`with TRUST_PROXY=${setting}, a made-up left-most X-Forwarded-For does not reset a per-address limit`, async () => {
      const s = await listening({ TRUST_PROXY: setting });
      try {
        expect(await resetStatuses(s.base, (i) => `198.51.100.${i + 1}, 203.0.113.7`)).toEqual(
          ALLOWED_THEN_REFUSED,
        );
        // Another real client behind the same proxy keeps its own allowance.
        expect((await resetStatuses(s.base, () => "203.0.113.8"))[0]).toBe(202);
      } finally {
        await s.close();
      }
    });
  }

  it("without TRUST_PROXY, X-Forwarded-For is ignored altogether", async () => {
    const s = await listening({});
    try {
      expect(await resetStatuses(s.base, (i) => `198.51.100.${i + 1}`)).toEqual(ALLOWED_THEN_REFUSED);
    } finally {
      await s.close();
    }
  });
});

describe("slow clients", () => {
  let s: Listening;
  beforeAll(async () => {
    s = await listening({ REQUEST_TIMEOUT_MS: "1000" });
  });
  afterAll(() => s.close());

  /**
   * Sends `head` then the rest one byte every 300 ms (at most 40 bytes, so 12 s); resolves with what the
   * server answered and when it closed the connection, in ms after the first byte.
   */
  function dribble(head: string, rest: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const socket = connect(s.port, "127.0.0.1");
      const started = Date.now();
      let answer = "";
      let timer: NodeJS.Timeout | undefined;
      socket.setEncoding("utf8");
      socket.on("data", (d) => {
        answer += d;
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.on("connect", () => {
        socket.write(head);
        let i = 0;
        timer = setInterval(() => {
          if (i >= Math.min(rest.length, 40)) {
            clearInterval(timer);
            socket.destroy();
            reject(new Error("the server kept the slow connection open"));
            return;
          }
          if (!socket.destroyed) socket.write(rest[i++] ?? "");
        }, 300);
      });
    });
  }

  it("cuts off a request body sent one byte at a time", async () => {
    const body = JSON.stringify({ email: "lentissimo@example.org", padding: "x".repeat(20) });
    const head = `POST /v1/users/password-reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closedAfterMs } = await dribble(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // Written on the socket by hand (http/errors.ts), in the one error shape and with the headers.
    expect(answer).toContain(`"code":"REQUEST_TIMEOUT","message":"${MESSAGES.requestTimeout}"`);
    expect(answer).toContain("content-security-policy: default-src 'none';frame-ancestors 'none'");
    expect(closedAfterMs).toBeLessThan(6000);
  });

  it("cuts off headers sent one byte at a time", async () => {
    const { closedAfterMs } = await dribble(
      "GET /v1/products HTTP/1.1\r\n",
      "Host: 127.0.0.1\r\nX-Lento: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n",
    );
    expect(closedAfterMs).toBeLessThan(6000);
  });

  it("still serves a normal request", async () => {
    const res = await fetch(`${s.base}/v1/users/password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "normale@example.org" }),
    });
    expect(res.status).toBe(202);
  });
});
