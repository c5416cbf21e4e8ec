import { createHash } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import { SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Counted } from "./route-limits.ts";

// Limits on a route counted several ways at once (ADR 032): per writer (an account, or a visitor's token) and
// per network address, each with its own ceiling, so one writer cannot flood and one busy address shared by
// strangers (a shelter's Wi-Fi, a carrier's NAT) is not exhausted by the first of them. The counters live in
// the store of rate-limits.ts, shared by the API processes; which route counts what is route-limits.ts.

export interface WriteLimit {
  /** What is counted; null when it does not apply to this request (e.g. a visitor has no account). */
  key: (request: FastifyRequest) => string | null;
  max: number;
  windowMs: number;
}

/** A visitor's token, hashed: a counter's key is stored (Redis, PostgreSQL), the token must not be. */
export const tokenKey = (token: string) => createHash("sha256").update(token).digest("hex").slice(0, 32);

/** The signed-in account (`account:<id>`), or null for a visitor. */
export const byAccount = (request: FastifyRequest) =>
  request.actor ? `account:${request.actor.userId}` : null;
export const byAddress = (request: FastifyRequest) => `address:${request.ip}`;

/** A visitor's support thread token, from its header; a signed-in caller's thread is the account's. */
export const visitorToken = (request: FastifyRequest): string | null => {
  const value = request.headers[SUPPORT_TOKEN_HEADER];
  return typeof value === "string" && value.length > 0 && value.length <= 128 ? value : null;
};

/** The support chat's writer: the account, or the visitor by their token (hashed); null for a first line. */
export const byWriter = (request: FastifyRequest) => {
  const token = visitorToken(request);
  return byAccount(request) ?? (token ? `visitor:${tokenKey(token)}` : null);
};
/** A first line, which opens a thread: counted per address, apart from the lines of threads already open. */
export const byNewThread = (request: FastifyRequest) =>
  byWriter(request) === null ? byAddress(request) : null;

/** The key of each kind of count in the limits' table (route-limits.ts). */
export const KEY_OF: Record<Counted, WriteLimit["key"]> = {
  address: byAddress,
  account: byAccount,
  writer: byWriter,
  newThread: byNewThread,
};

/**
 * A hook (onRequest, or preHandler) refusing the request with 429 and `message` as soon as one of the limits is
 * exceeded, with Retry-After. `name` keeps the counters of one route apart from another's; routes given the
 * same name and limits count together.
 */
export function writeLimits(
  app: FastifyInstance,
  name: string,
  limits: readonly WriteLimit[],
  message: string,
) {
  // Each limit counts apart, even two that key by the same thing (the address, with two windows).
  const checks = limits.map((limit, index) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) => `${name}:${index}:${limit.key(request)}`,
    }),
  }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { limit, check } of checks) {
      if (limit.key(request) === null) continue;
      const state = await check(request);
      if (state.isAllowed || !state.isExceeded) continue;
      reply.header("retry-after", String(state.ttlInSeconds));
      throw new AppError("TOO_MANY_REQUESTS", message);
    }
  };
}
