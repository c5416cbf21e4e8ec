import type { FastifyServerOptions } from "fastify";

// Query parameters that carry secrets (document tokens, OAuth codes) never reach the log.
const SECRET_PARAMS = /([?&](?:token|code|access_token|id_token|state|session_state)=)[^&#]*/gi;

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
