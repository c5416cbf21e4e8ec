import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import { recordOidcDevice } from "@argine/db/queries/oidc";
import { findUserById, listRoles } from "@argine/db/queries/users";
import { isDatabaseUnavailable } from "@argine/db/unavailable";
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from "oidc-provider";
import type { Config } from "../config.ts";
import type { ProviderKeys } from "./keys.ts";
import { dbAdapterFactory } from "./oidc-adapter.ts";

export const INTERACTION_PATH = "/v1/auth/interactions";

/** Where the provider takes the authorization request, under its issuer (GET /v1/auth/config names it). */
export const AUTHORIZATION_ROUTE = "/auth";

/**
 * The longest lifetime of anything the provider issues: sessions (their cookie), grants and refresh tokens.
 * Access and ID tokens live an hour at most (ACCESS_TOKEN_TTL_SECONDS, ttl.IdToken). keys.ts retires a key
 * only once this has passed since it stopped signing.
 */
export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

/** The access token's claim naming the grant it was issued under (identity/authenticate.ts checks it). */
export const GRANT_CLAIM = "gid";

/** A user agent is kept only as long as a browser's reasonably is (it is shown, never parsed beyond that). */
const USER_AGENT_MAX = 512;

// Pages the provider renders itself (logout, errors) carry the same strict policy as the rest of the site.
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(ctx: KoaContextWithOIDC, title: string, body: string) {
  ctx.type = "html";
  ctx.set("Content-Security-Policy", PAGE_CSP);
  ctx.set("Cache-Control", "no-store");
  ctx.body = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main>${body}</main></body></html>`;
}

/**
 * A database that does not answer (stopped, restarting) makes the service unavailable for a moment: a 503
 * with the Italian message (OAuth's `temporarily_unavailable` for the web's token calls), never a 500 nor a
 * refusal that would sign the tab out.
 */
function unavailable(ctx: KoaContextWithOIDC) {
  ctx.status = 503;
  ctx.set("Retry-After", "5");
  if (ctx.accepts("json", "html") === "html")
    page(ctx, "Servizio non disponibile", `<h1>${escapeHtml(MESSAGES.serviceUnavailable)}</h1>`);
  else ctx.body = { error: "temporarily_unavailable", error_description: MESSAGES.serviceUnavailable };
}

const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function accountClaims(db: Db, sub: string) {
  const user = await findUserById(db, sub);
  if (!user) return undefined;
  const roles = await listRoles(db, sub);
  return {
    sub,
    email: user.email,
    email_verified: Boolean(user.emailVerifiedAt),
    name: `${user.name} ${user.lastname}`,
    given_name: user.name,
    family_name: user.lastname,
    roles,
  };
}

/**
 * The embedded OpenID provider (docs/architecture.md, "Runtime adapters"): one public client (the web app),
 * authorization code with PKCE, JWT access tokens for the API carrying `roles`, rotating refresh tokens,
 * state in our database.
 */
export function createOidcProvider(config: Config, db: Db, keys: ProviderKeys): Provider {
  const { identity, publicUrl } = config;
  const secure = publicUrl.startsWith("https://");
  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    clients: [
      {
        client_id: identity.clientId,
        client_name: "Argine",
        token_endpoint_auth_method: "none",
        application_type: "web",
        redirect_uris: [`${publicUrl}/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
    pkce: { methods: ["S256"], required: () => true },
    // Browsers send Origin on the token and revocation calls: only the web app's own origin may make them.
    clientBasedCORS: (_ctx, origin) => origin === new URL(publicUrl).origin,
    scopes: ["openid", "offline_access", "profile", "email"],
    claims: {
      openid: ["sub", "roles"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    async findAccount(_ctx, sub) {
      const claims = await accountClaims(db, sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => claims };
    },
    // The API's access tokens carry their grant: the API refuses a token whose grant was revoked (sign-out,
    // a device ended, a password reset or change) and reads the roles from the database on each request
    // (identity/authenticate.ts); the `roles` claim is for the web's menus. They carry when the credentials
    // were last typed (`auth_time`) and how (`amr`, ADR 036), both kept on the code and the refresh token the
    // access token comes from: a staff role's grant needs a fresh sign-in (ADR 035), a client's case a second
    // factor, as an external provider's tokens say too. Each issue (the sign-in, then every refresh) notes the
    // grant's device for the profile's list: its user agent and last use.
    async extraTokenClaims(ctx, token) {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      if (token.grantId)
        await recordOidcDevice(db, {
          grantId: token.grantId,
          accountId: token.accountId,
          userAgent: (ctx?.get("user-agent") ?? "").slice(0, USER_AGENT_MAX),
          at: new Date(),
        });
      const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
      const authTime = code?.authTime ?? refresh?.authTime;
      const amr = code?.amr ?? refresh?.amr;
      return {
        roles: await listRoles(db, token.accountId),
        [GRANT_CLAIM]: token.grantId,
        ...(typeof authTime === "number" ? { auth_time: authTime } : {}),
        ...(amr ? { amr } : {}),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => identity.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== identity.audience) throw new errors.InvalidTarget();
          return {
            scope: "api",
            audience: identity.audience,
            accessTokenTTL: identity.accessTokenTtlSeconds,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Logging out needs no confirmation click: the page submits the provider's form by itself.
        logoutSource: async (ctx, form) =>
          page(
            ctx,
            "Uscita in corso",
            `<h1>Stai uscendo da Argine…</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Esci</button><script src="/v1/auth/logout.js"></script>`,
          ),
        postLogoutSuccessSource: async (ctx) =>
          page(
            ctx,
            "Sei uscita/o",
            `<h1>Sei uscita/o da Argine.</h1><p><a href="${publicUrl}/">Torna alla home</a></p>`,
          ),
      },
    },
    // First-party client: no consent screen. The grant covers what the web app asks for.
    async loadExistingGrant(ctx) {
      const { session, client, params } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const grant = grantId
        ? await ctx.oidc.provider.Grant.find(grantId)
        : new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      if (!grant) return undefined;
      grant.addOIDCScope(String(params?.scope ?? identity.scope));
      grant.addResourceScope(identity.audience, "api");
      await grant.save();
      return grant;
    },
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed("refresh_token");
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    routes: { authorization: AUTHORIZATION_ROUTE },
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: "lax", secure },
      short: { signed: true, httpOnly: true, sameSite: "lax", secure },
    },
    jwks: { keys: keys.jwks as NonNullable<Configuration["jwks"]>["keys"] },
    ttl: {
      AccessToken: identity.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: SESSION_TTL_SECONDS,
      Session: SESSION_TTL_SECONDS,
      RefreshToken: SESSION_TTL_SECONDS,
    },
    renderError: async (ctx, out, error) =>
      isDatabaseUnavailable(error)
        ? unavailable(ctx)
        : page(
            ctx,
            "Accesso non riuscito",
            `<h1>Non è stato possibile completare l'accesso.</h1><p>${escapeHtml(out.error_description ?? out.error)}</p><p><a href="${publicUrl}/account/login">Riprova ad accedere</a></p>`,
          ),
  };
  const provider = new Provider(identity.issuer, configuration);
  // JSON answers (the web's token calls): the error handler emits this after writing its answer, which is
  // replaced here before it leaves. Pages go through renderError above.
  provider.on("server_error", (ctx, error) => {
    if (isDatabaseUnavailable(error) && !ctx.response.is("html")) unavailable(ctx);
  });
  // Behind a TLS proxy the provider must see X-Forwarded-Proto (secure cookies); with a number of hops it
  // reads the client's address the way Fastify does (the provider only uses it for device info).
  provider.proxy = config.trustProxy !== false;
  if (typeof config.trustProxy === "number") provider.app.maxIpsCount = config.trustProxy;
  return provider;
}
