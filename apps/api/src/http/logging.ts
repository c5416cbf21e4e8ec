import type { FastifyServerOptions } from "fastify";

// Query parameters that carry secrets (document tokens, OAuth codes, the feedback PDF's claimKey) never reach
// the log.
const SECRET_PARAMS =
  /([?&](?:token|code|access_token|id_token|state|session_state|claimKey|claimToken)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

/** pino options: no authorization headers, cookies, passwords, tokens or bodies in logs (DESIGN.md §6). */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
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
