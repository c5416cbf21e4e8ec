import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import { SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens, type IdentityServer, randomIp, startIdentityServer } from "../../test/identity.ts";
import { CONVERSATION_LIMITS, maxOf, SUPPORT_LIMITS } from "./route-limits.ts";

// The conversations' writes are limited per writer and per address (issue 36, F2: 300 comments in 4 s), and
// strangers sharing one address each keep their own first line to the team.

describe("limits on the conversations' writes", () => {
  let s: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string };
  let practiceId = "";

  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    tokens = await demoTokens(s);
    const list = (await (
      await fetch(`${s.base}/v1/practices`, { headers: { authorization: `Bearer ${tokens.client}` } })
    ).json()) as { data: { practiceId: string; ticketCode: string }[] };
    practiceId = list.data.find((p) => p.ticketCode === "AR-DEMO0001")?.practiceId ?? "";
  });
  afterAll(() => s.close());

  const send = (path: string, method: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${s.base}/v1${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("lets one account write 20 messages a minute, then says to slow down; another account on the address still writes", async () => {
    const address = randomIp();
    const as = (token: string) => ({ authorization: `Bearer ${token}`, "x-forwarded-for": address });
    const statuses: number[] = [];
    for (let i = 0; i <= CONVERSATION_LIMITS.message.perAccount; i++) {
      const res = await send(
        `/practices/${practiceId}/comments`,
        "POST",
        { comment: `Riga ${i}` },
        as(tokens.client),
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(((await res.json()) as { message: string }).message).toBe(CONVERSATION_MESSAGES.tooFast);
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONVERSATION_LIMITS.message.perAccount);
    expect(statuses.at(-1)).toBe(429);
    const lawyer = await send(
      `/practices/${practiceId}/comments`,
      "POST",
      { comment: "Rispondo io." },
      as(tokens.lawyer),
    );
    expect(lawyer.status).toBe(201);
  });

  it("limits read marks per account too", async () => {
    const headers = { authorization: `Bearer ${tokens.lawyer}`, "x-forwarded-for": randomIp() };
    const comments = (await (
      await fetch(`${s.base}/v1/practices/${practiceId}/comments`, { headers })
    ).json()) as { id: string }[];
    const upTo = comments.at(-1)?.id ?? "";
    let refused = 0;
    for (let i = 0; i <= CONVERSATION_LIMITS.read.perAccount; i++) {
      const res = await send(`/practices/${practiceId}/comments/read`, "PUT", { upTo }, headers);
      if (res.status === 429) refused++;
      else expect(res.status).toBe(200);
    }
    expect(refused).toBe(1);
  });

  it("keeps a stranger's first line to the team when another visitor on the same address wrote fast", async () => {
    const address = randomIp();
    const first = await send(
      "/support/thread/messages",
      "POST",
      { text: "Ciao, ho bisogno di aiuto." },
      {
        "x-forwarded-for": address,
      },
    );
    expect(first.status).toBe(201);
    const token = ((await first.json()) as { token: string }).token;
    const mine = { "x-forwarded-for": address, [SUPPORT_TOKEN_HEADER]: token };
    const statuses: number[] = [];
    // The first line opened the thread; the next ones count as the writer's.
    for (let i = 1; i <= SUPPORT_LIMITS.write.perWriter + 1; i++)
      statuses.push((await send("/support/thread/messages", "POST", { text: `Riga ${i}` }, mine)).status);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const stranger = await send(
      "/support/thread/messages",
      "POST",
      { text: "Buonasera, posso scrivervi?" },
      {
        "x-forwarded-for": address,
      },
    );
    expect(stranger.status).toBe(201);
  });

  it("bounds the video links one staff account mails, whatever booking it names", async () => {
    const headers = { authorization: `Bearer ${tokens.lawyer}`, "x-forwarded-for": randomIp() };
    const max = maxOf("PUT /v1/admin/consultations/:id/video-link", "account");
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push(
        (
          await send(
            `/admin/consultations/${crypto.randomUUID()}/video-link`,
            "PUT",
            { videoUrl: "https://meet.example.org/argine" },
            headers,
          )
        ).status,
      );
    // Counted before the booking is read: ten unknown bookings (404), then the limit.
    expect(statuses.slice(0, max).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("bounds the new threads one address opens in an hour", async () => {
    const address = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_LIMITS.newThreads.perAddress; i++)
      statuses.push(
        (
          await send(
            "/support/thread/messages",
            "POST",
            { text: `Nuova ${i}` },
            { "x-forwarded-for": address },
          )
        ).status,
      );
    expect(statuses.filter((status) => status === 201)).toHaveLength(SUPPORT_LIMITS.newThreads.perAddress);
    expect(statuses.at(-1)).toBe(429);
  });
});
