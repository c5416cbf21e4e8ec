import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import type { ServerFrame } from "@argine/core/conversations/live-api";
import { LIVE_CLOSE, LIVE_PROTOCOL, SUPPORT_PROTOCOL_PREFIX } from "@argine/core/conversations/live-protocol";
import { SUPPORT_TOKEN_DAYS, type SupportThread } from "@argine/core/support/support-api";
import { SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-routes";
import { supportThreads } from "@argine/db/schema/support";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  randomIp,
  startIdentityServer,
} from "../../test/identity.ts";
import { isError, isSupportMessages, openSocket, upgradeStatus } from "../../test/live-socket.ts";

// The support chat live (ADR 030): a visitor's socket is let in by their thread's token (`support.<token>`)
// and follows that thread only; staff follow any thread, and a watching inbox hears of every new line.

const isActivity = ((frame: ServerFrame) => frame.type === "activity") as (
  frame: ServerFrame,
) => frame is Extract<ServerFrame, { type: "activity" }>;
const isReads = ((frame: ServerFrame) => frame.type === "reads") as (
  frame: ServerFrame,
) => frame is Extract<ServerFrame, { type: "reads" }>;
const isTyping = ((frame: ServerFrame) => frame.type === "typing") as (
  frame: ServerFrame,
) => frame is Extract<ServerFrame, { type: "typing" }>;

