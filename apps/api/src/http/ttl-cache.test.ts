import { describe, expect, it } from "vitest";
import { ttlCache } from "./ttl-cache.ts";

describe("ttlCache", () => {
  it("loads once within the TTL, again after it, and again after invalidation", async () => {
    let clock = 0;
    let loads = 0;
    const cache = ttlCache(
      5000,
      async () => ++loads,
      () => clock,
    );
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    clock = 4999;
    expect(await cache.get()).toBe(1);
    clock = 5000;
    expect(await cache.get()).toBe(2);
    cache.invalidate();
    expect(await cache.get()).toBe(3);
  });

  it("does not keep a failed load", async () => {
    let fail = true;
    const cache = ttlCache(5000, async () => {
      if (fail) throw new Error("db down");
      return "ok";
    });
    await expect(cache.get()).rejects.toThrow("db down");
    fail = false;
    expect(await cache.get()).toBe("ok");
  });
});
