import type { CallShape, CallStatus } from "@argine/core/shared/api-contract";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The OpenAPI words a route adds to its call: which group, what it does, and `security: []` if public. */
export interface RouteDoc {
  tags: string[];
  summary: string;
  security?: [];
}

type Present<C, K extends keyof CallShape, As extends string> = C extends { [P in K]: infer S }
  ? { [P in As]: S }
  : object;

/**
 * A route's method, URL and schema, taken from the call core declares (shared/api-contract.ts), so the route
 * and the web cannot disagree on a path, a body or an answer: `app.route({ ...callRoute(call, doc), handler })`.
 * A call declared with another success status answers with it: the handler only returns the body. (A
 * preHandler, because routes keep onRequest for their policy; an error still answers with its own status.)
 */
export function callRoute<const C extends CallShape>(call: C, doc: RouteDoc) {
  const { method, path, params, query, body, headers, response, status = 200 } = call;
  const schema = {
    ...doc,
    ...(params && { params }),
    ...(query && { querystring: query }),
    ...(body && { body }),
    ...(headers && { headers }),
    response: { [status]: response },
  };
  return {
    method,
    url: path,
    ...(status !== 200 && {
      preHandler: async (_request: FastifyRequest, reply: FastifyReply) => {
        reply.code(status);
      },
    }),
    schema: schema as RouteDoc &
      Present<C, "params", "params"> &
      Present<C, "query", "querystring"> &
      Present<C, "body", "body"> &
      Present<C, "headers", "headers"> & { response: { [S in CallStatus<C>]: C["response"] } },
  };
}
