import { createServer, type Server } from "node:http";
import type { DbHandle } from "@argine/db/client";
import { openTestDb } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import Provider from "oidc-provider";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { MemoryMailer } from "../../test/identity.ts";
import { freePort } from "../../test/ports.ts";
import { buildApp } from "../app.ts";

const AUDIENCE = "https://api.argine.example/v1";

/** A second, independent oidc-provider: the "external" identity provider an operator could plug in. */
async function startExternalIdp(): Promise<{ issuer: string; server: Server }> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "esterno",
        client_secret: "segreto-del-test",
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "ext-1", alg: "RS256", use: "sig" }] as never },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => AUDIENCE,
        getResourceServerInfo: () => ({ scope: "api", audience: AUDIENCE, accessTokenFormat: "jwt" }),
      },
    },
    extraTokenClaims: async () => ({
      roles: ["lawyer"],
      email: "avvocata@studio.example",
      given_name: "Elena",
    }),
  });
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { issuer, server };
}

describe("with an external identity provider", () => {
  let idp: { issuer: string; server: Server };
  let handle: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    idp = await startExternalIdp();
    handle = await openTestDb("pglite");
    const config = testConfig({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: "argine-web",
      OIDC_AUDIENCE: AUDIENCE,
    });
    app = await buildApp({ config, handle, adapters: { mailer: new MemoryMailer() } });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    idp.server.close();
  });

  const me = (token: string) =>
    app.inject({ method: "GET", url: "/v1/users/me", headers: { authorization: `Bearer ${token}` } });

  it("tells the web app to sign in there, and has no embedded provider or account pages", async () => {
    const config = await app.inject({ method: "GET", url: "/v1/auth/config" });
    expect(config.json()).toMatchObject({
      issuer: idp.issuer,
      clientId: "argine-web",
      audience: AUDIENCE,
      embedded: false,
    });
    // The web app reads the external provider's endpoints from its discovery document.
    expect(config.json()).not.toHaveProperty("authorizationEndpoint");
    expect(
      (await app.inject({ method: "GET", url: "/oidc/.well-known/openid-configuration" })).statusCode,
    ).toBe(404);
    const register = await app.inject({
      method: "POST",
      url: "/v1/users",
      payload: {
        name: "A",
        lastname: "B",
        email: "a@example.org",
        password: "Girasole-Lento-42",
        privacyConsent: true,
      },
    });
    expect(register.statusCode).toBe(404);
  });

  it("trusts the external issuer's tokens through its JWKS, with their roles, and creates the local account once", async () => {
    const oidc = await client.discovery(new URL(idp.issuer), "esterno", "segreto-del-test", undefined, {
      execute: [client.allowInsecureRequests],
    });
    const { access_token } = await client.clientCredentialsGrant(oidc, { resource: AUDIENCE });
    const first = await me(access_token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      email: "avvocata@studio.example",
      name: "Elena",
      roles: ["lawyer"],
    });
    const again = await me(access_token);
    expect(again.json().id).toBe(first.json().id);
  });

  it("refuses a token signed by anyone else", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const token = await new SignJWT({ sub: "intruder", roles: ["admin"] })
      .setProtectedHeader({ alg: "RS256", kid: "ext-1" })
      .setIssuer(idp.issuer)
      .setAudience(AUDIENCE)
      .setExpirationTime("5m")
      .sign(privateKey);
    expect((await me(token)).statusCode).toBe(401);
  });
});
