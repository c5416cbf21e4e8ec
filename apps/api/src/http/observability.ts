import type { FastifyInstance } from "fastify";
import { logContext, withLogContext } from "../log-context.ts";
import { type Metrics, UNMATCHED_ROUTE } from "../metrics/metrics.ts";

/**
 * What every request leaves behind besides its answer: its id on every log line written while it runs,
 * whoever writes it (log-context.ts), and its count and duration by route. Registered first, so every
 * other hook runs inside the request's log context.
 */
export function registerObservability(app: FastifyInstance, metrics: Metrics): void {
  // request.log carries the id already: the mixin leaves it out there, so no line has it twice.
  app.addHook("onRequest", (request, _reply, done) => {
    withLogContext({ reqId: request.id }, () => done(), request.log);
  });
  // The body arrives on the request stream's events, which Node may run outside the context entered above
  // (as @fastify/request-context guards against too): entered again for the validation and the handler,
  // when it was lost (a request without a body is still in it).
  app.addHook("preValidation", (request, _reply, done) => {
    if (logContext()?.reqId === request.id) return done();
    withLogContext({ reqId: request.id }, () => done(), request.log);
  });
  // The route's pattern (/v1/practices/:id), never the URL: no id or token becomes a label, and the series
  // stay as few as the routes.
  app.addHook("onResponse", (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE };
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
