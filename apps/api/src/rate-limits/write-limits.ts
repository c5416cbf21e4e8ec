import { createHash } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// Limits on a write counted several ways at once (ADR 032): per writer (an account, or a visitor's token) and
// per network address, each with its own ceiling, so one writer cannot flood and one busy address shared by
// strangers (a shelter's Wi-Fi, a carrier's NAT) is not exhausted by the first of them. The counters live in
// the same store as every route limit, shared by the API processes.

export interface WriteLimit {
  /** What is counted; null when it does not apply to this request (e.g. a visitor has no account). */
  key: (request: FastifyRequest) => string | null;
  max: number;
  windowMs: number;
}

/** A visitor's token, hashed: a counter's key is stored (Redis, PostgreSQL), the token must not be. */
export const tokenKey = (token: string) => createHash("sha256").update(token).digest("hex").slice(0, 32);

/** The writer: the signed-in account (`account:<id>`), or null for a visitor. */
export const byAccount = (request: FastifyRequest) =>
  request.actor ? `account:${request.actor.userId}` : null;
export const byAddress = (request: FastifyRequest) => `address:${request.ip}`;

/** The usual pair: a ceiling per account and a higher one per address, within one window. */
export const accountAndAddress = ({
  perAccount,
  perAddress,
  windowMs,
}: {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}): WriteLimit[] => [
  { key: byAccount, max: perAccount, windowMs },
  { key: byAddress, max: perAddress, windowMs },
];

/**
 * An onRequest hook refusing the request with 429 and `message` as soon as one of the limits is exceeded,
 * with Retry-After. `name` keeps the counters of one write apart from another's.
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
