import type { CallShape, CallStatus } from "@argine/core/shared/api-contract";

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
    schema: schema as RouteDoc &
      Present<C, "params", "params"> &
      Present<C, "query", "querystring"> &
      Present<C, "body", "body"> &
      Present<C, "headers", "headers"> & { response: { [S in CallStatus<C>]: C["response"] } },
  };
}
