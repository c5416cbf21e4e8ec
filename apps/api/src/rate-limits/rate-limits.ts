import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  RateLimitPluginOptions,
} from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";

// The per-route request limits' counters (ADR 032). @fastify/rate-limit counts; this adapter says where:
// this process's memory (the embedded default: one process), or a store every API process shares, so that
// five tries a minute stay five behind a proxy that spreads them over several processes.

export interface RateLimits {
  engine: "memory" | "postgres" | "redis";
  /** What the plugin is registered with (app.ts): a store counting with `count`. */
  pluginOptions: Pick<RateLimitPluginOptions, "store">;
  /** One call of `key` (its route's prefix included) counted in a window of `windowMs`. */
  count: Count;
  /** The optional dependencies done without right now, for readiness: `["redis"]` while Redis is out. */
  degraded(): readonly string[];
  /** Where the engine tells the operator it changed store (the app's log, given by apply-route-limits.ts). */
  logTo(log: LimitsLog): void;
  close(): Promise<void>;
}

export type Count = (key: string, windowMs: number) => Promise<{ hits: number; ttlMs: number }>;
export type LimitsLog = Pick<FastifyBaseLogger, "warn" | "info">;

type Store = NonNullable<RateLimitPluginOptions["store"]>;

/** The key of a route's counters (a route's child store), or "" for a limit made outside a route. */
const routePrefix = (routeOptions: unknown) => {
  const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
  return route?.url ? `${[route.method ?? ""].flat().join(",")} ${route.url} ` : "";
};

/**
 * A store for the plugin from one counting function (key with its route's prefix, window): the plugin makes
 * its store with `new`, and a constructor that returns an object gives that object.
 */
export function storeCountingWith(count: Count): Store {
  const store = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      count(prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    },
    child: (routeOptions) => store(routePrefix(routeOptions)),
  });
  return function CountingStore(_options: FastifyRateLimitOptions) {
    return store("");
  } as unknown as Store;
}

/** An engine that depends on nothing optional: it counts with `count`, never degraded, with nothing to report. */
export function countingEngine(
  engine: RateLimits["engine"],
  count: Count,
  close: () => Promise<void> = async () => {},
): RateLimits {
  return {
    engine,
    pluginOptions: { store: storeCountingWith(count) },
    count,
    degraded: () => [],
    logTo: () => {},
    close,
  };
}

/** Ended windows are forgotten every so many calls, by whichever call comes. */
export const SWEEP_EVERY_CALLS = 1000;

/**
 * The embedded default: this process's memory. Not the plugin's own memory store, which hands every
 * concurrent call the same counter object, so three calls at once under a limit of three were all refused.
 */
export function memoryRateLimits(): RateLimits {
  const windows = new Map<string, { hits: number; resetsAt: number }>();
  let calls = 0;
  const count = async (key: string, windowMs: number) => {
    const now = Date.now();
    if (++calls % SWEEP_EVERY_CALLS === 0)
      for (const [k, w] of windows) if (w.resetsAt <= now) windows.delete(k);
    const current = windows.get(key);
    const window =
      current && current.resetsAt > now
        ? { hits: current.hits + 1, resetsAt: current.resetsAt }
        : { hits: 1, resetsAt: now + windowMs };
    windows.set(key, window);
    return { hits: window.hits, ttlMs: window.resetsAt - now };
  };
  return countingEngine("memory", count, async () => windows.clear());
}
