import type { z } from "zod";

// Each API call is declared once (ADR 013), in two halves that the compiler ties together by name:
// - `<domain>-routes.ts`: its method, path and success status, plain data with the schemas as types only, so
//   the web's bundles carry no schema (the public pages' first load stays free of the validation library);
// - `<domain>-calls.ts`: its request and response schemas, joined to the routes for the API
//   (apps/api/src/http/call-route.ts takes each route's path and schema from it).
// The web calls a route through `call` (apps/web/app/shared/http/call.ts), typed by the schemas: a change
// to a schema reaches both typechecks.

/** Every call's path is under this prefix (the API registers its routes under it). */
export const API_PREFIX = "/v1";

export type CallMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteShape {
  method: CallMethod;
  /** Relative to API_PREFIX, parameters written `:name` (Fastify's syntax; OpenAPI shows `{name}`). */
  path: string;
  /** The success status; 200 unless told. */
  status?: 200 | 201 | 202 | 204;
}

export interface SchemaShape {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route requires (e.g. a CSRF token). */
  headers?: z.ZodType;
  response: z.ZodType;
}

/** A route as the web holds it: its schemas are a type only (never set at run time). */
export type Route<R extends RouteShape = RouteShape, S extends SchemaShape = SchemaShape> = R & {
  readonly schemas?: S;
};

/** A call as the API holds it: the route and its schemas. */
export type CallShape = RouteShape & SchemaShape;

/** The `:name` parameters of a path, as a union of names. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type ParamsKeys<S extends SchemaShape> = S extends { params: infer Z extends z.ZodType }
  ? Extract<keyof z.input<Z>, string>
  : never;
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A route whose path names other parameters than its params schema must have an `error` it cannot have. */
type CheckedRoute<R extends RouteShape, S extends SchemaShape> =
  SameNames<PathParams<R["path"]>, ParamsKeys<S>> extends true
    ? R
    : {
        error: `the path's :parameters must be the params schema's keys: ${[ParamsKeys<S>] extends [never] ? "none" : ParamsKeys<S>}`;
      };

/**
 * Declares a domain's routes, one per entry of its schemas (`S`, from `<domain>-calls.ts` as a type):
 * `defineRoutes<PracticeCallSchemas>()({ detail: { method: "GET", path: "/practices/:id" }, … })`. A path
 * whose `:params` differ from the call's params schema does not compile.
 */
export const defineRoutes =
  <S extends Record<string, SchemaShape>>() =>
  <const R extends { [K in keyof S]: RouteShape }>(
    routes: R & { [K in keyof S]: CheckedRoute<R[K], S[K]> },
  ) =>
    routes as { [K in keyof S]: Route<R[K], S[K]> };

/** The API's calls: each route with its schemas. */
export function joinCalls<
  S extends Record<string, SchemaShape>,
  R extends { [K in keyof S]: Route<RouteShape, S[K]> },
>(routes: R, schemas: S): { [K in keyof S]: R[K] & S[K] } {
  const entries = Object.keys(schemas).map((name) => [name, { ...routes[name], ...schemas[name] }]);
  return Object.fromEntries(entries) as { [K in keyof S]: R[K] & S[K] };
}

type SchemasOf<C> = C extends { schemas?: infer S } ? Exclude<S, undefined> : C;
type SchemaOf<C, K extends keyof SchemaShape> =
  SchemasOf<C> extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What the call answers with on success. */
export type CallResponse<C extends Route> = z.output<SchemaOf<C, "response">>;
/** The path parameters the caller fills in. */
export type CallParams<C extends Route> = z.input<SchemaOf<C, "params">>;
/** What the caller sends as the body. */
export type CallBody<C extends Route> = z.input<SchemaOf<C, "body">>;
/** Whether the call has path parameters, a body. */
export type HasParams<C extends Route> = [SchemaOf<C, "params">] extends [never] ? false : true;
export type HasBody<C extends Route> = [SchemaOf<C, "body">] extends [never] ? false : true;
/**
 * The query string the caller may send: the schema's keys, each value written out as text (the API coerces
 * it), so a screen keeps passing numbers and booleans.
 */
export type CallQuery<C extends Route> = {
  [K in keyof z.input<SchemaOf<C, "query">>]?: string | number | boolean | null;
};
export type CallStatus<C extends RouteShape> = C extends { status: infer S extends number } ? S : 200;

/** The path with its `:name` parameters filled in (each encoded), under API_PREFIX. */
export function callPath(route: RouteShape, params: Record<string, string | number> = {}): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}`;
}