describe.each(testDbKinds())("the support chat, live (%s)", (kind) => {
  let server: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string };
  let call: ReturnType<typeof apiCaller>;

  /** A visitor writes a line (opening a thread when `token` is null): the thread, with its token if new. */
  const visitorWrites = async (text: string, token: string | null = null) => {
    const res = await fetch(`${server.base}/v1/support/thread/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": randomIp(),
        ...(token ? { [SUPPORT_TOKEN_HEADER]: token } : {}),
      },
      body: JSON.stringify({ text }),
    });
    expect(res.status).toBe(201);
    const thread = (await res.json()) as SupportThread;
    return { ...thread, token: thread.token ?? token ?? "" };
  };
  const visitorSocket = (token: string) => openSocket(server.base, token, SUPPORT_PROTOCOL_PREFIX);

  beforeAll(async () => {
    server = await startIdentityServer(kind);
    tokens = await demoTokens(server);
    call = apiCaller(server);
  });
  afterAll(() => server.close());

  it("lets a visitor's token open her thread until SUPPORT_TOKEN_DAYS after its last line, and closes her socket then", async () => {
    const thread = await visitorWrites("Scrivo da un computer condiviso.");
    const silentFor = async (ms: number) =>
      server.handle.db
        .update(supportThreads)
        .set({ lastMessageAt: new Date(Date.now() - ms) })
        .where(eq(supportThreads.id, thread.threadId));
    const days = SUPPORT_TOKEN_DAYS * 24 * 3600 * 1000;

    // Two seconds before the end: the socket opens, then closes as a token that expired (the tab would
    // reconnect and be refused).
    await silentFor(days - 2000);
    const visitor = await visitorSocket(thread.token);
    expect(await Promise.race([visitor.closed, new Promise((r) => setTimeout(() => r("open"), 6000))])).toBe(
      LIVE_CLOSE.tokenExpired,
    );

    // Past the end the token opens nothing: no socket, and the thread reads as gone (the browser forgets it).
    await silentFor(days + 1000);
    expect(
      await upgradeStatus(server.base, [LIVE_PROTOCOL, `${SUPPORT_PROTOCOL_PREFIX}${thread.token}`]),
    ).toBe(401);
    const gone = await fetch(`${server.base}/v1/support/thread`, {
      headers: { [SUPPORT_TOKEN_HEADER]: thread.token, "x-forwarded-for": randomIp() },
    });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe(CONVERSATION_MESSAGES.threadGone);
  });

  it("lets a visitor in only with the token of a thread", async () => {
    const { token } = await visitorWrites("Posso parlare con qualcuno?");
    expect(await upgradeStatus(server.base, [LIVE_PROTOCOL, `${SUPPORT_PROTOCOL_PREFIX}${token}`])).toBe(101);
    expect(
      await upgradeStatus(server.base, [LIVE_PROTOCOL, `${SUPPORT_PROTOCOL_PREFIX}${"x".repeat(43)}`]),
    ).toBe(401);
    expect(await upgradeStatus(server.base, [LIVE_PROTOCOL, SUPPORT_PROTOCOL_PREFIX])).toBe(401);
  });

  it("brings staff's answer to the visitor live, and the visitor's line to a watching inbox", async () => {
    const thread = await visitorWrites("Mi minacciano di pubblicare delle foto.");
    const conversation = { supportThreadId: thread.threadId };
    const visitor = await visitorSocket(thread.token);
    const inbox = await openSocket(server.base, tokens.lawyer);
    try {
      visitor.send({ type: "subscribe", conversation, after: null });
      const caughtUp = await visitor.next(isSupportMessages(thread.threadId));
      expect(caughtUp.messages.map((m) => [m.from, m.text])).toEqual([
        ["person", "Mi minacciano di pubblicare delle foto."],
      ]);

      inbox.send({ type: "watch" });
      // The watch is handled once a later frame is: subscribing to the thread acknowledges with its lines.
      inbox.send({ type: "subscribe", conversation, after: caughtUp.messages.at(-1)?.id ?? null });
      expect((await inbox.next(isSupportMessages(thread.threadId))).messages).toEqual([]);

      await visitorWrites("Sono ancora qui.", thread.token);
      expect((await inbox.next(isActivity)).conversation).toEqual(conversation);
      expect((await inbox.next(isSupportMessages(thread.threadId))).messages.map((m) => m.text)).toEqual([
        "Sono ancora qui.",
      ]);
      await visitor.next(isSupportMessages(thread.threadId));

      const answer = await call(tokens.lawyer, `/admin/support/threads/${thread.threadId}/messages`, "POST", {
        text: "Siamo qui: raccontaci cosa è successo.",
      });
      expect(answer.status).toBe(201);
      const live = await visitor.next(isSupportMessages(thread.threadId));
      expect(live.messages.map((m) => [m.from, m.text])).toEqual([
        ["staff", "Siamo qui: raccontaci cosa è successo."],
      ]);

      // Typing crosses from the visitor to staff, named only as the person's side.
      visitor.send({ type: "typing", conversation });
      expect(await inbox.next(isTyping)).toEqual({ type: "typing", conversation, side: "client" });

      // Staff read up to the visitor's line: the visitor's socket hears how far, as the visitor sees it.
      const read = await call<{ mine: string }>(
        tokens.lawyer,
        `/admin/support/threads/${thread.threadId}/read`,
        "PUT",
        { upTo: live.messages[0]?.id },
      );
      expect(read.status).toBe(200);
      const reads = await visitor.next(
        (frame): frame is Extract<ServerFrame, { type: "reads" }> =>
          isReads(frame) && frame.reads.theirs !== null,
      );
      expect(reads).toEqual({ type: "reads", conversation, reads: { mine: null, theirs: read.body.mine } });
    } finally {
      visitor.socket.close();
      inbox.socket.close();
    }
  });

  it("keeps each visitor to their own thread, and clients out of visitors' threads", async () => {
    const mine = await visitorWrites("Il mio messaggio.");
    const theirs = await visitorWrites("Un altro visitatore.");
    const other = await visitorSocket(theirs.token);
    const client = await openSocket(server.base, tokens.client);
    try {
      const conversation = { supportThreadId: mine.threadId };
      for (const live of [other, client]) {
        live.send({ type: "subscribe", conversation, after: null });
        expect(await live.next(isError)).toMatchObject({ code: "NOT_FOUND", conversation });
      }
      // A visitor has no case: a practice's conversation does not exist for them either.
      const practices = await call<{ data: { practiceId: string }[] }>(tokens.client, "/practices");
      const practiceId = practices.body.data[0]?.practiceId ?? "";
      other.send({ type: "subscribe", conversation: { practiceId }, after: null });
      expect(await other.next(isError)).toMatchObject({ code: "NOT_FOUND" });

      // A client watching their lists hears nothing of a visitor's thread: a line in their own case, after
      // the visitor's, shows the socket had its turn.
      client.send({ type: "watch" });
      client.send({ type: "subscribe", conversation: { practiceId }, after: null });
      await client.next((frame): frame is ServerFrame => frame.type === "messages");
      await visitorWrites("Ci sei?", mine.token);
      await call(tokens.client, `/practices/${practiceId}/comments`, "POST", {
        comment: "Un aggiornamento.",
      });
      await client.next((frame): frame is ServerFrame => frame.type === "messages");
      expect(
        client.frames.filter(
          (frame) =>
            frame.type === "activity" && frame.conversation && "supportThreadId" in frame.conversation,
        ),
      ).toEqual([]);
      expect(other.frames.filter((frame) => frame.type === "messages")).toEqual([]);
    } finally {
      other.socket.close();
      client.socket.close();
    }
  });

  it("catches up a visitor's thread after a drop with what came after the last line the tab had", async () => {
    const thread = await visitorWrites("Prima riga.");
    const first = thread.messages[0]?.id ?? null;
    await call(tokens.admin, `/admin/support/threads/${thread.threadId}/messages`, "POST", {
      text: "Risposta mentre eri offline.",
    });
    const visitor = await visitorSocket(thread.token);
    try {
      visitor.send({ type: "subscribe", conversation: { supportThreadId: thread.threadId }, after: first });
      const missed = await visitor.next(isSupportMessages(thread.threadId));
      expect(missed.messages.map((m) => m.text)).toEqual(["Risposta mentre eri offline."]);
    } finally {
      visitor.socket.close();
    }
  });
});
