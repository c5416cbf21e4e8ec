import type { ServerFrame } from "@argine/core/conversations/live-api";
import { BEARER_PROTOCOL_PREFIX, LIVE_CLOSE, LIVE_PROTOCOL } from "@argine/core/conversations/live-protocol";
import type { Comment, CommentReads } from "@argine/core/conversations/message-schemas";
import { testDbKinds } from "@argine/db/testing";
import { decodeJwt, importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
  strangerToken,
} from "../../test/identity.ts";
import { isError, isMessages, openSocket, upgradeStatus } from "../../test/live-socket.ts";
import { SOCKETS_PER_SESSION } from "../routes/v1/conversations/live.ts";

// The live socket end to end on a listening server (ADR 030): named before the upgrade, each subscription
// authorized as the HTTP read, messages delivered live through the fan-out and caught up after a drop.

describe.each(testDbKinds())("the live socket (%s)", (kind) => {
  let server: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string };
  let stranger: string;
  let practiceId: string;
  let call: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    server = await startIdentityServer(kind);
    tokens = await demoTokens(server);
    stranger = await strangerToken(server);
    call = apiCaller(server);
    const list = await call<{ data: { practiceId: string; ticketCode: string }[] }>(
      tokens.client,
      "/practices",
    );
    practiceId = list.body.data.find((practice) => practice.ticketCode === "AR-DEMO0001")?.practiceId ?? "";
    expect(practiceId).not.toBe("");
  });
  afterAll(() => server.close());

  it("is refused before it opens without a valid token", async () => {
    expect(await upgradeStatus(server.base, [LIVE_PROTOCOL])).toBe(401);
    expect(await upgradeStatus(server.base, [LIVE_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}not-a-jwt`])).toBe(401);
    expect(
      await upgradeStatus(server.base, [LIVE_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${tokens.client}`]),
    ).toBe(101);
  });

  it("refuses an upgrade on any other route before switching protocols", async () => {
    const offered = [LIVE_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${tokens.client}`];
    for (const path of ["/v1/products", "/v1/practices", "/", "/v1/nowhere", "/faq"]) {
      expect(await upgradeStatus(server.base, offered, path), path).toBe(404);
    }
  });

  it("never lets a refused subscriber hear the other side typing", async () => {
    // Strangers subscribe to a case that is not theirs while the lawyer's tabs type in it: the typing
    // signals cross the strangers' subscriptions while these are being checked.
    // As many as one session may open (SOCKETS_PER_SESSION).
    const lawyers = await Promise.all(
      Array.from({ length: 3 }, () => openSocket(server.base, tokens.lawyer)),
    );
    const strangers = await Promise.all(
      Array.from({ length: SOCKETS_PER_SESSION }, () => openSocket(server.base, stranger)),
    );
    try {
      for (const lawyer of lawyers) {
        lawyer.send({ type: "subscribe", conversation: { practiceId }, after: null });
        await lawyer.next(isMessages(practiceId));
      }
      strangers.forEach((other, i) => {
        other.send({ type: "subscribe", conversation: { practiceId }, after: null });
        if (i % 2 === 1) lawyers[(i - 1) / 2]?.send({ type: "typing", conversation: { practiceId } });
      });
      for (const other of strangers) await other.next(isError);
      // The lawyer's later message shows every socket has handled what came before it.
      await call(tokens.lawyer, `/practices/${practiceId}/comments`, "POST", { comment: "Fine prova." });
      await lawyers[0]?.next(isMessages(practiceId));
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const other of strangers)
        expect(other.frames.filter((f) => f.type === "typing" || f.type === "messages")).toEqual([]);
    } finally {
      for (const socket of [...lawyers, ...strangers]) socket.socket.close();
    }
  });

  it("brings the client's message to the lawyer live, and the lawyer's answer back", async () => {
    const client = await openSocket(server.base, tokens.client);
    const lawyer = await openSocket(server.base, tokens.lawyer);
    try {
      expect(client.protocol()).toBe(LIVE_PROTOCOL);
      client.send({ type: "subscribe", conversation: { practiceId }, after: null });
      lawyer.send({ type: "subscribe", conversation: { practiceId }, after: null });
      await client.next(isMessages(practiceId));
      await lawyer.next(isMessages(practiceId));

      const text = "<script>alert('ciao')</script>\nHo trovato un altro post.";
      const sent = await call<Comment>(tokens.client, `/practices/${practiceId}/comments`, "POST", {
        comment: text,
      });
      expect(sent.status).toBe(201);
      const seen = await lawyer.next(isMessages(practiceId));
      expect(seen.messages.map((m) => m.comment)).toEqual([text]);
      // The writer's own socket gets it too: every tab of theirs shows it.
      expect((await client.next(isMessages(practiceId))).messages.map((m) => m.id)).toEqual([sent.body.id]);

      const answer = await call<Comment>(tokens.lawyer, `/practices/${practiceId}/comments`, "POST", {
        comment: "Ricevuto: lo aggiungo alla pratica.",
      });
      expect(answer.status).toBe(201);
      const back = await client.next(
        ((frame: ServerFrame) =>
          isMessages(practiceId)(frame) && frame.messages.some((m) => m.id === answer.body.id)) as ReturnType<
          typeof isMessages
        >,
      );
      expect(back.messages.map((m) => m.comment)).toEqual(["Ricevuto: lo aggiungo alla pratica."]);
    } finally {
      client.socket.close();
      lawyer.socket.close();
    }
  });

  it("counts what the client has not read, and tells the lawyer how far she read", async () => {
    const unread = async () => {
      const list = await call<{ data: { practiceId: string; unreadComments: number }[] }>(
        tokens.client,
        "/practices",
      );
      return list.body.data.find((practice) => practice.practiceId === practiceId)?.unreadComments;
    };
    const lawyer = await openSocket(server.base, tokens.lawyer);
    try {
      lawyer.send({ type: "subscribe", conversation: { practiceId }, after: null });
      await lawyer.next(isMessages(practiceId));
      const first = await call<Comment>(tokens.lawyer, `/practices/${practiceId}/comments`, "POST", {
        comment: "Le scrivo per un aggiornamento.",
      });
      const second = await call<Comment>(tokens.lawyer, `/practices/${practiceId}/comments`, "POST", {
        comment: "E per una domanda.",
      });
      const before = (await unread()) ?? 0;
      expect(before).toBeGreaterThanOrEqual(2);

      const read = await call<CommentReads>(tokens.client, `/practices/${practiceId}/comments/read`, "PUT", {
        upTo: first.body.id,
      });
      expect(read.status).toBe(200);
      expect(read.body.mine).toBe(first.body.createdAt);
      expect(await unread()).toBe(1);
      // The lawyer's socket learns it: the client has read up to the first message.
      const reads = await lawyer.next(
        ((frame: ServerFrame) => frame.type === "reads" && frame.reads.theirs === first.body.createdAt) as (
          frame: ServerFrame,
        ) => frame is Extract<ServerFrame, { type: "reads" }>,
      );
      expect(reads.reads.theirs).toBe(first.body.createdAt);

      // Reading never goes backwards, and a comment of another practice is not a place to read up to.
      await call(tokens.client, `/practices/${practiceId}/comments/read`, "PUT", { upTo: second.body.id });
      const back = await call<CommentReads>(tokens.client, `/practices/${practiceId}/comments/read`, "PUT", {
        upTo: first.body.id,
      });
      expect(back.body.mine).toBe(second.body.createdAt);
      expect(await unread()).toBe(0);
      const elsewhere = await call(tokens.client, `/practices/${practiceId}/comments/read`, "PUT", {
        upTo: "00000000-0000-4000-8000-000000000000",
      });
      expect(elsewhere.status).toBe(404);
      const lawyerSees = await call<CommentReads>(tokens.lawyer, `/practices/${practiceId}/comments/read`);
      expect(lawyerSees.body.theirs).toBe(second.body.createdAt);
    } finally {
      lawyer.socket.close();
    }
  });

  it("tells a watching list of activity only in conversations its caller may read", async () => {
    const lawyer = await openSocket(server.base, tokens.lawyer);
    const other = await openSocket(server.base, stranger);
    try {
      lawyer.send({ type: "watch" });
      other.send({ type: "watch" });
      // A subscription's answer shows each socket has read its frames so far.
      for (const live of [lawyer, other]) {
        live.send({ type: "subscribe", conversation: { practiceId }, after: null });
        await live.next(
          ((frame: ServerFrame) => frame.type !== "activity") as (f: ServerFrame) => f is ServerFrame,
        );
      }
      await call(tokens.client, `/practices/${practiceId}/comments`, "POST", { comment: "C'è una novità." });
      const moved = await lawyer.next(
        ((frame: ServerFrame) => frame.type === "activity") as (
          frame: ServerFrame,
        ) => frame is Extract<ServerFrame, { type: "activity" }>,
      );
      expect(moved.conversation).toEqual({ practiceId });
      // The stranger's socket was told nothing of it. Its frames are handled in order, and the signal reached
      // both sockets at once: the answer to a frame sent now comes after its decision on that signal.
      await lawyer.next(isMessages(practiceId));
      other.send({ type: "subscribe", conversation: { practiceId }, after: null });
      await other.next(isError);
      expect(other.frames.filter((frame) => frame.type === "activity")).toEqual([]);
    } finally {
      lawyer.socket.close();
      other.socket.close();
    }
  });

  it("shows the other side that someone is typing, at most once in a few seconds", async () => {
    const client = await openSocket(server.base, tokens.client);
    const lawyer = await openSocket(server.base, tokens.lawyer);
    const other = await openSocket(server.base, stranger);
    try {
      for (const live of [client, lawyer, other])
        live.send({ type: "subscribe", conversation: { practiceId }, after: null });
      await client.next(isMessages(practiceId));
      await lawyer.next(isMessages(practiceId));
      await other.next(isError);
      client.send({ type: "typing", conversation: { practiceId } });
      client.send({ type: "typing", conversation: { practiceId } });
      other.send({ type: "typing", conversation: { practiceId } });
      const typing = await lawyer.next(
        ((frame: ServerFrame) => frame.type === "typing") as (
          frame: ServerFrame,
        ) => frame is Extract<ServerFrame, { type: "typing" }>,
      );
      expect(typing).toEqual({ type: "typing", conversation: { practiceId }, side: "client" });
      // A message after it shows the lawyer's socket has handled what came before: one typing, not two, and
      // none from the stranger, who is not in the conversation.
      await call(tokens.client, `/practices/${practiceId}/comments`, "POST", { comment: "Eccomi." });
      await lawyer.next(isMessages(practiceId));
      expect(lawyer.frames.filter((frame) => frame.type === "typing")).toEqual([]);
      expect(client.frames.filter((frame) => frame.type === "typing")).toEqual([]);
    } finally {
      for (const live of [client, lawyer, other]) live.socket.close();
    }
  });

  it("never names the client of an anonymous practice to staff, neither in the list nor live", async () => {
    const list = await call<{ data: { practiceId: string; ticketCode: string }[] }>(
      tokens.client,
      "/practices",
    );
    const anonymous =
      list.body.data.find((practice) => practice.ticketCode === "AR-DEMO0004")?.practiceId ?? "";
    const seen = await call<Comment[]>(tokens.lawyer, `/practices/${anonymous}/comments`);
    expect(seen.body.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen.body)).not.toContain("Esposito");
    expect(seen.body.map((c) => c.author)).toContain("Cliente (pratica anonima)");

    const lawyer = await openSocket(server.base, tokens.lawyer);
    try {
      lawyer.send({ type: "subscribe", conversation: { practiceId: anonymous }, after: null });
      await lawyer.next(isMessages(anonymous));
      const mine = await call<Comment>(tokens.client, `/practices/${anonymous}/comments`, "POST", {
        comment: "Scrivo dalla pratica anonima.",
      });
      // The client herself sees her own name; the lawyer, live, does not.
      expect(mine.body.author).toBe("Giulia Esposito");
      const delivered = await lawyer.next(isMessages(anonymous));
      expect(delivered.messages.map((m) => m.author)).toEqual(["Cliente (pratica anonima)"]);
    } finally {
      lawyer.socket.close();
    }
  });

  it("catches up after a drop with what came after the last message the tab had", async () => {
    const first = await call<Comment>(tokens.client, `/practices/${practiceId}/comments`, "POST", {
      comment: "Prima del blackout",
    });
    const missed = await call<Comment>(tokens.lawyer, `/practices/${practiceId}/comments`, "POST", {
      comment: "Scritto mentre eri offline",
    });
    const client = await openSocket(server.base, tokens.client);
    try {
      client.send({ type: "subscribe", conversation: { practiceId }, after: first.body.id });
      const caughtUp = await client.next(isMessages(practiceId));
      expect(caughtUp.messages.map((m) => m.id)).toEqual([missed.body.id]);
    } finally {
      client.socket.close();
    }
  });

  it("refuses another client's conversation, and a frame that is not one", async () => {
    const other = await openSocket(server.base, stranger);
    other.send({ type: "subscribe", conversation: { practiceId }, after: null });
    const refused = await other.next(isError);
    expect(refused).toMatchObject({ code: "NOT_FOUND", conversation: { practiceId } });
    // Nor does a message written afterwards reach the socket that was refused.
    const later = await call<Comment>(tokens.client, `/practices/${practiceId}/comments`, "POST", {
      comment: "Solo per chi segue la pratica",
    });
    expect(later.status).toBe(201);
    other.send({ type: "nonsense" });
    expect(await other.closed).toBe(LIVE_CLOSE.badFrame);
    expect(other.frames.filter((frame) => frame.type === "messages")).toEqual([]);
  });

  it("closes when its token expires", async () => {
    // The client's own token signed again by the provider's key with an expiry two seconds away.
    const key = server.app.deps.identity?.keys.jwks[0];
    if (!key?.kid) throw new Error("the embedded provider's signing key");
    const payload = decodeJwt(tokens.client);
    const shortLived = await new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt" })
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(await importJWK(key, "RS256"));
    const client = await openSocket(server.base, shortLived);
    expect(await client.closed).toBe(LIVE_CLOSE.tokenExpired);
  });
});
