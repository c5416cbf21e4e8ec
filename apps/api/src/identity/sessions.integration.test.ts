import { testDbKinds } from "@argine/db/testing";
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

// A password reset or change is how a victim locks out someone who knows the password: every other session
// and refresh token of the account must stop working at once, through the real token endpoint.

const PASSWORD = "Girasole-Lento-42";

describe.each(testDbKinds())("sessions after a password reset or change on %s", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  const call = (path: string, body: unknown, token?: string, method = "POST") =>
    fetch(`${s.base}/v1${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": randomIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const me = (token: string) =>
    fetch(`${s.base}/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const refresh = (result: SignInResult) =>
    client.refreshTokenGrant(s.oidc, result.tokens?.refresh_token ?? "", { resource: `${s.base}/v1` });

  const account = (email: string) => registerVerified(s, email, PASSWORD);
  async function session(email: string, password = PASSWORD): Promise<SignInResult> {
    const result = await signIn(s, email, password);
    if (result.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
    return result;
  }

  it("a reset signs the account out everywhere: old refresh and access tokens are refused", async () => {
    await account("reset-sessioni@example.org");
    const abuser = await session("reset-sessioni@example.org");
    const phone = await session("reset-sessioni@example.org");
    expect((await me(abuser.tokens?.access_token ?? "")).status).toBe(200);

    await call("/users/password-reset", { email: "reset-sessioni@example.org" });
    const confirm = await call("/users/password-reset/confirm", {
      token: await s.mailer.tokenIn("reset-sessioni@example.org"),
      password: "Nuova-Password-9",
    });
    expect(confirm.status).toBe(200);

    for (const old of [abuser, phone]) {
      await expect(refresh(old)).rejects.toMatchObject({ error: "invalid_grant" });
      expect((await me(old.tokens?.access_token ?? "")).status).toBe(401);
    }
    // The new password opens a fresh session that works and renews.
    const fresh = await session("reset-sessioni@example.org", "Nuova-Password-9");
    expect((await me(fresh.tokens?.access_token ?? "")).status).toBe(200);
    expect((await refresh(fresh)).access_token).toBeTruthy();
  });

  it("a change signs out every other session and keeps the one that made it", async () => {
    await account("cambio-sessioni@example.org");
    const other = await session("cambio-sessioni@example.org");
    const mine = await session("cambio-sessioni@example.org");

    const changed = await call(
      "/users/me",
      { oldPassword: PASSWORD, password: "Nuova-Password-9" },
      mine.tokens?.access_token,
      "PATCH",
    );
    expect(changed.status).toBe(200);

    await expect(refresh(other)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await me(other.tokens?.access_token ?? "")).status).toBe(401);

    expect((await me(mine.tokens?.access_token ?? "")).status).toBe(200);
    const renewed = await refresh(mine);
    expect((await me(renewed.access_token)).status).toBe(200);
  });

  it("leaves other accounts' sessions alone", async () => {
    const bystander = await session("cliente@demo.argine.it", "Demo!Argine2026");
    await account("vicina@example.org");
    await call("/users/password-reset", { email: "vicina@example.org" });
    await call("/users/password-reset/confirm", {
      token: await s.mailer.tokenIn("vicina@example.org"),
      password: "Nuova-Password-9",
    });
    expect((await me(bystander.tokens?.access_token ?? "")).status).toBe(200);
    expect((await refresh(bystander)).access_token).toBeTruthy();
  });
});
