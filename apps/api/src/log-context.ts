import { AsyncLocalStorage } from "node:async_hooks";

// What a log line says it was written for: the request (its id, as the x-request-id header and the error
// body carry it) or the job. Set once where the work starts (app.ts's hooks, the job queue's loop), read by
// pino's mixin (http/logging.ts), so every logger writes it — app.log, a service's, the job code a request
// calls — without being handed it. Imports nothing of the app: every layer may use it.

export interface LogContext {
  reqId?: string;
  jobId?: string;
  queue?: string;
}

interface Scope {
  fields: LogContext;
  /** A logger that already carries the fields as its bindings (Fastify's request.log): not written twice. */
  bound?: object;
}

const storage = new AsyncLocalStorage<Scope>();

/** Runs `fn` (and everything it starts) with `fields` on every log line written meanwhile. */
export function withLogContext<T>(fields: LogContext, fn: () => T, bound?: object): T {
  return storage.run(bound ? { fields, bound } : { fields }, fn);
}

/** The fields of the request or job running now, if any. */
export function logContext(): LogContext | undefined {
  return storage.getStore()?.fields;
}

/**
 * pino's `mixin`: the current request's or job's fields, unless the logger writing already has them. A new
 * object each time: pino merges the line's own fields into it.
 */
export function logContextMixin(_merge: object, _level: number, logger?: object): LogContext {
  const scope = storage.getStore();
  if (!scope || (scope.bound !== undefined && scope.bound === logger)) return {};
  return { ...scope.fields };
}
