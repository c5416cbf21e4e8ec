import type { AdminProduct } from "@argine/core/catalogue/admin-api";
import type { Product } from "@argine/core/catalogue/product";
import { openDb } from "@argine/db/client";
import { describe, expect, it } from "vitest";
import { testConfig } from "../test/helpers.ts";
import { apiCaller, demoTokens, startIdentityServer } from "../test/identity.ts";
import { freePort } from "../test/ports.ts";
import { buildApp } from "./app.ts";

// Several API processes on one PostgreSQL database behind a proxy that spreads the calls (issue 29): what one
// process knows, the other must know too. Two apps in one test process stand for two processes, each with its
// own pool, listening connection and store of request limits, as a process would have (the chat's delivery
// between them: chat/two-processes.integration.test.ts; the whole product behind nginx: e2e/cluster/).

describe.skipIf(!process.env.TEST_DATABASE_URL)("two API processes on one PostgreSQL database", () => {
  async function twoProcesses() {
    const first = await startIdentityServer("postgres");
    if (first.handle.engine.kind !== "postgres") throw new Error("a PostgreSQL database");
    const handle = await openDb({ databaseUrl: first.handle.engine.databaseUrl, poolSize: 3 });
    const port = await freePort();
    const second = await buildApp({
      config: testConfig({ PORT: String(port), PUBLIC_URL: first.base, TRUST_PROXY: "1" }),
      handle,
    });
    await second.listen({ port, host: "127.0.0.1" });
    return {
      first,
      bases: [first.base, `http://127.0.0.1:${port}`],
      close: async () => {
        await second.close();
        await handle.close();
        await first.close();
      },
    };
  }

  it("serve a price changed through one at once from the other, whose copy was fresh", async () => {
    const { first, bases, close } = await twoProcesses();
    try {
      const price = async (base: string) => {
        const products = (await (await fetch(`${base}/v1/products`)).json()) as Product[];
        return products.find((p) => p.code === "TAKEDOWN")?.price;
      };
      const before = await price(bases[1] as string);
      const { admin } = await demoTokens(first);
      const changed = await apiCaller(first)<AdminProduct>(admin, "/admin/products/TAKEDOWN", "PATCH", {
        price: (before ?? 0) + 10,
      });
      expect(changed.status).toBe(200);
      // Within the notification's delivery, far less than the copy's minute-long life.
      await expect.poll(() => price(bases[1] as string), { timeout: 3000 }).toBe(changed.body.price);
    } finally {
      await close();
    }
  });

  it("count one address's calls together, wherever the proxy sends them", async () => {
    const { bases, close } = await twoProcesses();
    try {
      // Registration allows 5 calls a minute an address; the proxy alternates between the processes.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${bases[i % 2]}/v1/users`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
          body: "{}",
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5).every((status) => status === 400)).toBe(true);
      expect(statuses[5]).toBe(429);
    } finally {
      await close();
    }
  });
});
