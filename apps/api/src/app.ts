import type { IncomingMessage, ServerResponse } from "node:http";
import {
  LIVE_CLOSE,
  LIVE_FRAME_MAX_BYTES,
  LIVE_PATH,
  LIVE_PROTOCOL,
} from "@argine/core/conversations/live-protocol";
import { AppError } from "@argine/core/errors/app-error";
import { API_PREFIX } from "@argine/core/shared/api-contract";
import type { DbHandle } from "@argine/db/client";
import { isDatabaseUnavailable } from "@argine/db/unavailable";
import middie from "@fastify/middie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type Provider from "oidc-provider";
import { createAdapters } from "./adapters.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { liveSocketErrors } from "./conversations/socket-errors.ts";
import type { Adapters, Deps } from "./deps.ts";
import {
  clientErrorHandler,
  errorBody,
  frameworkErrorHandler,
  refuseControlCharacters,
  registerErrorHandler,
} from "./http/errors.ts";
import { registerJsonBodyParser } from "./http/json-body.ts";
import { loggableError, loggerOptions } from "./http/logging.ts";
import { registerObservability } from "./http/observability.ts";
import { proxyTrust, requestIds } from "./http/request-id.ts";
import { registerSecurity, securityHeaders } from "./http/security.ts";
import { registerAuthentication } from "./identity/authenticate.ts";
import { signedCookiesKnown } from "./identity/embedded-identity.ts";
import { hashLegacyDocumentLinks } from "./invoice/invoice-service.ts";
import { applyRouteLimits } from "./rate-limits/apply-route-limits.ts";
import { healthRoutes, type Readiness } from "./routes/health.ts";
import { auditAdminRoutes } from "./routes/v1/audit/index.ts";
import { catalogueAdminRoutes } from "./routes/v1/catalogue/admin.ts";
import { catalogueRoutes } from "./routes/v1/catalogue/index.ts";
import { consultationAdminRoutes } from "./routes/v1/consultation/admin.ts";
import { consultationRoutes } from "./routes/v1/consultation/index.ts";
import { liveRoutes } from "./routes/v1/conversations/live.ts";
import { devMailboxRoutes } from "./routes/v1/dev/mailbox.ts";
import { diaryRoutes } from "./routes/v1/diary/index.ts";
import { feedbackRoutes } from "./routes/v1/feedback/index.ts";
import { identityRoutes } from "./routes/v1/identity/index.ts";
import { invoiceAdminRoutes } from "./routes/v1/invoice/admin.ts";
import { invoiceRoutes } from "./routes/v1/invoice/index.ts";
import { jobsAdminRoutes } from "./routes/v1/jobs/admin.ts";
import { legalizationRoutes } from "./routes/v1/legalization/index.ts";
import { orderRoutes } from "./routes/v1/orders/index.ts";
import { outreachRoutes } from "./routes/v1/outreach/index.ts";
import { paymentsRoutes } from "./routes/v1/payments/index.ts";
import { sandboxRoutes } from "./routes/v1/payments/sandbox.ts";
import { practiceRoutes } from "./routes/v1/practices/index.ts";
import { reminderRoutes } from "./routes/v1/reminders/index.ts";
import { retentionRoutes } from "./routes/v1/retention/index.ts";
import { serviceRoutes } from "./routes/v1/services/index.ts";
import { STORAGE_TOKEN_MAX_LENGTH, storageRoutes } from "./routes/v1/storage/index.ts";
import { supportRoutes } from "./routes/v1/support/index.ts";
import { takedownRoutes } from "./routes/v1/takedown/index.ts";
import { userAdminRoutes } from "./routes/v1/users/admin.ts";
import { userRoutes } from "./routes/v1/users/index.ts";
import { ownDataRoutes } from "./routes/v1/users/own-data.ts";
import { paymentWebhookRoutes } from "./routes/webhooks/payments.ts";
import { isDiskStorage } from "./storage/disk-storage.ts";
import { shareTargetRoutes } from "./web/share-target.ts";
import { loadWebBuild, serveWeb } from "./web/static.ts";
import { startWorkers } from "./workers.ts";

