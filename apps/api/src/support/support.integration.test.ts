import type { SupportInbox, SupportThread } from "@argine/core/support/support-api";
import { SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-routes";
import { testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  randomIp,
  startIdentityServer,
  strangerToken,
} from "../../test/identity.ts";

// The support chat over HTTP (ADR 030): a visitor writes without an account and finds the thread again with
// the token their browser keeps; a client's thread is the account's; staff answer from the inbox; nobody
// reaches a thread that is not theirs.

describe.each(testDbKinds())("the support chat (%s)", (kind) => {
  let server: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string };
  let stranger: string;
  let call: ReturnType<typeof apiCaller>;

  /** A visitor's call: no bearer, the thread's token in its header when there is one. */
  const asVisitor = async <T>(path: string, token: string | null, method = "GET", body?: unknown) => {
    const res = await fetch(`${server.base}/v1${path}`, {
      method,
      headers: {
        accept: "application/json",
        "x-forwarded-for": randomIp(),
        ...(token ? { [SUPPORT_TOKEN_HEADER]: token } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };

  beforeAll(async () => {
    server = await startIdentityServer(kind);
    tokens = await demoTokens(server);
    stranger = await strangerToken(server);
    call = apiCaller(server);
  });
  afterAll(() => server.close());

  it("lets a visitor write without an account, and find the thread again only with its token", async () => {
    const none = await asVisitor<{ message: string }>("/support/thread", null);
    expect(none.status).toBe(404);

    const opened = await asVisitor<SupportThread>("/support/thread/messages", null, "POST", {
      text: "Qualcuno ha pubblicato le mie foto, cosa posso fare?",
    });
    expect(opened.status).toBe(201);
    const token = opened.body.token ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(opened.body.messages.map((m) => [m.from, m.text])).toEqual([
      ["person", "Qualcuno ha pubblicato le mie foto, cosa posso fare?"],
    ]);

    // The same browser, later: its token finds the thread, and the token is not given out again.
    const again = await asVisitor<SupportThread>("/support/thread", token);
    expect(again.body.threadId).toBe(opened.body.threadId);
    expect(again.body.token).toBeNull();
    const more = await asVisitor<SupportThread>("/support/thread/messages", token, "POST", {
      text: "Potete rispondermi per mail?",
      email: "anna@example.it",
    });
    expect(more.body.messages).toHaveLength(2);
    expect(more.body.email).toBe("anna@example.it");

    // Another visitor's token, or one that opens nothing, reaches nothing.
    const other = await asVisitor<SupportThread>("/support/thread/messages", null, "POST", { text: "Ciao" });
    expect(other.body.threadId).not.toBe(opened.body.threadId);
    expect((await asVisitor<SupportThread>("/support/thread", other.body.token)).body.messages).toHaveLength(
      1,
    );
    const forged = await asVisitor<{ message: string }>("/support/thread", "x".repeat(43));
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe("Questa conversazione non esiste più: puoi iniziarne una nuova.");
  });

  it("keeps a signed-in client's thread on the account, and lets staff answer from the inbox", async () => {
    const first = await call<SupportThread>(tokens.client, "/support/thread/messages", "POST", {
      text: "Come funziona la consulenza gratuita?",
    });
    expect(first.status).toBe(201);
    expect(first.body.token).toBeNull();
    const second = await call<SupportThread>(tokens.client, "/support/thread/messages", "POST", {
      text: "E quanto costa la diffida?",
    });
    expect(second.body.threadId).toBe(first.body.threadId);

    const waiting = await call<SupportInbox>(tokens.lawyer, "/admin/support/threads");
    expect(waiting.status).toBe(200);
    const line = waiting.body.data.find((t) => t.threadId === first.body.threadId);
    expect(line).toMatchObject({ who: "Giulia Esposito" });
    expect(line?.awaitingReplySince).not.toBeNull();

    const answered = await call<SupportThread>(
      tokens.lawyer,
      `/admin/support/threads/${first.body.threadId}/messages`,
      "POST",
      { text: "Ciao Giulia, la prenoti dalla pagina Consulenza." },
    );
    expect(answered.status).toBe(201);
    const mine = await call<SupportThread>(tokens.client, "/support/thread");
    expect(mine.body.messages.at(-1)).toMatchObject({
      from: "staff",
      author: "Marco Rinaldi",
      text: "Ciao Giulia, la prenoti dalla pagina Consulenza.",
    });
    const after = await call<SupportInbox>(tokens.lawyer, "/admin/support/threads");
    expect(after.body.data.find((t) => t.threadId === first.body.threadId)?.awaitingReplySince).toBeNull();

    // Another client has a thread of their own, and never the inbox.
    const theirs = await call<{ message: string }>(stranger, "/support/thread");
    expect(theirs.status).toBe(404);
    expect((await call(stranger, "/admin/support/threads")).status).toBe(403);
    expect((await call(stranger, `/admin/support/threads/${first.body.threadId}`)).status).toBe(403);
  });

  it("refuses an empty or too long line with the Italian message, and keeps nothing of it", async () => {
    const empty = await asVisitor<{ details: { message: string }[] }>(
      "/support/thread/messages",
      null,
      "POST",
      {
        text: "   ",
      },
    );
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("Campo Obbligatorio");
    const long = await asVisitor("/support/thread/messages", null, "POST", { text: "a".repeat(2001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain("Il testo inserito è troppo lungo.");
  });

  it("closes a visitor's thread by the quick exit's call, and opens it from the mail's link", async () => {
    const opened = await asVisitor<SupportThread>("/support/thread/messages", null, "POST", {
      text: "Scrivo di notte, sono spaventata.",
    });
    const token = opened.body.token ?? "";
    const close = () =>
      fetch(`${server.base}/v1/support/thread/close`, {
        method: "POST",
        headers: { "x-forwarded-for": randomIp(), [SUPPORT_TOKEN_HEADER]: token },
        keepalive: true,
      });
    expect((await close()).status).toBe(204);
    expect((await asVisitor("/support/thread", token)).status).toBe(404);
    expect((await close()).status).toBe(404);
    const inboxNow = await call<SupportInbox>(tokens.lawyer, "/admin/support/threads");
    expect(inboxNow.body.data.find((t) => t.threadId === opened.body.threadId)).toMatchObject({
      firstWords: "Scrivo di notte, sono spaventata.",
      awaitingReplySince: null,
    });
    const wrong = await asVisitor<{ message: string }>("/support/thread/resume", null, "POST", {
      link: "y".repeat(43),
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toMatch(/^Questo link non è più valido/);
  });
});
