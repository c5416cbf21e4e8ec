import { listOidcKeys } from "@argine/db/queries/oidc";
import { oidcPayloads } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { importJWK, type JWK, SignJWT } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, MemoryMailer, signIn, startIdentityServer } from "../../test/identity.ts";
import { buildApp } from "../app.ts";
import { rotateSigningKey } from "./keys.ts";
import { REFRESH_REUSE_GRACE_SECONDS } from "./oidc-adapter.ts";

const DEMO_PASSWORD = "Demo!Argine2026";

describe.each(testDbKinds())("identity on %s", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  const me = (token: string) =>
    fetch(`${s.base}/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });

  it("an independent relying party completes discovery and code + PKCE, and the API accepts the token", async () => {
    expect(s.oidc.serverMetadata().code_challenge_methods_supported).toEqual(["S256"]);
    const result = await signIn(s, "cliente@demo.argine.it", DEMO_PASSWORD);
    expect(result.status).toBe(200);
    const tokens = result.tokens as client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.claims()).toMatchObject({ email: "cliente@demo.argine.it", roles: [] });
    const res = await me(tokens.access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: "cliente@demo.argine.it", name: "Giulia", roles: [] });
  });

  it("GET /v1/auth/config names the authorization endpoint the discovery document names", async () => {
    const config = (await (await fetch(`${s.base}/v1/auth/config`)).json()) as Record<string, unknown>;
    expect(config.authorizationEndpoint).toBe(s.oidc.serverMetadata().authorization_endpoint);
  });

  it.each([
    ["avvocato@demo.argine.it", ["lawyer"]],
    ["admin@demo.argine.it", ["admin"]],
  ])(
    "the demo account %s signs in with its documented password and carries its roles",
    async (email, roles) => {
      const result = await signIn(s, email, DEMO_PASSWORD);
      expect(result.status).toBe(200);
      const tokens = result.tokens as client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      expect(tokens.claims()?.roles).toEqual(roles);
      const payload = JSON.parse(
        Buffer.from(tokens.access_token.split(".")[1] ?? "", "base64url").toString(),
      );
      expect(payload).toMatchObject({ roles, aud: `${s.base}/v1`, iss: `${s.base}/oidc` });
    },
  );

  it("rotates refresh tokens: the new one works; the used one is taken again only within the grace", async () => {
    const renew = (token: string) => client.refreshTokenGrant(s.oidc, token, { resource: `${s.base}/v1` });
    const result = await signIn(s, "cliente@demo.argine.it", DEMO_PASSWORD);
    const first = result.tokens?.refresh_token ?? "";
    const renewed = await renew(first);
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(first);
    expect((await me(renewed.access_token)).status).toBe(200);

    // The renewal's answer was lost (the page was left mid-request): the same token again, at once, is taken.
    const retried = await renew(first);
    expect(retried.refresh_token).not.toBe(renewed.refresh_token);
    expect((await me(retried.access_token)).status).toBe(200);

    // Used again past the grace, counted from its first use: a replay, and the whole session ends.
    await s.handle.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000) })
      .where(eq(oidcPayloads.id, first));
    await expect(renew(first)).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(renew(retried.refresh_token ?? "")).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(renew(renewed.refresh_token ?? "")).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("answers 401 without a token, and for a forged, expired or wrong-audience one", async () => {
    expect((await fetch(`${s.base}/v1/users/me`)).status).toBe(401);
    const result = await signIn(s, "cliente@demo.argine.it", DEMO_PASSWORD);
    const token = result.tokens?.access_token ?? "";
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const [key] = await listOidcKeys(s.handle.db, "signing");
    const jwk = key?.material as JWK;
    const signed = async (changes: object) =>
      new SignJWT({ ...claims, ...changes })
        .setProtectedHeader({ alg: "RS256", kid: jwk.kid ?? "" })
        .sign(await importJWK(jwk, "RS256"));
    expect((await me(await signed({}))).status).toBe(200);
    const forge = (changes: object) =>
      [header, Buffer.from(JSON.stringify({ ...claims, ...changes })).toString("base64url"), signature].join(
        ".",
      );
    for (const bad of [
      forge({ roles: ["admin"] }),
      forge({ exp: Math.floor(Date.now() / 1000) - 10 }),
      forge({ aud: "https://other.example/api" }),
      "not-a-jwt",
      // Correctly signed with the provider's own key, but expired, or for another audience or issuer.
      await signed({ exp: Math.floor(Date.now() / 1000) - 10 }),
      await signed({ aud: "https://other.example/api" }),
      await signed({ iss: "https://other.example/oidc" }),
    ]) {
      const res = await me(bad);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("UNAUTHORIZED");
    }
  });

  it("rotates signing keys: after a restart the new key signs and tokens from the old one still verify", async () => {
    const result = await signIn(s, "cliente@demo.argine.it", DEMO_PASSWORD);
    const oldToken = result.tokens?.access_token ?? "";
    const newKid = await rotateSigningKey(s.handle.db, new Date(Date.now() + 1000));
    const restarted = await buildApp({
      config: s.app.deps.config,
      handle: s.handle,
      adapters: { mailer: new MemoryMailer() },
    });
    try {
      const jwks = (await restarted.inject({ method: "GET", url: "/oidc/jwks" })).json() as {
        keys: { kid: string }[];
      };
      expect(jwks.keys[0]?.kid).toBe(newKid);
      expect(jwks.keys).toHaveLength(2);
      const res = await restarted.inject({
        method: "GET",
        url: "/v1/users/me",
        headers: { authorization: `Bearer ${oldToken}` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
