import { Redis } from "ioredis";
import { type Count, type LimitsLog, type RateLimits, storeCountingWith } from "./rate-limits.ts";

// Redis is an optional store (ADR 032): while it is out, a limited call must neither wait for it nor fail
// (a 500 on every limited route, the live socket refused). The calls count in the database's store instead
// (`fallback`), and Redis is asked again in the background until it answers; then it counts again.

/** How long a call waits for Redis before counting in the fallback: a healthy Redis answers in a millisecond. */
export const REDIS_ANSWER_MS = 500;
/** While Redis is out, how often it is asked again whether it is back. */
export const REDIS_RETRY_MS = 1000;

/** One call counted in one step: the window starts at its first call (a key left without expiry gets one). */
const COUNT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if hits == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

type CountingRedis = Redis & { argineCount(key: string, windowMs: number): Promise<[number, number]> };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The counters in Redis, every process sharing them; `fallback` (the database's store) counts while Redis
 * does not answer within REDIS_ANSWER_MS. The log says so once when Redis goes, once when it is back.
 */
export function redisRateLimits(
  url: string,
  { fallback, nameSpace = "argine-rate-limit-" }: { fallback: RateLimits; nameSpace?: string },
): RateLimits {
  const redis = new Redis(url, {
    connectTimeout: 2 * REDIS_ANSWER_MS,
    commandTimeout: REDIS_ANSWER_MS,
    // A call lost with its connection fails at once (and counts in the fallback) instead of being resent.
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_RETRY_MS),
    // A silent connection dropped below (askAgain) is destroyed this soon, not after ioredis's 2 s.
    disconnectTimeout: REDIS_ANSWER_MS,
  }) as CountingRedis;
  redis.defineCommand("argineCount", { numberOfKeys: 1, lua: COUNT_SCRIPT });
  // A dropped connection is retried by ioredis; unheard, its error event would end the process.
  redis.on("error", () => {});

  let log: LimitsLog | null = null;
  let out = false;
  let connectedOnce = false;
  let asking = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const inRedis: Count = async (key, windowMs) => {
    // Before its first connection a call may wait for it (the start); a connection lost later is not waited for.
    if (connectedOnce && redis.status !== "ready") throw new Error(`connection ${redis.status}`);
    const [hits, ttlMs] = await redis.argineCount(nameSpace + key, windowMs);
    return { hits, ttlMs };
  };

  const askLater = () => {
    clearTimeout(retry);
    if (!closed) retry = setTimeout(askAgain, REDIS_RETRY_MS).unref();
  };
  // The probe counts as a call does (a Redis that answers a PING but refuses writes is still out).
  async function askAgain() {
    if (asking || !out || closed) return;
    asking = true;
    try {
      await inRedis("probe", 1000);
      out = false;
      clearTimeout(retry);
      log?.info("Redis answers again: the request limits count in Redis again");
    } catch {
      // A connection that looks open but stays silent (a partition, a stalled server) is never dropped by the
      // client: a new one is asked for.
      if (redis.status === "ready" || redis.status === "connect") redis.disconnect(true);
      askLater();
    } finally {
      asking = false;
    }
  }
  redis.on("ready", () => {
    connectedOnce = true;
    if (out) void askAgain();
  });

  // A call unanswered in time may be this process's own pause, not Redis's: on a busy machine the timer can
  // run before the reply that came meanwhile is read (the drills side by side saw Redis "out" for a moment).
  // Redis is out only if a probe sent right after gets no answer either; the calls meanwhile count in the
  // fallback, never waiting for the probe.
  let confirming = false;
  async function confirmOut(error: unknown) {
    if (out || closed || confirming) return;
    confirming = true;
    try {
      await inRedis("probe", 1000);
    } catch {
      if (!out && !closed) {
        out = true;
        // The reason only: the URL may carry Redis's password.
        log?.warn(
          { reason: reasonOf(error), store: fallback.engine },
          `Redis does not answer: the request limits count in ${fallback.engine} until it does`,
        );
        askLater();
      }
    } finally {
      confirming = false;
    }
  }

  const count: Count = async (key, windowMs) => {
    if (!out && !confirming)
      try {
        return await inRedis(key, windowMs);
      } catch (error) {
        void confirmOut(error);
      }
    return fallback.count(key, windowMs);
  };

  return {
    engine: "redis",
    pluginOptions: { store: storeCountingWith(count) },
    count,
    degraded: () => (out ? ["redis"] : []),
    logTo(next) {
      log = next;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await redis.quit().catch(() => redis.disconnect());
      await fallback.close();
    },
  };
}
