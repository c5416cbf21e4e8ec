import { API_PREFIX } from "@argine/core/shared/api-contract";
import type { FastifyInstance, RouteOptions } from "fastify";
import { type ResolvedLimits, resolveRouteLimits } from "./route-limits.ts";
import { KEY_OF, writeLimits } from "./write-limits.ts";

/** What each route of an app got, by "METHOD /v1/path/:param" (HEAD routes included): the table's test reads it. */
const APPLIED = new WeakMap<FastifyInstance, Map<string, ResolvedLimits>>();

/** The limits every route of `app` was given (applyRouteLimits), by route. */
export function appliedRouteLimits(app: FastifyInstance): ReadonlyMap<string, ResolvedLimits> {
  return APPLIED.get(app) ?? new Map();
}

/** The route's hooks of one kind (none, one or several) with `hook` after them, as a new array. */
const appended = (hooks: unknown, hook: unknown): unknown[] => [...[hooks ?? []].flat(), hook];

/**
 * Hangs each route's row of route-limits.ts on it as it is registered (an onRoute hook: register it before
 * the routes, after @fastify/rate-limit, whose store it counts in): its limits after the route's own
 * onRequest hooks (after the app's, which name the caller and answer an anonymous one 401 first), and its body
 * limit. A route that sets a limit of its own is refused: the table is the one place for them.
 */
export function applyRouteLimits(app: FastifyInstance): void {
  // The store's own news (Redis gone, Redis back) go to the app's log, which did not exist when it was built.
  if (app.hasDecorator("deps")) app.deps.rateLimits.logTo(app.log);
  const applied = new Map<string, ResolvedLimits>();
  APPLIED.set(app, applied);
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    const where = `${methods.join(",")} ${route.url}`;
    if (route.config && "rateLimit" in route.config)
      throw new Error(`${where}: its request limit belongs in rate-limits/route-limits.ts`);
    if (route.url.startsWith(`${API_PREFIX}/`) && route.bodyLimit !== undefined)
      throw new Error(`${where}: its body limit belongs in rate-limits/route-limits.ts`);
    const resolved = methods.map((method) => resolveRouteLimits(method, route.url));
    const [limits] = resolved;
    if (!limits) {
      if (resolved.some(Boolean)) throw new Error(`${where}: its methods have different limits`);
      return;
    }
    if (resolved.some((other) => other?.counter !== limits.counter))
      throw new Error(`${where}: its methods have different limits`);

    const hook = writeLimits(
      app,
      limits.counter,
      limits.limits.map(({ per, max, windowMs }) => ({ key: KEY_OF[per], max, windowMs })),
      limits.message,
    );
    // Reassigned, never pushed into: Fastify copies a GET's options for its HEAD route before this hook runs,
    // and the HEAD route gets its own call here (counting in the GET's counters), not the GET's hook twice.
    if (limits.afterValidation)
      route.preHandler = appended(route.preHandler, hook) as RouteOptions["preHandler"];
    else route.onRequest = appended(route.onRequest, hook) as RouteOptions["onRequest"];
    if (limits.bodyLimit !== undefined) route.bodyLimit = limits.bodyLimit;
    for (const method of methods) applied.set(`${method} ${route.url}`, limits);
  });
}
