import type { AdminProduct } from "@argine/core/catalogue/admin-api";
import type { Product } from "@argine/core/catalogue/product";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import type { PracticeList } from "@argine/core/practices/practices-api";
import { openDb } from "@argine/db/client";
import { findUserByEmail } from "@argine/db/queries/users";
import { practices } from "@argine/db/schema";
import { TestClock } from "pg-boss";
import { describe, expect, it } from "vitest";
import { testConfig } from "../test/helpers.ts";
import { apiCaller, demoTokens, MemoryMailer, startIdentityServer } from "../test/identity.ts";
import { freePort } from "../test/ports.ts";
import { buildApp } from "./app.ts";
import { maxOf } from "./rate-limits/route-limits.ts";

// Several API processes on one PostgreSQL database behind a proxy that spreads the calls (issue 29): what one
// process knows, the other must know too. Two apps in one test process stand for two processes, each with its
// own pool, listening connection and store of request limits, as a process would have (the chat's delivery
// between them: conversations/two-processes.integration.test.ts; the whole product behind nginx: e2e/cluster/).

describe.skipIf(!process.env.TEST_DATABASE_URL)("two API processes on one PostgreSQL database", () => {
  /** `clock`: one both processes' job queues read, which the test moves (pg-boss's TestClock). */
  async function twoProcesses(clock?: TestClock) {
    const first = await startIdentityServer("postgres", {}, undefined, clock);
    if (first.handle.engine.kind !== "postgres") throw new Error("a PostgreSQL database");
    const handle = await openDb({ databaseUrl: first.handle.engine.databaseUrl, poolSize: 3 });
    const port = await freePort();
    const mailer = new MemoryMailer(handle.db);
    const second = await buildApp({
      config: testConfig({ PORT: String(port), PUBLIC_URL: first.base, TRUST_PROXY: "1" }),
      handle,
      clock,
      adapters: { mailer },
    });
    await second.listen({ port, host: "127.0.0.1" });
    return {
      first,
      mailers: [first.mailer, mailer],
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

  it("answer a list read again through one with a message written through the other, at once", async () => {
    const { first, bases, close } = await twoProcesses();
    try {
      const { client, lawyer } = await demoTokens(first);
      const list = async (base: string) => {
        const res = await fetch(`${base}/v1/practices?page=1&pageSize=20`, {
          headers: { authorization: `Bearer ${client}` },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as PracticeList).data;
      };
      // The second process has read the list, so it holds it in memory (practices/list-pages.ts).
      const before = await list(bases[1] as string);
      expect(await list(bases[1] as string)).toEqual(before);
      const practice = before[0];
      if (!practice) throw new Error("the demo client has no practice");
      const written = await apiCaller(first)(lawyer, `/practices/${practice.practiceId}/comments`, "POST", {
        comment: "Ci sono novità",
      });
      expect(written.status).toBe(201);
      // No wait: the lists' version changed with the message's commit, and the next request reads it.
      expect((await list(bases[1] as string))[0]?.unreadComments).toBe(practice.unreadComments + 1);
    } finally {
      await close();
    }
  });

  it("count one address's calls together, wherever the proxy sends them", async () => {
    const { bases, close } = await twoProcesses();
    try {
      // Registration allows 5 calls a minute an address; the proxy alternates between the processes.
      const max = maxOf("POST /v1/users", "address");
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const res = await fetch(`${bases[i % 2]}/v1/users`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
          body: "{}",
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, max).every((status) => status === 400)).toBe(true);
      expect(statuses[max]).toBe(429);
    } finally {
      await close();
    }
  });

  // pg-boss's schedulers look every few seconds: about 15 s on a quiet machine, longer on a busy one.
  it("run a scheduled pass once between them: one reminder, not one a process", {
    timeout: 120_000,
  }, async () => {
    const clock = new TestClock();
    const { first, mailers, close } = await twoProcesses(clock);
    try {
      const email = "cliente@demo.argine.it";
      const ownerId = (await findUserByEmail(first.handle.db, email))?.id as string;
      // A defamation known on 1 November 2026: the complaint is due by 1 February 2027, 30 days after the
      // 2 January the clock is moved to, the day its reminder is mailed (as jobs/daily-passes' test).
      const answers = { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-01" };
      await first.handle.db.insert(practices).values({
        ticketCode: "AR-DUEPROC",
        ownerId,
        status: "OPEN",
        feedback: evaluateFeedback(answers as never, "2026-11-24"),
        deadlineReminders: true,
      });
      const reminders = () =>
        mailers.flatMap((mailer) =>
          mailer.sent.filter((m) => m.to === email && m.subject === "C'è una scadenza per la tua pratica"),
        );
      await clock.setTime(new Date("2027-01-02T06:55:00Z"));
      await clock.tick(10 * 60_000);
      await expect.poll(() => reminders().length, { timeout: 90_000 }).toBeGreaterThan(0);
      // Both processes' schedulers saw 07:00 come: a second job would mail within these seconds.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(reminders()).toHaveLength(1);
      // Once because the pass was queued once, not because the reminder is marked as mailed.
      if (first.handle.engine.kind !== "postgres") throw new Error("a PostgreSQL database");
      const { rows } = await first.handle.engine.pool.query(
        "select count(*)::int as n from pgboss.job where name = 'deadline-reminders'",
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await close();
    }
  });
});
