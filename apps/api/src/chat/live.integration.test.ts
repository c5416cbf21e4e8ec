import {
  BEARER_PROTOCOL_PREFIX,
  LIVE_CLOSE,
  LIVE_PROTOCOL,
  type ServerFrame,
} from "@argine/core/chat/live-api";
import type { Comment } from "@argine/core/practices/practices-api";
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
          frame.type === "messages" && frame.messages.some((m) => m.id === answer.body.id)) as (
          frame: ServerFrame,
        ) => frame is Extract<ServerFrame, { type: "messages" }>,
      );
      expect(back.messages.map((m) => m.comment)).toEqual(["Ricevuto: lo aggiungo alla pratica."]);
    } finally {
      client.socket.close();
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
