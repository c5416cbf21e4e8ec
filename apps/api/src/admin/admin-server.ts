import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@argine/core/errors/app-error";
import type { Db } from "@argine/db/client";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import type { AdminConfig } from "../config.ts";
import { errorBody, registerErrorHandler } from "../http/errors.ts";
import { proxyTrust, requestIds } from "../http/request-id.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { healthRoutes, type Readiness } from "../routes/health.ts";

// The admin server: a small Fastify instance of its own on ADMIN_HOST:ADMIN_PORT (loopback by default), a
// port the public proxy never forwards, for the operators' tools (Prometheus' scrape, a backup). Every call
// carries METRICS_TOKEN as a bearer token; nothing of the public app (its routes, CORS, sessions) is here.

/** Admin routes of another domain, registered behind the token: `(admin) => backupRoutes(admin, {…})`. */
export type AdminPlugin = (admin: FastifyInstance) => Promise<void>;

export interface AdminServerOptions {
  config: AdminConfig;
  metrics: Metrics;
  /** More admin routes (backup/backup-routes.ts `POST /backup`…), each behind the same token check. */
  plugins?: AdminPlugin[];
  /** The app's logger (main.ts); none by default. */
  log?: FastifyBaseLogger;
  /**
   * `/healthz` and `/readyz` as the app answers them, without the token (they say nothing but up or not):
   * the port a supervisor probes, which answers from the process's first moment (main.ts), while the
   * public port opens only once the app serves.
   */
  probes?: { readiness: Readiness; db: Db; degraded?: () => readonly string[] };
}

/** The probes, the one thing the admin port answers without the token. */
const PROBES = ["/healthz", "/readyz"];

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Refuses every request without `Authorization: Bearer <token>` with a 401 (the one error body), before any
 * route, its body or a 404 says anything. The digests are of equal length and compared in constant time: the token leaks
 * nothing through timing.
 */
export function requireBearer(app: FastifyInstance, token: string, open: readonly string[] = []): void {
  const expected = digest(token);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" && open.includes(request.url)) return;
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (given && timingSafeEqual(digest(given), expected)) return;
    // Answered here: the route never runs.
    const error = new AppError("UNAUTHORIZED");
    return reply.status(error.status).header("www-authenticate", "Bearer").send(errorBody(error, request));
  });
}

/** GET /metrics: the app's series and the process's, in Prometheus' text format. */
export async function metricsRoutes(app: FastifyInstance, { metrics }: { metrics: Metrics }): Promise<void> {
  app.get("/metrics", async (_request, reply) => {
    const text = await metrics.text();
    return reply.header("content-type", metrics.contentType).header("cache-control", "no-store").send(text);
  });
}

/** The admin server's routes behind its token, without listening (main.ts listens; tests inject). */
export async function buildAdminServer({
  config,
  metrics,
  plugins = [],
  log,
  probes,
}: AdminServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(log ? { loggerInstance: log } : { logger: false }),
    // A scrape every few seconds is no news: only failures are logged.
    logController: new LogController({ disableRequestLogging: true }),
    // No proxy speaks for the operators' tools: the ids are ours.
    genReqId: requestIds(proxyTrust(false)),
    requestIdHeader: false,
  });
  registerErrorHandler(app);
  requireBearer(app, config.metricsToken, probes ? PROBES : []);
  if (probes) await app.register(healthRoutes, probes);
  await app.register(metricsRoutes, { metrics });
  for (const plugin of plugins) await app.register(plugin);
  return app;
}

/** Builds the admin server and listens on its host and port; closed by its owner (main.ts's shutdown). */
export async function startAdminServer(options: AdminServerOptions): Promise<FastifyInstance> {
  const app = await buildAdminServer(options);
  await app.listen({ port: options.config.port, host: options.config.host });
  return app;
}
