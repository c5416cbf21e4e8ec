import { Writable } from "node:stream";
import { LIVE_FRAME_MAX_BYTES, SUPPORT_PROTOCOL_PREFIX } from "@argine/core/conversations/live-protocol";
import type { DbHandle } from "@argine/db/client";
import { openTestDb } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { openSocket } from "../../test/live-socket.ts";
import { buildApp } from "../app.ts";
import { loggerOptions } from "../http/logging.ts";
import { REFUSED_FRAME_LOG_EVERY_MS } from "./socket-errors.ts";

// A frame longer than the live socket takes is the client's doing (issue 38): anyone may send many, on as
// many sockets as they may open, and each must not become a line at error level. Few lines, at warn.

describe("a live socket's refused frames in the log", () => {
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as { level: number; msg: string; leftOut?: number });
  const clock = new TestClock();
  let handle: DbHandle;
  let app: FastifyInstance;
  let base = "";
  let token = "";

  beforeAll(async () => {
    handle = await openTestDb("pglite");
    const stream = new Writable({
      write(chunk, _encoding, done) {
        raw.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      // X-Forwarded-For from this machine is trusted: each socket below may come from an address of its own.
      config: testConfig({ TRUST_PROXY: "loopback" }),
      handle,
      clock,
      logger: { ...(loggerOptions("info") as Record<string, unknown>), stream },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    // A visitor's support thread: its token lets a socket in.
    const thread = await app.inject({
      method: "POST",
      url: "/v1/support/thread/messages",
      payload: { text: "Ciao" },
    });
    token = (thread.json() as { token: string }).token;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** A socket from `address` that sends one frame too long, and is closed for it. */
  const oversize = async (address: string) => {
    const live = await openSocket(base, token, SUPPORT_PROTOCOL_PREFIX, address);
    live.socket.send("x".repeat(LIVE_FRAME_MAX_BYTES + 1));
    await live.closed;
  };
  const refusals = () => lines().filter((line) => /frame the protocol refuses/.test(line.msg));

  it("writes one warning a minute for the whole process, however many sockets and addresses send them", async () => {
    for (let i = 0; i < 12; i++) await oversize(`203.0.113.${1 + (i % 3)}`);
    // ws's reason, at whatever level it is written.
    await expect.poll(() => raw.some((line) => line.includes("Max payload size exceeded"))).toBe(true);
    expect(lines().filter((line) => line.level >= 50)).toEqual([]);
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0]).toMatchObject({ level: 40, leftOut: 0, code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH" });

    // A minute later, the next line says how many were left out meanwhile.
    await clock.setTime(clock.now() + REFUSED_FRAME_LOG_EVERY_MS);
    await oversize("203.0.113.9");
    await expect.poll(() => refusals().length).toBe(2);
    expect(refusals()[1]).toMatchObject({ level: 40, leftOut: 11 });
    expect(lines().filter((line) => line.level >= 50)).toEqual([]);
  });
});
