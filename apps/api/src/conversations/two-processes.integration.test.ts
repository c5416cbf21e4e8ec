import type { Comment } from "@argine/core/conversations/message-schemas";
import { openDb } from "@argine/db/client";
import { describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { apiCaller, demoTokens, startIdentityServer } from "../../test/identity.ts";
import { isMessages, openSocket } from "../../test/live-socket.ts";
import { freePort } from "../../test/ports.ts";
import { buildApp } from "../app.ts";

// Several API processes on one PostgreSQL database (docs/architecture.md, ADR 030): a message written through one
// process reaches a socket opened on another, carried by PostgreSQL's NOTIFY. Two apps in one test process
// stand for two processes: each has its own pool and its own listening connection, as a process would.

describe.skipIf(!process.env.TEST_DATABASE_URL)("two API processes on one PostgreSQL database", () => {
  it("deliver a message posted through one to a live socket of the other", async () => {
    const first = await startIdentityServer("postgres");
    if (first.handle.engine.kind !== "postgres") throw new Error("a PostgreSQL database");
    // The second process: the same database and the same public address (the tokens' issuer), its own port.
    const handle = await openDb({ databaseUrl: first.handle.engine.databaseUrl, poolSize: 3 });
    const port = await freePort();
    const second = await buildApp({
      config: testConfig({ PORT: String(port), PUBLIC_URL: first.base, TRUST_PROXY: "1" }),
      handle,
    });
    await second.listen({ port, host: "127.0.0.1" });
    try {
      const tokens = await demoTokens(first);
      const call = apiCaller(first);
      const list = await call<{ data: { practiceId: string; ticketCode: string }[] }>(
        tokens.client,
        "/practices",
      );
      const practiceId = list.body.data.find((p) => p.ticketCode === "AR-DEMO0001")?.practiceId ?? "";

      const lawyer = await openSocket(`http://127.0.0.1:${port}`, tokens.lawyer);
      lawyer.send({ type: "subscribe", conversation: { practiceId }, after: null });
      await lawyer.next(isMessages(practiceId));

      const sent = await call<Comment>(tokens.client, `/practices/${practiceId}/comments`, "POST", {
        comment: "Scritto sul primo processo",
      });
      expect(sent.status).toBe(201);
      // A generous wait: the delivery's latency is measured in bench/, not here.
      const delivered = await lawyer.next(isMessages(practiceId), 20_000);
      expect(delivered.messages.map((m) => m.id)).toEqual([sent.body.id]);
      lawyer.socket.close();
    } finally {
      await second.close();
      await handle.close();
      await first.close();
    }
  });
});
