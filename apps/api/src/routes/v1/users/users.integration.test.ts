import type { Me } from "@argine/core/identity/users-api";
import { userTokens } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../../../../test/identity.ts";
import { maxOf } from "../../../rate-limits/route-limits.ts";

const PASSWORD = "Girasole-Lento-42";

describe.each(testDbKinds())("accounts on %s", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  const post = (path: string, body: unknown, token?: string, method = "POST", ip = randomIp()) =>
    fetch(`${s.base}/v1${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const register = (email: string, extra: object = {}) =>
    post("/users", {
      name: "Anna",
      lastname: "Bianchi",
      email,
      password: PASSWORD,
      privacyConsent: true,
      ...extra,
    });
  const accessToken = async (email: string, password = PASSWORD) => {
    const result = await signIn(s, email, password);
    if (result.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
    return result.tokens?.access_token ?? "";
  };

  it("registers, mails a verification link, refuses sign-in until verified, then lets the user in", async () => {
    const res = await register("anna@example.org");
    expect(res.status).toBe(202);
    const before = await signIn(s, "anna@example.org", PASSWORD);
    expect(before.status).toBe(403);
    expect(before.body?.code).toBe("EMAIL_NOT_VERIFIED");

    const token = await s.mailer.tokenIn("anna@example.org");
    expect((await s.mailer.lastTo("anna@example.org"))?.text).toContain(`${s.base}/account/verify?token=`);
    expect((await post("/users/verification", { token })).status).toBe(200);
    expect((await post("/users/verification", { token })).status).toBe(400);
    const me = await fetch(`${s.base}/v1/users/me`, {
      headers: { authorization: `Bearer ${await accessToken("anna@example.org")}` },
    });
    expect(await me.json()).toMatchObject({
      email: "anna@example.org",
      roles: [],
      invoice: null,
      privacyConsent: true,
    });
  });

  it("answers registration the same whether or not the email exists, and tells the owner instead", async () => {
    const fresh = await register("nuova@example.org");
    const taken = await register("cliente@demo.argine.it");
    expect(taken.status).toBe(fresh.status);
    expect(await taken.json()).toEqual(await fresh.json());
    expect((await s.mailer.lastTo("cliente@demo.argine.it"))?.subject).toBe("Hai già un account");
  });

  it("refuses bad registrations with Italian messages per field, and common passwords", async () => {
    const res = await post("/users", {
      name: "",
      email: "nope",
      password: "Password1",
      privacyConsent: false,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { details: { issues: { path: string[]; message: string }[] } };
    const byField = Object.fromEntries(
      body.details.issues.map((i: { path: string[]; message: string }) => [i.path.join("."), i.message]),
    );
    expect(byField).toMatchObject({
      name: "Campo Obbligatorio",
      lastname: "Campo Obbligatorio",
      email: "Non è una email valida!",
      password: "Questa password è tra le più usate e facili da indovinare: scegline un'altra.",
    });
  });

  it("gives the same sign-in answer for an unknown email and a wrong password", async () => {
    const unknown = await signIn(s, "nessuno@example.org", PASSWORD);
    const wrong = await signIn(s, "cliente@demo.argine.it", "Sbagliata-123");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body?.message).toBe(wrong.body?.message);
    expect(unknown.body?.message).toBe("Email o password non corretti.");
  });

  it("rate-limits registration and reset requests per address", async () => {
    const ip = randomIp();
    const max = maxOf("POST /v1/users/password-reset", "address");
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      statuses.push(
        (await post("/users/password-reset", { email: `x${i}@example.org` }, undefined, "POST", ip)).status,
      );
    }
    expect(statuses).toEqual([...Array(max).fill(202), 429]);
  });

  it("requires the CSRF token of the sign-in step", async () => {
    const res = await fetch(`${s.base}/v1/auth/interactions/whatever/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "cliente@demo.argine.it", password: PASSWORD }),
    });
    expect(res.status).toBe(400);
    const forged = await fetch(`${s.base}/v1/auth/interactions/whatever/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": "guess" },
      body: JSON.stringify({ email: "cliente@demo.argine.it", password: PASSWORD }),
    });
    expect(forged.status).toBe(403);
  });

  it("resets a password through the mailed link, once; a used or expired link is refused", async () => {
    await register("reset@example.org");
    await post("/users/verification", { token: await s.mailer.tokenIn("reset@example.org") });
    const unknown = await post("/users/password-reset", { email: "sconosciuto@example.org" });
    const known = await post("/users/password-reset", { email: "reset@example.org" });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await s.mailer.lastTo("sconosciuto@example.org")).toBeUndefined();

    const token = await s.mailer.tokenIn("reset@example.org");
    expect(
      (await post("/users/password-reset/confirm", { token, password: "Nuova-Password-9" })).status,
    ).toBe(200);
    const reused = await post("/users/password-reset/confirm", { token, password: "Altra-Password-9" });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    expect((await signIn(s, "reset@example.org", PASSWORD)).status).toBe(401);
    expect((await signIn(s, "reset@example.org", "Nuova-Password-9")).status).toBe(200);

    await post("/users/password-reset", { email: "reset@example.org" });
    const late = await s.mailer.tokenIn("reset@example.org");
    await s.handle.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await post("/users/password-reset/confirm", { token: late, password: "Tardiva-Password-9" })).status,
    ).toBe(400);
  });

  it("updates the profile and the password separately; a wrong old password is refused", async () => {
    await register("profilo@example.org");
    await post("/users/verification", { token: await s.mailer.tokenIn("profilo@example.org") });
    const token = await accessToken("profilo@example.org");
    const profile = await post(
      "/users/me",
      { name: "Annalisa", lastname: "Bianchi", cellPhone: "+393331234567" },
      token,
      "PATCH",
    );
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ name: "Annalisa", cellPhone: "+393331234567" });

    const mixed = await post(
      "/users/me",
      { name: "X", oldPassword: PASSWORD, password: "Nuova-Password-9" },
      token,
      "PATCH",
    );
    expect(mixed.status).toBe(400);
    const wrong = await post(
      "/users/me",
      { oldPassword: "Sbagliata-1", password: "Nuova-Password-9" },
      token,
      "PATCH",
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: "WRONG_PASSWORD",
      message: "La password attuale non è corretta.",
    });
    const right = await post(
      "/users/me",
      { oldPassword: PASSWORD, password: "Nuova-Password-9" },
      token,
      "PATCH",
    );
    expect(right.status).toBe(200);
    expect((await signIn(s, "profilo@example.org", "Nuova-Password-9")).status).toBe(200);
  });

  it("saves billing data with Italian validation", async () => {
    const token = await accessToken("cliente@demo.argine.it", "Demo!Argine2026");
    const bad = await post(
      "/users/me/invoice",
      {
        taxCode: "RSSMRA85T10A562X",
        address: "Via Roma 1",
        zip: "123",
        city: "Roma",
        province: "ZZ",
        country: "IT",
      },
      token,
      "PATCH",
    );
    expect(bad.status).toBe(400);
    const { details } = (await bad.json()) as { details: { issues: { path: string[] }[] } };
    const fields = details.issues.map((i) => i.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["taxCode", "zip", "province"]));
    const good = await post(
      "/users/me/invoice",
      {
        taxCode: "RSSMRA85T10A562S",
        address: "Via Roma 1",
        zip: "00184",
        city: "Roma",
        province: "rm",
        country: "IT",
      },
      token,
      "PATCH",
    );
    expect(good.status).toBe(200);
    expect(((await good.json()) as Me).invoice).toMatchObject({
      zip: "00184",
      province: "RM",
      country: "IT",
    });
  });

  it("lets only an admin grant and revoke roles", async () => {
    const admin = await accessToken("admin@demo.argine.it", "Demo!Argine2026");
    const customer = await accessToken("cliente@demo.argine.it", "Demo!Argine2026");
    const mine = await fetch(`${s.base}/v1/users/me`, { headers: { authorization: `Bearer ${customer}` } });
    const target = ((await mine.json()) as Me).id;
    const url = `${s.base}/v1/users/${target}/roles/lawyer`;
    expect(
      (await fetch(url, { method: "PUT", headers: { authorization: `Bearer ${customer}` } })).status,
    ).toBe(403);
    expect((await fetch(url, { method: "PUT" })).status).toBe(401);
    const granted = await fetch(url, { method: "PUT", headers: { authorization: `Bearer ${admin}` } });
    expect(((await granted.json()) as Me).roles).toEqual(["lawyer"]);
    const revoked = await fetch(url, { method: "DELETE", headers: { authorization: `Bearer ${admin}` } });
    expect(((await revoked.json()) as Me).roles).toEqual([]);
  });
});
