import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import { AUTH_CALLS as CALLS } from "@argine/core/identity/auth-calls";
import { MESSAGES } from "@argine/core/shared/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { signInWithPassword } from "../../../users/sign-in-service.ts";

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
      idleSignOutSeconds: identity.idleSignOutSeconds,
    }),
  });

  // The login step exists only for our own provider (mounted at /oidc by app.ts).
  const embedded = app.deps.identity;
  if (!embedded) return;
  const { provider } = embedded;
  const cookieSecret = embedded.keys.cookieKeys[0] ?? "";

  // The CSRF token of a sign-in step: bound to its uid (itself bound to the interaction cookie).
  const csrfFor = (uid: string) =>
    createHmac("sha256", cookieSecret).update(`csrf:${uid}`).digest("base64url");

  const details = async (
    request: { raw: import("node:http").IncomingMessage },
    reply: { raw: import("node:http").ServerResponse },
    uid: string,
  ) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
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
      const expected = Buffer.from(csrfFor(uid));
      const given = Buffer.from(request.headers["x-csrf-token"]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new AppError("FORBIDDEN");
      await details(request, reply, uid);

      const { userId } = await signInWithPassword(app.deps, request.actor, {
        ...request.body,
        ip: request.ip,
      });
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: userId, remember: true } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  });
};
