import { BEARER_PROTOCOL_PREFIX } from "@argine/core/conversations/live-protocol";
import { AppError } from "@argine/core/errors/app-error";
import { type Actor, amrHasSecondFactor } from "@argine/core/identity/policy";
import { ROLES, type Role, rolesFromClaim } from "@argine/core/identity/roles";
import type { Db } from "@argine/db/client";
import { grantCaller } from "@argine/db/queries/oidc";
import { createUser, findUserByExternalSubject } from "@argine/db/queries/users";
import { isDatabaseUnavailable } from "@argine/db/unavailable";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from "jose";
import { type Clock, now } from "../clock.ts";
import type { Config } from "../config.ts";
import { authorizeAction } from "./authorize.ts";
import type { EmbeddedIdentity } from "./embedded-identity.ts";
import { type ProviderKeys, publicJwk } from "./keys.ts";
import { GRANT_CLAIM } from "./provider.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The verified caller, or null for an anonymous request. */
    actor: Actor | null;
    /** The embedded provider's grant the caller's token was issued under (null otherwise). */
    grantId: string | null;
    /** When the caller's token expires (null for an anonymous request): a live socket closes then. */
    tokenExpiresAt: Date | null;
    /** When the caller last typed their credentials (the token's `auth_time`), null when it does not say. */
    authTime: Date | null;
    /**
     * practice_lists_version as the caller's grant check read it, before anything the request reads after
     * (db queries/oidc.ts grantCaller): a list read under the same value is still what the database holds.
     * Null without the embedded provider.
     */
    listsVersion: string | null;
  }
}

type KeySource = {
  getKey: JWTVerifyGetKey;
  refresh(): Promise<void>;
  /** Changes when the keys a token is checked against change (a rotation, a retirement). */
  generation(): unknown;
};

/**
 * Our own provider's public keys, as the provider holds them (embedded-identity.ts): a key rotated or retired
 * by `npm run keys` counts here at once, and a token naming a key not loaded yet has the keys looked at again.
 */
function embeddedKeys(identity: EmbeddedIdentity): KeySource {
  const setOf = (keys: ProviderKeys) => createLocalJWKSet({ keys: keys.jwks.map(publicJwk) });
  let loaded = identity.keys;
  let set = setOf(loaded);
  return {
    getKey: (header, token) => {
      if (identity.keys !== loaded) {
        loaded = identity.keys;
        set = setOf(loaded);
      }
      return set(header, token);
    },
    refresh: async () => {
      await identity.verifyWithCurrentKeys(() => false);
    },
    generation: () => identity.keys,
  };
}

/** An external provider's keys through its discovery document and JWKS endpoint (cached by jose). */
function externalKeys(issuer: string): KeySource {
  let remote: JWTVerifyGetKey | null = null;
  return {
    getKey: async (header, token) => {
      if (!remote) {
        const res = await fetch(`${issuer}/.well-known/openid-configuration`);
        if (!res.ok) throw new AppError("SERVICE_UNAVAILABLE");
        const { jwks_uri } = (await res.json()) as { jwks_uri: string };
        remote = createRemoteJWKSet(new URL(jwks_uri));
      }
      return remote(header, token);
    },
    refresh: async () => {},
    // An external provider's keys are its own to rotate: a token it signed stays good until it expires.
    generation: () => null,
  };
}

/** How many verified tokens a process remembers (a few MB): more than the sessions active in a few minutes. */
const VERIFIED_TOKENS = 5_000;

const knownRoles = (claim: unknown): Role[] =>
  rolesFromClaim(claim).filter((r): r is Role => (ROLES as readonly string[]).includes(r));

/**
 * Verifies bearer tokens (signature through the issuer's keys, issuer, audience, expiry) and sets
 * `request.actor`. A request without a token stays anonymous; routes decide with `requireActor`. It takes
 * what it reads (a Deps fits): deps.ts names this folder's keys, so identity/ imports no Deps.
 */
