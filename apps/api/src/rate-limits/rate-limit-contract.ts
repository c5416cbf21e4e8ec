import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { expect } from "vitest";
import { harnessCase } from "../../test/contract.ts";
import type { RateLimits } from "./rate-limits.ts";

// The one suite every rate-limit store passes (as storage-contract.ts for the storage), through the plugin
// as the routes use it. An engine shared by several processes passes it with two apps standing for two
// processes, each with its own store on the same engine.

export interface RateLimitHarness {
  here: RateLimits;
  /** Another process on the same engine; null for an engine of one process (memory). */
  there: RateLimits | null;
  close(): Promise<void>;
}

const MAX = 3;

async function appOn(rateLimits: RateLimits, windowMs = 60_000): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, { global: false, ...rateLimits.pluginOptions });
  for (const path of ["/voucher", "/register"])
    app.post(path, { config: { rateLimit: { max: MAX, timeWindow: windowMs } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

const call = (app: FastifyInstance, path: string, address = "203.0.113.7") =>
  app.inject({ method: "POST", url: path, remoteAddress: address });

/** `shared`: the engine serves several processes (and `there` is another one), so the suite checks that too. */
export function rateLimitContract(
  setup: () => Promise<RateLimitHarness>,
  { shared }: { shared: boolean },
): void {
  const withStore = harnessCase(setup);

  withStore("refuses the call past the limit, saying when to come back", async ({ here }) => {
    const app = await appOn(here);
    for (let i = 0; i < MAX; i++) expect((await call(app, "/voucher")).statusCode).toBe(200);
    const refused = await call(app, "/voucher");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await app.close();
  });

  withStore("counts each address and each route apart", async ({ here }) => {
    const app = await appOn(here);
    for (let i = 0; i < MAX; i++) await call(app, "/voucher");
    expect((await call(app, "/voucher")).statusCode).toBe(429);
    expect((await call(app, "/voucher", "198.51.100.4")).statusCode).toBe(200);
    expect((await call(app, "/register")).statusCode).toBe(200);
    await app.close();
  });

  withStore("opens a new window once the last one ended", async ({ here }) => {
    const app = await appOn(here, 1000);
    for (let i = 0; i < MAX; i++) await call(app, "/voucher");
    expect((await call(app, "/voucher")).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await call(app, "/voucher")).statusCode).toBe(200);
    await app.close();
  });

  if (shared)
    withStore("holds across two processes", async ({ here, there }) => {
      if (!there) throw new Error("a shared engine's harness has a second process");
      const [first, second] = [await appOn(here), await appOn(there)];
      // Spread as a round-robin proxy spreads them: first, second, first, then second is past the limit.
      const answers = [];
      for (const app of [first, second, first, second])
        answers.push((await call(app, "/voucher")).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
      await Promise.all([first.close(), second.close()]);
    });

  withStore("lets exactly the limit through when the calls come at once", async ({ here, there }) => {
    const apps = [await appOn(here), ...(there ? [await appOn(there)] : [])];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(apps[i % apps.length] as FastifyInstance, "/voucher")),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(MAX);
    await Promise.all(apps.map((app) => app.close()));
  });
}
