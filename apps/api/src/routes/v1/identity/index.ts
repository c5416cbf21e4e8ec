import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import { AUTH_CALLS as CALLS } from "@argine/core/identity/auth-calls";
import { MESSAGES } from "@argine/core/shared/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { now } from "../../../clock.ts";
import { callRoute } from "../../../http/call-route.ts";
import { signedCookiesKnown } from "../../../identity/embedded-identity.ts";
import { AUTHORIZATION_ROUTE } from "../../../identity/provider.ts";
import { secondFactorStep } from "../../../identity/second-factor.ts";
import {
  cookieValue,
  newTrustValue,
  TRUST_COOKIE,
  trustCookieHeader,
  trustedDevice,
} from "../../../identity/sign-in-guard.ts";
import { hasSecondFactor, signInWithSecondFactor } from "../../../users/second-factor-service.ts";
import { signInWithPassword, unlockSignIn } from "../../../users/sign-in-service.ts";

// Submits the provider's logout form, so signing out needs no extra click (CSP: a script file, not inline).
const LOGOUT_SCRIPT =
  'var f=document.getElementById("op.logoutForm");if(f){var i=document.createElement("input");i.type="hidden";i.name="logout";i.value="yes";f.appendChild(i);f.submit();}';

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app.deps.config;

  const doc = (summary: string) => ({ tags: ["identity"], summary, security: [] as [] });

  app.route({
    ...callRoute(CALLS.config, doc("Il provider OpenID con cui accede la web app")),
    handler: async () => ({
      issuer: identity.issuer,
      clientId: identity.clientId,
      audience: identity.audience,
      scope: identity.scope,
      embedded: identity.embedded,
      ...(identity.embedded ? { authorizationEndpoint: `${identity.issuer}${AUTHORIZATION_ROUTE}` } : {}),
      idleSignOutSeconds: identity.idleSignOutSeconds,
    }),
  });

  // The login step exists only for our own provider (mounted at /oidc by app.ts).
  const embedded = app.deps.identity;
  if (!embedded) return;
  const secure = app.deps.config.publicUrl.startsWith("https://");
  // The keys and the provider are read at each use: `npm run keys` may change them while the process runs
  // (identity/embedded-identity.ts). The newest key signs; any key loaded verifies.
  const newestKey = () => embedded.keys.cookieKeys[0] ?? "";

  // The trust cookie of a device that signed in to an account (ADR 035): any of the cookie keys verifies it,
  // the first signs a new one.
  const trustOf = (cookieHeader: string | undefined) => (userId: string | undefined) => {
    const value = cookieValue(cookieHeader, TRUST_COOKIE);
    for (const key of embedded.keys.cookieKeys) {
      const device = trustedDevice(key, value, userId);
      if (device) return device;
    }
    return null;
  };
  const trustThisDevice = (reply: { header(name: string, value: string): unknown }, userId: string) =>
    reply.header("set-cookie", trustCookieHeader(newTrustValue(newestKey(), userId), secure));

  // The CSRF token of a sign-in step: bound to its uid (itself bound to the interaction cookie).
  const csrfFor = (uid: string, key = newestKey()) =>
    createHmac("sha256", key).update(`csrf:${uid}`).digest("base64url");
  /** The step's CSRF token checked against every key: another process may have signed it with its newest. */
  const requireCsrf = async (uid: string, header: string) => {
    const given = Buffer.from(header);
    const matches = (keys: readonly string[]) =>
      keys.some((key) => {
        const expected = Buffer.from(csrfFor(uid, key));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    if (!(await embedded.verifyWithCurrentKeys((keys) => matches(keys.cookieKeys))))
      throw new AppError("FORBIDDEN");
  };
  // The proof that this step's password was right, for its second factor (ADR 036).
  const step = () => secondFactorStep(embedded.keys.cookieKeys);

  const details = async (
    request: { raw: import("node:http").IncomingMessage },
    reply: { raw: import("node:http").ServerResponse },
    uid: string,
  ) => {
    try {
      // The interaction cookie may be signed by a key another process has just loaded.
      await embedded.verifyWithCurrentKeys((keys) =>
        signedCookiesKnown(request.raw.headers.cookie, keys.cookieKeys),
      );
      const interaction = await embedded.provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid !== uid) throw new Error("uid mismatch");
      return interaction;
    } catch {
      throw new AppError("NOT_FOUND", MESSAGES.loginExpired);
    }
  };

  // Public: the provider's logout page loads it with no token.
  app.get("/auth/logout.js", { schema: { hide: true, security: [] } }, async (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(LOGOUT_SCRIPT),
  );

  app.route({
    ...callRoute(
      CALLS.interaction,
      doc("Il passo di accesso in corso (JSON), o il rimando alla pagina di accesso (browser)"),
    ),
    handler: async (request, reply) => {
      const { uid } = request.params;
      // The provider sends the browser here; the page that asks for the credentials is the web app's.
      if (!request.headers.accept?.includes("application/json")) {
        return reply.redirect(`/account/login?uid=${encodeURIComponent(uid)}`, 303);
      }
      const interaction = await details(request, reply, uid);
      const loginHint = interaction.params.login_hint;
      return {
        uid,
        prompt: interaction.prompt.name,
        csrfToken: csrfFor(uid),
        ...(typeof loginHint === "string" ? { loginHint } : {}),
      };
    },
  });

  app.route({
    ...callRoute(CALLS.login, doc("Accesso con email e password")),
    handler: async (request, reply) => {
      const { uid } = request.params;
      await requireCsrf(uid, request.headers["x-csrf-token"]);
      await details(request, reply, uid);

      const trusted = trustOf(request.headers.cookie);
      const { userId } = await signInWithPassword(app.deps, request.actor, {
        ...request.body,
        ip: request.ip,
        trustedDeviceOf: trusted,
      }).catch((error: unknown) => {
        const wait = (error as AppError).details as { retryAfterSeconds?: number } | undefined;
        if (error instanceof AppError && wait?.retryAfterSeconds)
          reply.header("retry-after", String(wait.retryAfterSeconds));
        throw error;
      });
      // An account with a second factor types its code next (ADR 036): the step stays open until then, and
      // the device becomes trusted only once the code is right.
      if (await hasSecondFactor(app.deps.db, userId))
        return { secondFactorToken: step().issue(uid, userId, now(app.deps.clock)) };
      // A device already trusted for this account keeps its cookie (and its own failures' count).
      if (!trusted(userId)) trustThisDevice(reply, userId);
      const redirectTo = await embedded.provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: userId, remember: true, amr: ["pwd"] } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  });

  // The code after the password (ADR 036): the same CSRF token and interaction cookie as the password's step,
  // and the token the password's answer gave, bound to this step's uid and account for a few minutes.
  // Any flood from one address is cut short (rate-limits/route-limits.ts); wrong codes are counted apart
  // (second-factor-service.ts).
  app.route({
    ...callRoute(CALLS.loginSecondFactor, doc("Il codice della verifica in due passaggi, dopo la password")),
    handler: async (request, reply) => {
      const { uid } = request.params;
      await requireCsrf(uid, request.headers["x-csrf-token"]);
      await details(request, reply, uid);
      const token = request.body.secondFactorToken;
      const at = now(app.deps.clock);
      await embedded.verifyWithCurrentKeys(() => step().accountOf(uid, token, at) !== null);
      const userId = step().accountOf(uid, token, at);
      if (!userId) throw new AppError("NOT_FOUND", MESSAGES.loginExpired);
      await signInWithSecondFactor(app.deps, { userId, code: request.body.code, ip: request.ip });
      if (!trustOf(request.headers.cookie)(userId)) trustThisDevice(reply, userId);
      const redirectTo = await embedded.provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: userId, remember: true, amr: ["pwd", "otp"] } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  });

  app.route({
    ...callRoute(CALLS.unlock, doc("Il link per email che toglie l'attesa dovuta ai tentativi sbagliati")),
    handler: async (request, reply) => {
      const { userId, message } = await unlockSignIn(app.deps, request.actor, request.body.token);
      // The browser that opened the owner's link becomes a known device of the account.
      trustThisDevice(reply, userId);
      return { message };
    },
  });
};