export interface AppDeps {
  config: Config;
  handle: DbHandle;
  /** The system clock unless a test brings one it can move (pg-boss's TestClock). */
  clock?: Clock;
  readiness?: Readiness;
  logger?: FastifyServerOptions["logger"];
  /** A logger made before the app (main.ts logs the start with it), instead of `logger`'s options. */
  loggerInstance?: FastifyBaseLogger;
  /** Replaces any adapter createAdapters would build (tests: a memory mailer, a failing SMTP…). */
  adapters?: Partial<Adapters>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** What routes hand to the services (deps.ts). */
    deps: Deps;
  }
}

/** Builds the whole HTTP application without listening: the server (main.ts) and tests share it. */
export async function buildApp({
  config,
  handle,
  clock = systemClock,
  readiness = { ready: true },
  logger,
  loggerInstance,
  adapters: overrides,
}: AppDeps): Promise<FastifyInstance> {
  const { db } = handle;
  const deps: Deps = { config, db, clock, ...(await createAdapters(config, handle, clock, overrides)) };
  // The proxies trusted with the client's address are the ones trusted with the request's id.
  const trust = proxyTrust(config.trustProxy);
  // Every answer's security headers, also those given before any hook runs (http/security.ts).
  const headers = securityHeaders(config, deps.csp);
  const app: FastifyInstance = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? loggerOptions(config.logLevel) }),
    // A new UUID, or a trusted proxy's x-request-id (http/request-id.ts).
    genReqId: requestIds(trust),
    requestIdHeader: false,
    trustProxy: trust,
    // What a route outside the limits' table reads; every /v1 write has its own (rate-limits/route-limits.ts).
    bodyLimit: 1024 * 1024,
    // A storage link's token is one path parameter of up to ~2 KB (routes/v1/storage/); each route's schema
    // still bounds its own parameters.
    routerOptions: { maxParamLength: STORAGE_TOKEN_MAX_LENGTH },
    // A client that sends its request a byte at a time must not hold a connection for ever: the whole
    // request (headers within 10 s) has to arrive within REQUEST_TIMEOUT_MS, and a socket silent for a
    // minute is closed. Node checks the deadlines every second (its default is every 30 s).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 60_000,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(10_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
      // Node would answer an HTTP/1.1 request without Host itself, a bare 400: a hook below refuses it.
      requireHostHeader: false,
    },
    // Keep-alive sockets idle at shutdown are closed at once; busy ones finish their request.
    forceCloseConnections: "idle",
    // What Fastify and Node refuse before any hook runs gets the one error shape and the headers too
    // (http/errors.ts): a path that cannot be decoded or is too long, bytes Node's parser refuses.
    frameworkErrors: frameworkErrorHandler(headers.api, deps.metrics),
    clientErrorHandler: clientErrorHandler(headers.api, () => app.log, deps.metrics),
    // Fastify's own 503 during shutdown is English and bare: the hook below answers it instead.
    return503OnClosing: false,
  });
  // Node answers an Expect other than 100-continue with a bare 417; HTTP lets a server ignore it (RFC 9110,
  // 10.1.1), so the request is routed like any other.
  app.server.on("checkExpectation", app.routing);
  app.decorate("deps", deps);
  registerObservability(app, deps.metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Responses finishing during shutdown close their socket, so a keep-alive client (the proxy) cannot hold
  // the exit, and its next request opens a connection that another process takes.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    // A refused WebSocket upgrade's connection was taken from the HTTP server: it cannot serve another request.
    // From the moment a stop begins (readiness false: main.ts drains before it closes), not only at the close.
    if (closing || !readiness.ready || request.headers.upgrade) reply.header("connection", "close");
    done(null, payload);
  });
  registerErrorHandler(app, deps.metrics);
  registerJsonBodyParser(app);
  // Jobs are worked by every process (pg-boss shares them out between replicas) and survive restarts.
  app.addHook("onReady", () => startWorkers(deps, app.log));
  // Documents issued while their links were stored in clear get their derived link's hash (ADR 023).
  app.addHook("onReady", async () => {
    const hashed = await hashLegacyDocumentLinks(deps);
    if (hashed) app.log.info({ documents: hashed }, "links of earlier money documents hashed");
  });
  // Half the shutdown deadline: a mail in flight may finish, and the database still closes in time after.
  app.addHook("onClose", () => deps.jobs.stop(config.shutdownTimeoutMs / 2));
  app.addHook("onClose", () => deps.fanOut.close());
  app.addHook("onClose", () => deps.rateLimits.close());

  if (deps.payments.name === "none")
    app.log.warn("no card payment provider is configured: card payments are refused");
  const web = loadWebBuild(config.webDir);
  if (!web) app.log.warn("web build not found: run `npm run build` to serve the site");
  await registerSecurity(app, config, headers);
  // After the headers' hook, so that these refusals carry them (Fastify's and Node's own, switched off
  // above, had neither the headers nor the error shape).
  // A request that reaches a stopping process (on a keep-alive connection the proxy had open) is served:
  // the database and the queue close only after the last one (main.ts); refused, a POST would be lost, as
  // the proxy never sends one again.
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.raw.httpVersion === "1.1" && !request.headers.host) return done(new AppError("BAD_REQUEST"));
    done();
  });
  await app.register(rateLimit, { global: false, ...deps.rateLimits.pluginOptions });
  // Every route's request limits and body limit, from the one table (rate-limits/route-limits.ts), hung on each
  // route as it is registered: before any route, after the plugin whose store counts them.
  applyRouteLimits(app);
  // Before every route, so that an upgrade to any other path is refused. The socket speaks our one
  // subprotocol (the bearer one only carries the token), and a frame longer than a message allows is refused.
  await app.register(websocket, {
    options: {
      maxPayload: LIVE_FRAME_MAX_BYTES,
      handleProtocols: (offered) => (offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
    },
    // A client's refused frame is a warning, a few a minute at most (conversations/socket-errors.ts).
    errorHandler: liveSocketErrors(clock),
    // A stopping process says it is going away (1001, the live protocol's restart): the tab opens a new
    // socket at once, on another process, and catches up (the plugin's own close sends no code).
    preClose(this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients) client.close(LIVE_CLOSE.goingAway, "restarting");
      this.websocketServer.close(() => done());
    },
  });
  // The plugin switches protocols on any route and then closes the socket: an upgrade anywhere but the live
  // socket is answered 404 before the switch instead.
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.ws && request.routeOptions.url !== `${API_PREFIX}${LIVE_PATH}`)
      return done(new AppError("NOT_FOUND"));
    done();
  });
  // The API reference (API_DOCS, off by default in production): a map of every call for whoever asks.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Argine API",
          version: "1.0.0",
          description:
            "API di Argine. Gli errori hanno sempre il corpo { code, message, details?, requestId }.",
        },
        components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    // No policy of its own (the plugin's `staticCSP` allowed any https: style and font, framing by us, a
    // base URL): the reader needs nothing the app's policy refuses, so it gets that one.
    await app.register(swaggerUi, { routePrefix: "/v1/docs", uiConfig: { validatorUrl: null } });
    app.get("/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  }

  await app.register(healthRoutes, { readiness, db, degraded: () => deps.rateLimits.degraded() });

  // The embedded OpenID provider, unless an external one is configured (then we only verify its tokens).
  const identity = deps.identity;
  if (identity) {
    let serve = wireProvider(app, identity.provider);
    // Keys rotated by `npm run keys` make a new provider (identity/embedded-identity.ts): mounted at once.
    identity.onProvider((next) => {
      serve = wireProvider(app, next);
      app.log.info("the provider's keys changed: signing with the newest");
    });
    await app.register(middie);
    const documentHeaders = Object.entries(headers.document);
    app.use("/oidc", (request: IncomingMessage, response: ServerResponse) => {
      // Its Koa app writes on the raw response, where Fastify's onSend hook never runs (http/security.ts);
      // what it sets itself wins.
      for (const [name, value] of documentHeaders) response.setHeader(name, value);
      // A cookie signed by a key another process has just loaded: this one loads it before the provider
      // reads the cookie, which it would otherwise take for a forgery (the sign-in would start over).
      void identity
        .verifyWithCurrentKeys((keys) => signedCookiesKnown(request.headers.cookie, keys.cookieKeys))
        .catch(() => false)
        .then(() => serve(request, response));
    });
  }

  await app.register(
    async (v1) => {
      v1.addHook("preValidation", refuseControlCharacters);
      await registerAuthentication(v1, deps);
      await v1.register(catalogueRoutes);
      await v1.register(identityRoutes);
      await v1.register(userRoutes);
      await v1.register(userAdminRoutes);
      await v1.register(ownDataRoutes);
      await v1.register(feedbackRoutes);
      await v1.register(practiceRoutes);
      await v1.register(liveRoutes);
      await v1.register(supportRoutes);
      await v1.register(consultationRoutes);
      await v1.register(consultationAdminRoutes);
      await v1.register(orderRoutes);
      await v1.register(invoiceRoutes);
      await v1.register(serviceRoutes);
      await v1.register(paymentsRoutes);
      await v1.register(paymentWebhookRoutes);
      await v1.register(catalogueAdminRoutes);
      await v1.register(outreachRoutes);
      await v1.register(jobsAdminRoutes);
      await v1.register(invoiceAdminRoutes);
      await v1.register(auditAdminRoutes);
      await v1.register(devMailboxRoutes);
      await v1.register(takedownRoutes);
      await v1.register(reminderRoutes);
      await v1.register(retentionRoutes);
      await v1.register(legalizationRoutes);
      await v1.register(diaryRoutes);
      // The sandbox's card form and 3-D Secure challenge exist only while it is the provider.
      if (deps.payments.name === "sandbox") await v1.register(sandboxRoutes);
      // The disk storage's signed URLs are ours to answer; S3's are answered by the bucket.
      if (isDiskStorage(deps.storage)) await v1.register(storageRoutes(deps.storage));
    },
    { prefix: "/v1" },
  );

  // The build holds .br/.gz copies of its text files (apps/web/scripts/compress-build.ts).
  // The diary's share target, when a phone's POST reaches the server before its service worker does.
  await app.register(shareTargetRoutes);
  if (web) await app.register(fastifyStatic, { root: web.dir, serve: false, preCompressed: true });
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") && !/^\/(v1|oidc)(\/|$|\?)/.test(request.url);
    if (isPage) return serveWeb(web, request, reply, headers.document);
    const error = new AppError("NOT_FOUND");
    deps.metrics.errors.inc({ code: error.code });
    return reply.status(error.status).send(errorBody(error, request));
  });
  return app;
}

/** The provider's logged events, and its request handler (`callback()` composes its middleware once). */
function wireProvider(app: FastifyInstance, provider: Provider) {
  // A database outage is answered 503 by the provider (provider.ts) and is an outage, not a bug.
  provider.on("server_error", (_ctx, error) =>
    isDatabaseUnavailable(error)
      ? app.log.warn({ err: loggableError(error) }, "oidc provider: database unavailable")
      : app.log.error({ err: error }, "oidc provider error"),
  );
  // A refused renewal signs a tab out: why (its detail, never the token) is what an operator asks first.
  provider.on("grant.error", (_ctx, error) => {
    const { error: code, error_detail: detail } = error as { error?: string; error_detail?: string };
    app.log.info({ code, detail }, "oidc token refused");
  });
  return provider.callback();
}
