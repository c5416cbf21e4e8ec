import type { z } from "zod";

// Each API call is declared once (issue 14): its method, path, request schemas and response schema. The API
// route takes its path and schema from the declaration (apps/api/src/http/call-route.ts) and the web calls it
// through `call` (apps/web/app/features/http/call.ts), so a change here reaches both typechecks.

/** Every call's path is under this prefix (the API registers its routes under it). */
export const API_PREFIX = "/v1";

export type CallMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface CallShape {
  method: CallMethod;
  /** Relative to API_PREFIX, parameters written `:name` (Fastify's syntax; OpenAPI shows `{name}`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route requires (e.g. a CSRF token). */
  headers?: z.ZodType;
  response: z.ZodType;
  /** The success status; 200 unless told. */
  status?: 200 | 201 | 202 | 204;
}

/** Declares a call; `const` keeps its literal method, path and status for the types below. */
export const defineCall = <const C extends CallShape>(call: C): C => call;

type SchemaOf<C, K extends keyof CallShape> = C extends { [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What the call answers with on success. */
export type CallResponse<C extends CallShape> = z.output<C["response"]>;
/** The path parameters the caller fills in. */
export type CallParams<C extends CallShape> = z.input<Exclude<SchemaOf<C, "params">, undefined>>;
/** What the caller sends as the body. */
export type CallBody<C extends CallShape> = z.input<Exclude<SchemaOf<C, "body">, undefined>>;
/**
 * The query string the caller may send: the schema's keys, each value written out as text (the API coerces
 * it), so a screen keeps passing numbers and booleans.
 */
export type CallQuery<C extends CallShape> = {
  [K in keyof z.input<Exclude<SchemaOf<C, "query">, undefined>>]?: string | number | boolean | null;
};
export type CallStatus<C extends CallShape> = C extends { status: infer S extends number } ? S : 200;

/** The path with its `:name` parameters filled in (each encoded), under API_PREFIX. */
export function callPath(call: CallShape, params: Record<string, string | number> = {}): string {
  const path = call.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${call.method} ${call.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}`;
}
