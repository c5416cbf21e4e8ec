import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { TrustProxy } from "../config.ts";

/** Whether the address `hop` steps from us (0: the socket's peer) is a proxy TRUST_PROXY trusts. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's `trustProxy` function, so the request ids below trust the very proxies
 * `request.ip` does: none, the peer and the next n-1 addresses for a hop count (Fastify trusts nobody for
 * a bare number: it cannot check the peer, which is what TRUST_PROXY=n promises, config.ts), or the
 * addresses and ranges, compiled by the library Fastify itself compiles them with.
 */
export function proxyTrust(trust: TrustProxy): ProxyTrust | false {
  if (trust === false) return false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** An id a proxy may hand us: plain enough for a log line and a header (a UUID, a load balancer's trace id). */
const FORWARDED_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Fastify's `genReqId`: the proxy's `x-request-id` when the request came through a trusted one and the id is
 * plain, so the proxy's log and ours name a request alike; otherwise a new UUID. A client reaching us
 * directly cannot choose its id.
 */
export function requestIds(trust: ProxyTrust | false): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers["x-request-id"];
    const peer = request.socket?.remoteAddress;
    if (trust && peer && typeof given === "string" && FORWARDED_ID.test(given) && trust(peer, 0))
      return given;
    return randomUUID();
  };
}
