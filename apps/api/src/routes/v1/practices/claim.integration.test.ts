import { CLAIM_ATTEMPTS_MAX, CLAIM_MESSAGES } from "@argine/core/practices/claim";
import { practices } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../../../../test/identity.ts";
import { pdfText } from "../../../../test/pdf-text.ts";

// The practice the questionnaire opens is claimed only with a secret — the submitting browser's
// token, or the practice code with its claim key — never with the practice id alone.

const DEMO = "Demo!Argine2026";
const ANSWERS = { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" };

interface Created {
  practiceId: string;
  ticketCode: string;
  claimToken: string;
  claimKey: string;
}

describe.each(testDbKinds())("claiming the questionnaire's practice on %s", (kind) => {
  let s: IdentityServer;
  let client = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    client = (await signIn(s, "cliente@demo.argine.it", DEMO)).tokens?.access_token ?? "";
  });
  afterAll(() => s.close());

  // Attempts with a code count per account for 15 minutes: each test that makes some gets fresh clients,
  // registered and confirmed as anyone would.
  let registered = 0;
  const freshClient = async (): Promise<{ token: string; id: string }> => {
    const email = `cliente.${kind}.${++registered}@example.org`;
    await registerAs(email);
    return confirmAndSignIn(email);
  };
  const PASSWORD = "Girasole-Lento-42";
  const anonymous = (path: string, body: unknown) =>
    fetch(`${s.base}/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify(body),
    });
  const registerAs = async (email: string, claim?: { practiceId: string; claimToken: string }) => {
    const res = await anonymous("/users", {
      name: "Altra",
      lastname: "Cliente",
      email,
      password: PASSWORD,
      privacyConsent: true,
      ...(claim ? { claim } : {}),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { message: string }).message;
  };
  // The mailed link followed anywhere (another tab, the phone's mail app): only its token travels.
  const confirmAndSignIn = async (email: string): Promise<{ token: string; id: string }> => {
    await anonymous("/users/verification", { token: await s.mailer.tokenIn(email) });
    const token = (await signIn(s, email, PASSWORD)).tokens?.access_token ?? "";
    const me = await fetch(`${s.base}/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
    return { token, id: ((await me.json()) as { id: string }).id };
  };

  const submit = async (): Promise<Created> => {
    const res = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ answers: ANSWERS, statementOfTruth: true, privacyAccepted: true }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Created;
  };
  const call = (token: string | null, path: string, method: string, body?: unknown, ip = randomIp()) =>
    fetch(`${s.base}/v1${path}`, {
      method,
      headers: {
        "x-forwarded-for": ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const withToken = (token: string | null, c: Pick<Created, "practiceId">, claimToken?: string) =>
    call(
      token,
      `/practices/${c.practiceId}/user`,
      "PATCH",
      claimToken === undefined ? undefined : { claimToken },
    );
  const withKey = (token: string | null, ticketCode: string, claimKey: string, ip?: string) =>
    call(token, "/practices/claim", "POST", { ticketCode, claimKey }, ip);
  const ownerOf = async (practiceId: string) =>
    (await s.handle.db.select().from(practices).where(eq(practices.id, practiceId)))[0]?.ownerId;
  const listed = async (token: string) => {
    const res = await call(token, "/practices", "GET");
    return ((await res.json()) as { data: { ticketCode: string }[] }).data.map((p) => p.ticketCode);
  };

  it("gives the submitter a token and a key once, and keeps only their hashes", async () => {
    const created = await submit();
    expect(created.claimToken).toMatch(/^[\w-]{43}$/);
    expect(created.claimKey).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const [row] = await s.handle.db.select().from(practices).where(eq(practices.id, created.practiceId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(created.claimToken);
    expect(stored).not.toContain(created.claimKey.replace("-", ""));
    expect(row?.claimTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);
    // The public read never shows the secrets.
    const read = await fetch(`${s.base}/v1/practices/${created.practiceId}/feedback`);
    expect(JSON.stringify(await read.json())).not.toContain(created.claimToken);
  });

  it("claims with the browser's token once; the id alone or a wrong token never claims", async () => {
    const other = (await freshClient()).token;
    const created = await submit();
    expect((await withToken(null, created, created.claimToken)).status).toBe(401);

    // Another client who learnt the id (a shared device): refused, with or without a made-up token.
    for (const attempt of [undefined, "", "x".repeat(43)]) {
      const stolen = await withToken(other, created, attempt);
      expect(stolen.status).toBe(403);
      expect(((await stolen.json()) as { message: string }).message).toBe(CLAIM_MESSAGES.tokenRefused);
    }
    expect(await ownerOf(created.practiceId)).toBeNull();
    expect(await listed(other)).not.toContain(created.ticketCode);

    const claimed = await withToken(client, created, created.claimToken);
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toEqual({
      practiceId: created.practiceId,
      ticketCode: created.ticketCode,
      status: "PENDING",
    });
    expect(await listed(client)).toContain(created.ticketCode);
    // Claiming again is a no-op for the owner; the token is spent for anyone else.
    expect((await withToken(client, created)).status).toBe(200);
    expect((await withToken(other, created, created.claimToken)).status).toBe(403);
    expect((await withKey(other, created.ticketCode, created.claimKey)).status).toBe(403);
    expect(
      (await withToken(client, { practiceId: "6f1c2b8e-1d2a-4c3b-9e8f-000000000000" }, "x")).status,
    ).toBe(404);
  });

  it("refuses an expired token and leaves the practice unowned, while its key still works", async () => {
    const created = await submit();
    await s.handle.db
      .update(practices)
      .set({ claimTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(practices.id, created.practiceId));
    expect((await withToken(client, created, created.claimToken)).status).toBe(403);
    expect(await ownerOf(created.practiceId)).toBeNull();
    expect((await withKey((await freshClient()).token, created.ticketCode, created.claimKey)).status).toBe(
      200,
    );
  });

  it("claims with the code and the key from any account, typed loosely; then both secrets are void", async () => {
    const { token: other, id: otherId } = await freshClient();
    const created = await submit();
    const typed = created.claimKey.toLowerCase().replace("-", " ");
    const res = await withKey(other, created.ticketCode.toLowerCase(), typed);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ticketCode: string }).ticketCode).toBe(created.ticketCode);
    expect(await ownerOf(created.practiceId)).toBe(otherId);
    expect(await listed(other)).toContain(created.ticketCode);
    // Entering them again is fine for the owner; the token no longer works for anyone.
    expect((await withKey(other, created.ticketCode, created.claimKey)).status).toBe(200);
    expect((await withToken(client, created, created.claimToken)).status).toBe(403);
    const [row] = await s.handle.db.select().from(practices).where(eq(practices.id, created.practiceId));
    expect([row?.claimTokenHash, row?.claimTokenExpiresAt, row?.claimKeyHash]).toEqual([null, null, null]);
  });

  it("answers a wrong key exactly as an unknown code, and never claims", async () => {
    const other = (await freshClient()).token;
    const created = await submit();
    const wrongKey = created.claimKey === "2222-2222" ? "3333-3333" : "2222-2222";
    const wrong = await withKey(other, created.ticketCode, wrongKey);
    const unknown = await withKey(other, "AR-22222222", created.claimKey);
    expect([wrong.status, unknown.status]).toEqual([403, 403]);
    const [a, b] = (await Promise.all([wrong.json(), unknown.json()])) as { code: string; message: string }[];
    expect({ code: a?.code, message: a?.message }).toEqual({ code: b?.code, message: b?.message });
    expect(a?.message).toBe(CLAIM_MESSAGES.keyRefused);
    // Another practice's key does not open this one.
    const second = await submit();
    expect((await withKey(other, created.ticketCode, second.claimKey)).status).toBe(403);
    expect(await ownerOf(created.practiceId)).toBeNull();
    // A malformed entry is told what a code looks like, field by field.
    const malformed = await withKey(other, "AR-12", "K7QM");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(CLAIM_MESSAGES.ticketCodeFormat);
    expect((await withKey(null, created.ticketCode, created.claimKey)).status).toBe(401);
  });

  it("limits attempts with a code per user and per address", async () => {
    const created = await submit();
    // One user trying from many addresses…
    const user = (await freshClient()).token;
    for (let i = 0; i < CLAIM_ATTEMPTS_MAX; i++)
      expect((await withKey(user, "AR-22222222", "2222-2222")).status).toBe(403);
    const limited = await withKey(user, created.ticketCode, created.claimKey);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toBe(CLAIM_MESSAGES.tooManyAttempts);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
    // …and many users from one address.
    const ip = randomIp();
    const users = [(await freshClient()).token, (await freshClient()).token];
    for (let i = 0; i < CLAIM_ATTEMPTS_MAX; i++)
      expect((await withKey(users[i % 2] ?? "", "AR-22222222", "2222-2222", ip)).status).toBe(403);
    expect(
      (await withKey((await freshClient()).token, created.ticketCode, created.claimKey, ip)).status,
    ).toBe(429);
    expect(await ownerOf(created.practiceId)).toBeNull();
  });

  it("gives the practice to one of two claimants racing with the same secret", async () => {
    const other = (await freshClient()).token;
    const created = await submit();
    const [a, b] = await Promise.all([
      withToken(client, created, created.claimToken),
      withToken(other, created, created.claimToken),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect(await ownerOf(created.practiceId)).not.toBeNull();

    const keyed = await submit();
    const [one, two] = [(await freshClient()).token, (await freshClient()).token];
    const [c, d] = await Promise.all([
      withKey(one, keyed.ticketCode, keyed.claimKey),
      withKey(two, keyed.ticketCode, keyed.claimKey),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 403]);
    const winner = c.status === 200 ? one : two;
    const loser = winner === one ? two : one;
    expect(await listed(winner)).toContain(keyed.ticketCode);
    expect(await listed(loser)).not.toContain(keyed.ticketCode);
  });

  it("prints the key in the PDF only for a download that carries it, while nobody owns the practice", async () => {
    const created = await submit();
    const pdf = async (query = "") =>
      pdfText(
        new Uint8Array(
          await (
            await fetch(`${s.base}/v1/practices/${created.practiceId}/feedback.pdf${query}`)
          ).arrayBuffer(),
        ),
      );
    const key = created.claimKey;
    expect(await pdf(`?claimKey=${key.toLowerCase()}`)).toContain(
      `Codice pratica ${created.ticketCode} - chiave di recupero ${key}`,
    );
    expect(await pdf()).not.toContain("chiave di recupero");
    expect(await pdf("?claimKey=2222-2222")).not.toContain("chiave di recupero");
    expect((await withToken(client, created, created.claimToken)).status).toBe(200);
    expect(await pdf(`?claimKey=${key}`)).not.toContain(key);
  });

  describe("carried by the registration", () => {
    const claimOf = (c: Created) => ({ practiceId: c.practiceId, claimToken: c.claimToken });
    const pendingFor = async (practiceId: string) =>
      (await s.handle.db.select().from(practices).where(eq(practices.id, practiceId)))[0]?.claimPendingUserId;

    it("gives the practice to the new account at its first sign-in, wherever the link was opened", async () => {
      const created = await submit();
      const email = `registrata.${kind}.${++registered}@example.org`;
      await registerAs(email, claimOf(created));
      // Until that sign-in nobody owns it, and the browser's token is spent: a second account on the
      // same device claims nothing with it.
      expect(await ownerOf(created.practiceId)).toBeNull();
      const other = (await freshClient()).token;
      expect((await withToken(other, created, created.claimToken)).status).toBe(403);

      const victim = await confirmAndSignIn(email);
      expect(await ownerOf(created.practiceId)).toBe(victim.id);
      expect(await listed(victim.token)).toContain(created.ticketCode);
      expect(await listed(other)).not.toContain(created.ticketCode);
      expect(await pendingFor(created.practiceId)).toBeNull();
      // The submitting tab's own claim after that sign-in reads as done, not refused.
      expect((await withToken(victim.token, created, created.claimToken)).status).toBe(200);
      // Both secrets are void once it has an owner.
      expect((await withKey(other, created.ticketCode, created.claimKey)).status).toBe(403);
    });

    it("binds nothing with a wrong token or to an address already registered, with the same answer", async () => {
      const created = await submit();
      const plain = await registerAs(`senza.${kind}.${++registered}@example.org`);
      const email = `sbagliata.${kind}.${++registered}@example.org`;
      expect(await registerAs(email, { ...claimOf(created), claimToken: "x".repeat(43) })).toBe(plain);
      expect(await registerAs("cliente@demo.argine.it", claimOf(created))).toBe(plain);
      await confirmAndSignIn(email);
      expect(await ownerOf(created.practiceId)).toBeNull();
      expect(await pendingFor(created.practiceId)).toBeNull();
      // The submitting browser's token still works for the account already registered.
      expect((await withToken(client, created, created.claimToken)).status).toBe(200);
    });

    it("drops the bound practice when the password is reset before the first sign-in; the key still adds it", async () => {
      const created = await submit();
      const email = `azzerata.${kind}.${++registered}@example.org`;
      await registerAs(email, claimOf(created));
      await anonymous("/users/password-reset", { email });
      await anonymous("/users/password-reset/confirm", {
        token: await s.mailer.tokenIn(email),
        password: PASSWORD,
      });
      const reader = await confirmAndSignIn(email);
      expect(await ownerOf(created.practiceId)).toBeNull();
      expect(await pendingFor(created.practiceId)).toBeNull();
      expect((await withKey(reader.token, created.ticketCode, created.claimKey)).status).toBe(200);
      expect(await ownerOf(created.practiceId)).toBe(reader.id);
    });
  });
});
