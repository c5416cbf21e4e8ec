import type { Comment } from "@argine/core/conversations/message-schemas";
import { addComment } from "@argine/db/queries/comments";
import { comments } from "@argine/db/schema/practices";
import { inArray, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller, demoTokens, type IdentityServer, startIdentityServer } from "../../test/identity.ts";
import { isMessages, openSocket } from "../../test/live-socket.ts";

// Item 15 of the chat's review (ADR 030): two posts in one conversation whose transactions overlap commit in
// the reverse order of their timestamps. A tab that got the later-stamped one live and reconnected before the
// other committed must still catch it up. Only PostgreSQL has concurrent transactions (PGlite has one
// connection), so only PostgreSQL can show it.

describe.runIf(process.env.TEST_DATABASE_URL)("a conversation's order on PostgreSQL", () => {
  let server: IdentityServer;
  let tokens: { client: string; lawyer: string };
  let call: ReturnType<typeof apiCaller>;
  let practiceId: string;

  beforeAll(async () => {
    server = await startIdentityServer("postgres");
    tokens = await demoTokens(server);
    call = apiCaller(server);
    const list = await call<{ data: { practiceId: string; ticketCode: string }[] }>(
      tokens.client,
      "/practices",
    );
    practiceId = list.body.data.find((practice) => practice.ticketCode === "AR-DEMO0001")?.practiceId ?? "";
  });
  afterAll(() => server.close());

  it("catches up, after a reconnection, a post that committed after a later-stamped one, in sequence order", async () => {
    const clientId = decodeJwt(tokens.client).sub ?? "";
    const lawyer = await openSocket(server.base, tokens.lawyer);
    let reconnected: Awaited<ReturnType<typeof openSocket>> | null = null;
    try {
      lawyer.send({ type: "subscribe", conversation: { practiceId }, after: null });
      await lawyer.next(isMessages(practiceId));

      // The first post's transaction starts (its timestamp is taken now) and waits before it writes.
      let letFirstWrite = () => {};
      const firstMayWrite = new Promise<void>((resolve) => {
        letFirstWrite = resolve;
      });
      const first = server.handle.db.transaction(async (tx) => {
        await tx.execute(sql`select now()`);
        await firstMayWrite;
        return addComment(tx, {
          practiceId,
          authorId: clientId,
          body: "Scritto per primo, salvato per secondo.",
        });
      });

      // The second post starts later and commits first: the lawyer's tab gets it live.
      const second = await call<Comment>(tokens.client, `/practices/${practiceId}/comments`, "POST", {
        comment: "Scritto per secondo, salvato per primo.",
      });
      expect(second.status).toBe(201);
      const live = await lawyer.next(
        ((frame) =>
          isMessages(practiceId)(frame) && frame.messages.some((m) => m.id === second.body.id)) as ReturnType<
          typeof isMessages
        >,
      );
      expect(live.messages.map((m) => m.id)).toEqual([second.body.id]);

      // The tab drops; meanwhile the first post commits.
      lawyer.socket.close();
      letFirstWrite();
      const firstRow = await first;
      const stamps = await server.handle.db
        .select({ id: comments.id, createdAt: comments.createdAt, seq: comments.seq })
        .from(comments)
        .where(inArray(comments.id, [firstRow.id, second.body.id]));
      const stampOf = (id: string) => stamps.find((row) => row.id === id);
      // The case this test is about: the later commit carries the earlier timestamp, and the later number.
      expect(stampOf(firstRow.id)?.createdAt.getTime()).toBeLessThan(
        stampOf(second.body.id)?.createdAt.getTime() ?? 0,
      );
      expect(stampOf(firstRow.id)?.seq).toBe((stampOf(second.body.id)?.seq ?? 0) + 1);

      // The reconnected tab asks for what came after the last message it has: the first post is there.
      reconnected = await openSocket(server.base, tokens.lawyer);
      reconnected.send({ type: "subscribe", conversation: { practiceId }, after: second.body.id });
      const caughtUp = await reconnected.next(isMessages(practiceId));
      expect(caughtUp.messages.map((m) => m.comment)).toEqual(["Scritto per primo, salvato per secondo."]);

      // And the whole conversation lists both in the order they were saved.
      const all = await call<Comment[]>(tokens.lawyer, `/practices/${practiceId}/comments`);
      const ids = all.body.map((m) => m.id);
      expect(ids.indexOf(second.body.id)).toBe(ids.indexOf(firstRow.id) - 1);
      expect(all.body.map((m) => m.seq)).toEqual(all.body.map((_, i) => i + 1));
    } finally {
      lawyer.socket.close();
      reconnected?.socket.close();
    }
  });
});
