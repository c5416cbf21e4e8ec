import { Redis } from "ioredis";
import type { RateLimits } from "./rate-limits.ts";

/**
 * The counters in Redis, with the plugin's own Redis store (one atomic script a call). A call waits for one
 * reconnection at most when Redis does not answer, then fails rather than hangs.
 */
export function redisRateLimits(url: string, nameSpace = "argine-rate-limit-"): RateLimits {
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  // A dropped connection is retried by ioredis; unheard, its error event would end the process.
  redis.on("error", () => {});
  return {
    engine: "redis",
    pluginOptions: { redis, nameSpace },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
