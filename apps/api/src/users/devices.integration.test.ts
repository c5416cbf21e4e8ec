import type { DeviceList } from "@argine/core/identity/users-api";
import { grantRole, revokeRole } from "@argine/db/queries/users";
import { auditLog, users } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq, like } from "drizzle-orm";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type IdentityServer,
  randomIp,
  registerVerified,
  type SignInResult,
  signIn,
  startIdentityServer,
} from "../../test/identity.ts";

// Issue 37: a role taken away, an account erased, a device ended take effect on the next request, not when
// the access token expires; the profile lists the account's signed-in devices and ends any one or all.

const PASSWORD = "Girasole-Lento-42";

describe.each(testDbKinds())("sessions and roles on the next request (%s)", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  const api = (path: string, token: string, method = "GET") =>
    fetch(`${s.base}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp() },
    });
  const refresh = (result: SignInResult) =>
    client.refreshTokenGrant(s.oidc, result.tokens?.refresh_token ?? "", { resource: `${s.base}/v1` });
  async function session(email: string): Promise<SignInResult & { access: string }> {
    const result = await signIn(s, email, PASSWORD);
    if (result.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
    return { ...result, access: result.tokens?.access_token ?? "" };
  }
  const devices = async (token: string) =>
    (await (await api("/users/me/devices", token)).json()) as DeviceList;

  it("a lawyer role taken away stops working on the next request, though the session keeps its grant", async () => {
    const id = await registerVerified(s, "ruolo-tolto@example.org", PASSWORD);
    await grantRole(s.handle.db, id, "lawyer");
    const lawyer = await session("ruolo-tolto@example.org");
    expect((await api("/practices/queue", lawyer.access)).status).toBe(200);

    // Taken away in the database only: the grant stands, the token still says "lawyer" until it expires.
    await revokeRole(s.handle.db, id, "lawyer");
    expect((await api("/practices/queue", lawyer.access)).status).toBe(403);
    expect((await api("/users/me", lawyer.access)).status).toBe(200);
    const renewed = await refresh(lawyer);
    expect((await api("/practices/queue", renewed.access_token)).status).toBe(403);
  });

  it("an admin's removal through the API, and an erased account, refuse the old token at once", async () => {
    const id = await registerVerified(s, "ex-staff@example.org", PASSWORD);
    await grantRole(s.handle.db, id, "lawyer");
    const lawyer = await session("ex-staff@example.org");
    const admin = (await signIn(s, "admin@demo.argine.it", "Demo!Argine2026")).tokens?.access_token ?? "";
    expect((await api(`/users/${id}/roles/lawyer`, admin, "DELETE")).status).toBe(200);
    expect([401, 403]).toContain((await api("/practices/queue", lawyer.access)).status);

    await registerVerified(s, "cancellata@example.org", PASSWORD);
    const erased = await session("cancellata@example.org");
    expect((await api("/users/me", erased.access)).status).toBe(200);
    await s.handle.db.delete(users).where(eq(users.email, "cancellata@example.org"));
    expect((await api("/users/me", erased.access)).status).toBe(401);
  });

  it("lists the account's devices, ends one, then all: old refresh and access tokens fail at once", async () => {
    await registerVerified(s, "dispositivi@example.org", PASSWORD);
    const phone = await session("dispositivi@example.org");
    const laptop = await session("dispositivi@example.org");
    const tablet = await session("dispositivi@example.org");

    const listed = await devices(laptop.access);
    expect(listed.data).toHaveLength(3);
    expect(listed.data.filter((d) => d.current)).toHaveLength(1);
    for (const device of listed.data) {
      expect(device.name).not.toBe("");
      expect(Date.parse(device.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(device.signedInAt));
    }
    // Another account sees only its own, and cannot end this one's.
    await registerVerified(s, "estranea-dispositivi@example.org", PASSWORD);
    const stranger = await session("estranea-dispositivi@example.org");
    expect((await devices(stranger.access)).data).toHaveLength(1);
    const phoneDevice = (await devices(phone.access)).data.find((d) => d.current);
    expect((await api(`/users/me/devices/${phoneDevice?.id}`, stranger.access, "DELETE")).status).toBe(404);

    // The laptop ends the phone: the phone's refresh token and access token fail, the others go on.
    const ended = await api(`/users/me/devices/${phoneDevice?.id}`, laptop.access, "DELETE");
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as DeviceList).data).toHaveLength(2);
    await expect(refresh(phone)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await api("/users/me", phone.access)).status).toBe(401);
    expect((await api("/users/me", tablet.access)).status).toBe(200);

    // "Esci da tutti i dispositivi": this one too.
    expect((await api("/users/me/devices", laptop.access, "DELETE")).status).toBe(200);
    for (const old of [laptop, tablet]) {
      await expect(refresh(old)).rejects.toMatchObject({ error: "invalid_grant" });
      expect((await api("/users/me", old.access)).status).toBe(401);
    }
    expect((await api("/users/me", stranger.access)).status).toBe(200);
    const audited = await s.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.action, "user.device.%"));
    expect(audited.map((row) => row.action).sort()).toEqual(["user.device.end", "user.device.end-all"]);
  });

  it("answers requests arriving together each by its own grant: one read for them all, no mix-up", async () => {
    await registerVerified(s, "insieme-uno@example.org", PASSWORD);
    await registerVerified(s, "insieme-due@example.org", PASSWORD);
    const ended = await session("insieme-uno@example.org");
    const kept = await session("insieme-uno@example.org");
    const other = await session("insieme-due@example.org");
    const endedId = (await devices(ended.access)).data.find((d) => d.current)?.id;
    expect((await api(`/users/me/devices/${endedId}`, kept.access, "DELETE")).status).toBe(200);
    // Sent at once, so the server reads their grants in one statement (db queries/batched.ts).
    const tokens = [ended, kept, other, ended, other, kept].map((t) => t.access);
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const res = await api("/users/me", token);
        return res.status === 200 ? ((await res.json()) as { email: string }).email : res.status;
      }),
    );
    expect(answers).toEqual([
      401,
      "insieme-uno@example.org",
      "insieme-due@example.org",
      401,
      "insieme-due@example.org",
      "insieme-uno@example.org",
    ]);
  });
});
