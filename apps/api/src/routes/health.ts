import type { FastifyInstance } from "fastify";

export interface Readiness {
  /** False from the moment shutdown begins, so a load balancer stops sending traffic at once. */
  ready: boolean;
}

export async function healthRoutes(app: FastifyInstance, { readiness }: { readiness: Readiness }) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) =>
    readiness.ready ? { status: "ready" } : reply.status(503).send({ status: "shutting-down" }),
  );
}
