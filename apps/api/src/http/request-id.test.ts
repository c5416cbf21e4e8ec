import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { proxyTrust, requestIds } from "./request-id.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A request from `peer` carrying `id` as its x-request-id. */
const from = (peer: string, id?: string) =>
  ({
    headers: id === undefined ? {} : { "x-request-id": id },
    socket: { remoteAddress: peer },
  }) as IncomingMessage;

describe("the request ids", () => {
  it("are new UUIDs when no proxy is trusted, whatever the client sends", () => {
    const ids = requestIds(proxyTrust(false));
    expect(ids(from("127.0.0.1", "scelto-dal-client-123"))).toMatch(UUID);
    expect(ids(from("127.0.0.1"))).not.toBe(ids(from("127.0.0.1")));
  });

  it("take a plain id from a trusted proxy only", () => {
    const ids = requestIds(proxyTrust(["10.0.0.0/8", "loopback"]));
    expect(ids(from("10.1.2.3", "lb-0123456789abcdef"))).toBe("lb-0123456789abcdef");
    expect(ids(from("::ffff:127.0.0.1", "lb-0123456789abcdef"))).toBe("lb-0123456789abcdef");
    // Another address: the client itself, who cannot choose its id.
    expect(ids(from("203.0.113.7", "lb-0123456789abcdef"))).toMatch(UUID);
    // Not plain: too short, too long, spaces, separators a log or a header could trip on.
    for (const bad of ["corto", "x".repeat(65), "con spazio 123", "a\nb-12345678", "id,other-123", ""])
      expect(ids(from("10.1.2.3", bad))).toMatch(UUID);
  });

  it("trust the peer for a hop count (the server reachable only through its proxies)", () => {
    expect(requestIds(proxyTrust(1))(from("203.0.113.7", "trace-12345678"))).toBe("trace-12345678");
    expect(proxyTrust(2)).toBeTypeOf("function");
    const hops = proxyTrust(2) as (address: string, hop: number) => boolean;
    expect([hops("a", 0), hops("a", 1), hops("a", 2)]).toEqual([true, true, false]);
  });
});
