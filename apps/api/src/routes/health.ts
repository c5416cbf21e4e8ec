import type { Db } from "@argine/db/client";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export interface Readiness {
  /** False from the moment shutdown begins, so a load balancer stops sending traffic at once. */
  ready: boolean;
}

/** How long readiness waits for the database before calling it unreachable. */
const DATABASE_CHECK_MS = 2_000;

/** Whether the database answers a trivial query in time. */
async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (`/healthz`): the process answers, nothing more, so a database outage never gets it restarted.
 * Readiness (`/readyz`): it should get traffic: not while shutting down, nor while its database does not
 * answer (the proxy then sends the requests to another process). An optional dependency out (Redis, ADR 032)
 * leaves it ready, since it does without: the body names it.
 */
export async function healthRoutes(
  app: FastifyInstance,
  {
    readiness,
    db,
    degraded = () => [],
  }: {
    readiness: Readiness;
    db: Db;
    /** The optional dependencies out now (the limits' Redis), for the body. */
    degraded?: () => readonly string[];
  },
) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    if (!readiness.ready) return reply.status(503).send({ status: "shutting-down" });
    if (!(await databaseAnswers(db))) return reply.status(503).send({ status: "database-unreachable" });
    const out = degraded();
    return out.length > 0 ? { status: "ready", degraded: out } : { status: "ready" };
  });
}
