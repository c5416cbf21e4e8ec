import { BEARER_PROTOCOL_PREFIX, LIVE_CLOSE, LIVE_PROTOCOL } from "@argine/core/conversations/live-protocol";
import { testDbKinds } from "@argine/db/testing";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  enrollSecondFactor,
  type IdentityServer,
  registerVerified,
  type SignInResult,
  signIn,
  startIdentityServer,
} from "../../test/identity.ts";
import { isMessages, openSocket, upgradeStatus } from "../../test/live-socket.ts";
import { SOCKETS_PER_ACCOUNT, SOCKETS_PER_SESSION } from "../routes/v1/conversations/live.ts";
import { SESSION_CHECK_MS } from "./session-watch.ts";

// A live socket ends with the session it was opened in (ADR 030): after a sign-out, a password change from
// another session or a role change, HTTP answers 401 at once, and the socket must not go on delivering. The
// watch reads every SESSION_CHECK_MS (500 ms): the tests allow 1.5 s, for a busy CI machine.
const CLOSES_WITHIN_MS = 1_500;
const PASSWORD = "Girasole-Lento-42";

describe.each(testDbKinds())("live sockets and sessions (%s)", (kind) => {
  let server: IdentityServer;
  let admin: string;
  let call: ReturnType<typeof apiCaller>;
  let practiceId: string;

  beforeAll(async () => {
    server = await startIdentityServer(kind);
    admin = (await demoTokens(server)).admin;
    call = apiCaller(server);
    const list = await call<{ data: { practiceId: string }[] }>(admin, "/practices");
    practiceId = list.body.data[0]?.practiceId ?? "";
    expect(practiceId).not.toBe("");
  });
  afterAll(() => server.close());

  const account = (email: string) => registerVerified(server, email, PASSWORD);
  async function session(email: string, secret?: string): Promise<SignInResult & { access: string }> {
    const result = await signIn(server, email, PASSWORD, undefined, { secondFactor: { secret } });
    if (result.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
    return { ...result, access: result.tokens?.access_token ?? "" };
  }
  const offered = (token: string) => [LIVE_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${token}`];
  /** The close code within CLOSES_WITHIN_MS, or null if the socket is still open then. */
  const closedSoon = (socket: Awaited<ReturnType<typeof openSocket>>) =>
    Promise.race([
      socket.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), CLOSES_WITHIN_MS)),
    ]);

  it("closes a socket when its session signs out, and refuses the old token's next socket", async () => {
    await account("esce@example.org");
    const mine = await session("esce@example.org");
    const socket = await openSocket(server.base, mine.access);
    await client.tokenRevocation(server.oidc, mine.tokens?.refresh_token ?? "");
    expect((await call(mine.access, "/users/me")).status).toBe(401);
    expect(await closedSoon(socket)).toBe(LIVE_CLOSE.sessionEnded);
    expect(await upgradeStatus(server.base, offered(mine.access))).toBe(401);
    expect(SESSION_CHECK_MS).toBeLessThanOrEqual(1_000);
  });

  it("a subscription after the session ended reads nothing, even before the watch's next read", async () => {
    await account("risottoscrive@example.org");
    const mine = await session("risottoscrive@example.org");
    const socket = await openSocket(server.base, mine.access);
    await client.tokenRevocation(server.oidc, mine.tokens?.refresh_token ?? "");
    socket.send({ type: "subscribe", conversation: { supportThreadId: crypto.randomUUID() }, after: null });
    expect(await closedSoon(socket)).toBe(LIVE_CLOSE.sessionEnded);
    expect(socket.frames.filter((frame) => frame.type !== "error")).toEqual([]);
  });

  it("a password change closes the other sessions' sockets and keeps the one that made it", async () => {
    await account("cambia@example.org");
    const other = await session("cambia@example.org");
    const mine = await session("cambia@example.org");
    const theirs = await openSocket(server.base, other.access);
    const ours = await openSocket(server.base, mine.access);
    const changed = await call(mine.access, "/users/me", "PATCH", {
      oldPassword: PASSWORD,
      password: "Nuova-Password-9",
    });
    expect(changed.status).toBe(200);
    expect(await closedSoon(theirs)).toBe(LIVE_CLOSE.sessionEnded);
    expect(await Promise.race([ours.closed, new Promise((r) => setTimeout(() => r("open"), 300))])).toBe(
      "open",
    );
    ours.socket.close();
  });

  it("«Esci da tutti i dispositivi» closes every session's socket, the caller's own too", async () => {
    await account("tuttifuori@example.org");
    const phone = await session("tuttifuori@example.org");
    const computer = await session("tuttifuori@example.org");
    const onPhone = await openSocket(server.base, phone.access);
    const onComputer = await openSocket(server.base, computer.access);
    expect((await call(computer.access, "/users/me/devices", "DELETE")).status).toBe(200);
    expect(await closedSoon(onPhone)).toBe(LIVE_CLOSE.sessionEnded);
    expect(await closedSoon(onComputer)).toBe(LIVE_CLOSE.sessionEnded);
    expect(await upgradeStatus(server.base, offered(phone.access))).toBe(401);
  });

  it("a role removal closes the lawyer's socket at once, and the old token opens no new one", async () => {
    const userId = await account("ex-avvocata@example.org");
    expect((await call(admin, `/users/${userId}/roles/lawyer`, "PUT")).status).toBe(200);
    // A lawyer opens a case only signed in with her second factor (ADR 036).
    const secret = await enrollSecondFactor(server, (await session("ex-avvocata@example.org")).access);
    const lawyer = await session("ex-avvocata@example.org", secret);
    const socket = await openSocket(server.base, lawyer.access);
    socket.send({ type: "subscribe", conversation: { practiceId }, after: null });
    await socket.next(isMessages(practiceId));

    expect((await call(admin, `/users/${userId}/roles/lawyer`, "DELETE")).status).toBe(200);
    expect(await closedSoon(socket)).toBe(LIVE_CLOSE.sessionEnded);
    expect((await call(lawyer.access, `/practices/${practiceId}`)).status).toBe(401);
    expect(await upgradeStatus(server.base, offered(lawyer.access))).toBe(401);
  });

  it("caps the sockets one session and one account hold open", async () => {
    await account("schede@example.org");
    const first = await session("schede@example.org");
    const sockets = [];
    for (let i = 0; i < SOCKETS_PER_SESSION; i++) sockets.push(await openSocket(server.base, first.access));
    expect(await upgradeStatus(server.base, offered(first.access))).toBe(429);
    // Other sessions of the account may open theirs, up to the account's cap.
    while (sockets.length < SOCKETS_PER_ACCOUNT) {
      const next = await session("schede@example.org");
      for (let i = 0; i < SOCKETS_PER_SESSION && sockets.length < SOCKETS_PER_ACCOUNT; i++)
        sockets.push(await openSocket(server.base, next.access));
    }
    const last = await session("schede@example.org");
    expect(await upgradeStatus(server.base, offered(last.access))).toBe(429);
    // A closed tab frees its place.
    const freed = sockets.pop();
    freed?.socket.close();
    await freed?.closed;
    const again = await openSocket(server.base, last.access);
    for (const socket of [...sockets, again]) socket.socket.close();
  });
});