export async function registerAuthentication(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Pick<Config, "identity">; identity: EmbeddedIdentity | null },
) {
  const { db, clock } = deps;
  const identity = deps.config.identity;
  const keys = deps.identity ? embeddedKeys(deps.identity) : externalKeys(identity.issuer);

  const verifySignature = async (token: string): Promise<JWTPayload> => {
    const options = { issuer: identity.issuer, audience: identity.audience };
    try {
      return (await jwtVerify(token, keys.getKey, options)).payload;
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      await keys.refresh();
      return (await jwtVerify(token, keys.getKey, options)).payload;
    }
  };
  // A token already verified is not verified again while it lasts: the signature's check was a list request's
  // largest part of the server's time (docs/performance.md). Only the same bytes hit, until their expiry, and
  // only under the keys that verified them; what a token was issued under is still read on every request.
  const verified = new Map<string, JWTPayload & { exp: number }>();
  let verifiedUnder = keys.generation();
  const verify = async (token: string): Promise<JWTPayload> => {
    if (keys.generation() !== verifiedUnder) {
      verified.clear();
      verifiedUnder = keys.generation();
    }
    const known = verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    verified.delete(token);
    const payload = await verifySignature(token);
    if (typeof payload.exp === "number") {
      // The oldest entry leaves first: Map keeps insertion order.
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value ?? "");
      verified.set(token, { ...payload, exp: payload.exp });
    }
    return payload;
  };

  const actorOf = async (payload: JWTPayload): Promise<{ actor: Actor; listsVersion: string | null }> => {
    const sub = payload.sub;
    if (!sub) throw new AppError("UNAUTHORIZED");
    // Signed in with a second factor: the embedded provider's `amr` (provider.ts), or an external one's.
    const secondFactor = amrHasSecondFactor(payload.amr);
    if (identity.embedded) {
      // A token outlives nothing it was issued under: sign-out, ending a device, a password reset or change
      // revoke the grant, an erasure the account. The roles are the database's now, not the token's: a role
      // taken away counts on the next request, even for a session that keeps its grant. One read.
      const grantId = payload[GRANT_CLAIM];
      const caller = typeof grantId === "string" ? await grantCaller(db, grantId, sub) : null;
      if (!caller) throw new AppError("UNAUTHORIZED");
      return { actor: { userId: sub, roles: caller.roles, secondFactor }, listsVersion: caller.listsVersion };
    }
    // An external provider's roles are its own: they come from its token's `roles` claim, and a change there
    // counts when it issues the next token. Its user gets a local account on first sight, keyed by issuer and
    // subject.
    const roles = knownRoles(payload.roles);
    const subject = `${identity.issuer}|${sub}`;
    let user = await findUserByExternalSubject(db, subject);
    if (!user) {
      const claims = payload as { email?: string; given_name?: string; family_name?: string };
      await createUser(db, {
        email: claims.email ?? `${sub}@external.invalid`,
        name: claims.given_name ?? "",
        lastname: claims.family_name ?? "",
        privacyConsent: true,
        marketingConsent: false,
        externalSubject: subject,
        emailVerifiedAt: now(clock),
      });
      user = await findUserByExternalSubject(db, subject);
    }
    if (!user) throw new AppError("CONFLICT");
    return { actor: { userId: user.id, roles, secondFactor }, listsVersion: null };
  };

  app.decorateRequest("actor", null);
  app.decorateRequest("grantId", null);
  app.decorateRequest("tokenExpiresAt", null);
  app.decorateRequest("authTime", null);
  app.decorateRequest("listsVersion", null);
  const authenticate = async (request: FastifyRequest, token: string) => {
    try {
      const payload = await verify(token);
      const caller = await actorOf(payload);
      request.actor = caller.actor;
      request.listsVersion = caller.listsVersion;
      if (identity.embedded) request.grantId = String(payload[GRANT_CLAIM]);
      if (payload.exp) request.tokenExpiresAt = new Date(payload.exp * 1000);
      if (typeof payload.auth_time === "number") request.authTime = new Date(payload.auth_time * 1000);
    } catch (error) {
      if (error instanceof AppError && error.status >= 500) throw error;
      // A database that does not answer says nothing about the token: "sign in again" would be untrue.
      if (isDatabaseUnavailable(error)) throw new AppError("SERVICE_UNAVAILABLE");
      throw new AppError("UNAUTHORIZED");
    }
  };
  // Every route but those declared public (`security: []`, docs/architecture.md "A request") wants a caller:
  // an anonymous one is answered 401 here, before the body is read, checked or validated. A callback hook,
  // not an async one: a call without a token (the public pages' reads) goes on in the same turn, without a
  // promise of its own (ADR 045, the per-request hooks).
  app.addHook("onRequest", (request, _reply, done) => {
    const token = bearerToken(request);
    if (token === undefined) return done(isPublicRoute(request) ? undefined : new AppError("UNAUTHORIZED"));
    if (!token) return done(new AppError("UNAUTHORIZED"));
    authenticate(request, token).then(() => done(), done);
  });
}

/**
 * The request's bearer token: the Authorization header's, or, on a WebSocket upgrade (which a browser cannot
 * give that header), the `bearer.<jwt>` subprotocol's (ADR 030). Undefined without one; "" for a malformed one.
 */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, token] = header.split(" ");
    return scheme?.toLowerCase() === "bearer" && token ? token : "";
  }
  return offeredProtocol(request, BEARER_PROTOCOL_PREFIX);
}

/**
 * On a WebSocket upgrade, what the subprotocol starting with `prefix` carries (`bearer.<jwt>`,
 * `support.<token>`): a browser's socket cannot send headers, and a URL would be logged by proxies.
 */
export function offeredProtocol(request: FastifyRequest, prefix: string): string | undefined {
  if (request.headers.upgrade?.toLowerCase() !== "websocket") return undefined;
  const offered = request.headers["sec-websocket-protocol"]?.split(",").map((protocol) => protocol.trim());
  return offered?.find((protocol) => protocol.startsWith(prefix))?.slice(prefix.length);
}

/** A route whose OpenAPI document says it needs no token (`security: []`). */
function isPublicRoute(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: unknown } | undefined)?.security;
  return Array.isArray(security) && security.length === 0;
}

/** The signed-in caller, or 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError("UNAUTHORIZED");
  return request.actor;
}

/**
 * An onRequest hook for routes reserved by a policy: 401 without a session, 403 unless `allowed`. It runs
 * before the body is parsed, so a refused caller learns nothing about the route's schema.
 */
export function only(allowed: (actor: Actor) => boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    authorizeAction(allowed(requireActor(request)));
  };
}
