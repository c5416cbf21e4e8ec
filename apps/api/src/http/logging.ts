import type { FastifyServerOptions } from "fastify";
import { logContextMixin } from "../log-context.ts";

/**
 * Query parameters whose values may reach the log: paging and filters that say nothing about anyone. Every
 * other value is redacted by default — tokens, codes, states, id_token_hint (a signed name and address),
 * login_hint, keys, searches for a person — so a parameter added tomorrow leaks nothing until listed here.
 */
const LOGGED_PARAMS = new Set([
  "page",
  "pageSize",
  "status",
  "evaluation",
  "crimeType",
  "anonymous",
  "sort",
  "order",
  "lang",
  // OpenID requests: which client asked for what, never for whom.
  "client_id",
  "response_type",
  "scope",
  "prompt",
]);
const PLAIN_NAME = /^[\w.-]{1,40}$/;

function redactParam(pair: string): string {
  const eq = pair.indexOf("=");
  const name = eq < 0 ? pair : pair.slice(0, eq);
  // A name that is not a plain word may itself carry data (a token passed as "?eyJ…").
  if (!PLAIN_NAME.test(name)) return "[redacted]";
  if (eq < 0 || LOGGED_PARAMS.has(name)) return pair;
  return `${name}=[redacted]`;
}

// The disk storage's signed URLs carry their token, with the file's name, in the path.
const SIGNED_PATH = /^(\/v1\/storage\/objects\/)[^?]*/;

export function redactUrl(raw: string): string {
  const url = raw.replace(SIGNED_PATH, "$1[redacted]");
  const start = url.indexOf("?");
  if (start < 0) return url;
  return `${url.slice(0, start + 1)}${url
    .slice(start + 1)
    .split("&")
    .map(redactParam)
    .join("&")}`;
}

/**
 * pino options: no authorization headers, cookies, passwords, tokens or bodies in logs
 * (docs/decisions/009-api-security-hardening.md).
 */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    // Every line written during a request carries its id, during a job the job's (log-context.ts).
    mixin: logContextMixin,
    redact: {
      paths: [
        "req.headers.authorization",
        // A live socket's bearer token rides as a subprotocol (ADR 030).
        'req.headers["sec-websocket-protocol"]',
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.oldPassword",
        "*.token",
        "*.accessToken",
        "*.idToken",
        "*.refreshToken",
        "*.claimToken",
        "*.claimKey",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
    },
  };
}

const DB_ERROR_FIELDS = ["code", "severity", "table", "column", "constraint", "routine"] as const;

/**
 * What the log may keep of an error. A failed query (drizzle's DrizzleQueryError, recognised by its `query`
 * and `params`) carries the values bound to it — addresses, names, messages — in its message and stack, and
 * the database's `detail` may quote them too: keep the statement, the database's error code and the stack
 * frames, never the values. Anything else goes through as it is.
 */
export function loggableError(error: unknown): unknown {
  if (typeof error !== "object" || error === null || !("query" in error) || !("params" in error))
    return error;
  const cause = (error as { cause?: unknown }).cause;
  const db: Record<string, string> = {};
  if (typeof cause === "object" && cause !== null) {
    for (const key of DB_ERROR_FIELDS) {
      const value = (cause as Record<string, unknown>)[key];
      if (typeof value === "string") db[key] = value;
    }
  }
  const stack = (error as { stack?: unknown }).stack;
  return {
    type: "DrizzleQueryError",
    message: "Failed query (values not logged)",
    query: String((error as { query: unknown }).query),
    ...db,
    stack:
      typeof stack === "string"
        ? stack
            .split("\n")
            .filter((line) => /^\s+at /.test(line))
            .join("\n")
        : undefined,
  };
}
