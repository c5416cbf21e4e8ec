import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { liveSocketErrors, REFUSED_FRAME_LOG_EVERY_MS } from "./socket-errors.ts";

// The live socket's errors (socket-errors.ts): a client's refused frame is a warning, one line an interval
// for the process; our own handler's failure is an error each time. Every socket is ended either way.

function harness() {
  let at = 1_000_000;
  const written: { level: "warn" | "error"; fields: Record<string, unknown> }[] = [];
  let terminated = 0;
  const handler = liveSocketErrors({ now: () => at } as Parameters<typeof liveSocketErrors>[0]);
  const socket = { terminate: () => terminated++ } as unknown as WebSocket;
  const request = {
    ip: "203.0.113.7",
    log: {
      warn: (fields: Record<string, unknown>) => written.push({ level: "warn", fields }),
      error: (fields: Record<string, unknown>) => written.push({ level: "error", fields }),
    },
  } as unknown as FastifyRequest;
  const refused = () =>
    handler(
      Object.assign(new RangeError("Max payload size exceeded"), {
        code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH",
      }),
      socket,
      request,
    );
  return {
    refused,
    failed: () => handler(new Error("our bug"), socket, request),
    wait: (ms: number) => {
      at += ms;
    },
    written,
    terminated: () => terminated,
  };
}

describe("the live socket's errors", () => {
  it("write a client's refused frames as one warning an interval, counting the ones left out", () => {
    const h = harness();
    for (let i = 0; i < 50; i++) h.refused();
    expect(h.written).toEqual([
      {
        level: "warn",
        fields: expect.objectContaining({ code: "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH", leftOut: 0 }),
      },
    ]);
    h.wait(REFUSED_FRAME_LOG_EVERY_MS - 1);
    h.refused();
    expect(h.written).toHaveLength(1);
    h.wait(1);
    h.refused();
    expect(h.written[1]).toEqual({ level: "warn", fields: expect.objectContaining({ leftOut: 50 }) });
    expect(h.terminated()).toBe(52);
  });

  it("write each failure of our own as an error, never held back", () => {
    const h = harness();
    h.refused();
    h.failed();
    h.failed();
    expect(h.written.map((line) => line.level)).toEqual(["warn", "error", "error"]);
    expect(h.terminated()).toBe(3);
  });
});
