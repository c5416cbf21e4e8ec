import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { AppError, type ErrorBody, type ErrorCode } from "@argine/core/errors/app-error";
import { controlCharPaths, neutraliseInvisibleFormatting } from "@argine/core/shared/fields";
import { MESSAGES } from "@argine/core/shared/messages";
import { isDatabaseUnavailable } from "@argine/db/unavailable";
// Every zod issue gets its Italian message (installed on load; named here so the API never depends on
// which schema happens to load first).
import "@argine/core/shared/validation-messages";
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { Metrics } from "../metrics/metrics.ts";
import { loggableError } from "./logging.ts";
import type { SecurityHeaders } from "./security.ts";

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  408: "REQUEST_TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  431: "HEADERS_TOO_LARGE",
  503: "SERVICE_UNAVAILABLE",
};

/** Maps anything thrown in a request to the one error body of docs/architecture.md, "A request". */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // The database stopped or restarting: the service is unavailable for a moment, not broken (503, retried).
  if (isDatabaseUnavailable(error)) return new AppError("SERVICE_UNAVAILABLE");
  const e = error as Partial<FastifyError> & { validation?: unknown };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, "").split("/").filter(Boolean),
      message: v.message ?? MESSAGES.badRequest,
    }));
    // The message is the first failing field's (Italian, from the shared schemas); details list them all.
    return new AppError("BAD_REQUEST", issues[0]?.message ?? MESSAGES.badRequest, { issues });
  }
  if (e.code === "FST_ERR_CTP_INVALID_JSON_BODY" || e.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return new AppError("BAD_REQUEST", MESSAGES.malformedJson);
  }
  if (e.code === "FST_ERR_BAD_URL") return new AppError("BAD_REQUEST", MESSAGES.malformedUrl);
  const status = typeof e.statusCode === "number" ? e.statusCode : 500;
  const code = status < 500 || status === 503 ? CODE_BY_STATUS[status] : undefined;
  return new AppError(code ?? (status < 500 ? "BAD_REQUEST" : "UNKNOWN"));
}

/**
 * A preValidation hook: text with control characters (NUL above all, which PostgreSQL cannot store) is
 * refused in Italian wherever it is in the body, the query or the path, before any schema or handler runs;
 * invisible formatting characters that could disguise a name, a link or a message to its reader (bidi
 * overrides, zero-width spaces: core's INVISIBLE_FORMATTING_PATTERN) are removed from all of them (ADR 009).
 */
export function refuseControlCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: AppError) => void,
): void {
  // A callback hook: a request with nothing to check (most reads) goes on in the same turn (ADR 045).
  const parts = INPUT_PARTS.filter((part) => hasContent(request[part]));
  const issues = parts.flatMap((part) =>
    controlCharPaths(request[part]).map((path) => ({ path, message: MESSAGES.controlCharacters })),
  );
  if (issues.length) {
    done(new AppError("BAD_REQUEST", MESSAGES.controlCharacters, { issues }));
    return;
  }
  for (const part of parts) request[part] = neutraliseInvisibleFormatting(request[part]);
  done();
}

const INPUT_PARTS = ["params", "query", "body"] as const;

/** Whether a request's part holds anything: an empty object or no body at all has no text to check. */
function hasContent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "object" || value instanceof Uint8Array) return true;
  for (const _ in value) return true;
  return false;
}

export function errorBody(error: AppError, request: FastifyRequest): ErrorBody {
  return {
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
    requestId: String(request.id),
  };
}

/** `metrics`: where each error answered is counted by its code (the app's; a test's bare app has none). */
export function registerErrorHandler(app: FastifyInstance, metrics?: Pick<Metrics, "errors">): void {
  app.setErrorHandler((error, request, reply: FastifyReply) => {
    const appError = toAppError(error);
    metrics?.errors.inc({ code: appError.code });
    if (appError.status >= 500) {
      // Internals go to the log, never to the client. A dependency that is down is an outage the operator
      // watches (argine_errors_total{code="SERVICE_UNAVAILABLE"}), not a bug: a warning.
      const cause = isResponseSerializationError(error) ? error.cause : error;
      if (appError.status === 503)
        request.log.warn({ err: loggableError(cause) }, "request failed: unavailable");
      else request.log.error({ err: loggableError(cause) }, "request failed");
    }
    if (appError.status === 429 || appError.status === 503)
      reply.header("retry-after", reply.getHeader("retry-after") ?? "60");
    return reply.status(appError.status).send(errorBody(appError, request));
  });
}

type Metered = Pick<Metrics, "errors"> | undefined;

/**
 * Fastify's `frameworkErrors`: a path Fastify cannot decode (`/v1/%zz`) or whose parameter is longer than
 * the router takes (414) is refused before routing, so no hook runs, neither the security headers' nor the
 * request id's (app.ts): they are set here, and the body is the one error shape.
 */
export function frameworkErrorHandler(
  headers: SecurityHeaders,
  metrics?: Metered,
): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  const answer = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    metrics?.errors.inc({ code: appError.code });
    void reply
      .headers({ ...headers, "x-request-id": String(request.id) })
      .status(appError.status)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(errorBody(appError, request)));
  };
  // The option's type is generic in the route's schema, which a refusal before routing has none of.
  return (error, request, reply) => answer(error, request as FastifyRequest, reply as FastifyReply);
}

/** Node's parser errors: a header section past its limit, a request too slow, anything else unreadable. */
function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === "HPE_HEADER_OVERFLOW") return "HEADERS_TOO_LARGE";
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return "REQUEST_TIMEOUT";
  return "BAD_REQUEST";
}

/**
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser refuses before any request exists: headers
 * (or a URL: Node counts the request line in the same 16 KB) too large, a request not received in time,
 * bytes that are not HTTP. There is no request nor reply to answer with, only the socket, so the answer is
 * written by hand, as Node's and Fastify's default handlers write theirs (in English, with no headers): the
 * same status, the one error shape in Italian with a new request id (logged, so the person quoting it is
 * found), and the security headers of every other JSON answer. Then the connection is closed: its bytes
 * can no longer be trusted to start a next request.
 */
export function clientErrorHandler(
  headers: SecurityHeaders,
  log: () => FastifyBaseLogger,
  metrics?: Metered,
): NonNullable<FastifyServerOptions["clientErrorHandler"]> {
  return (error, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const appError = new AppError(clientErrorCode(error));
    const requestId = randomUUID();
    metrics?.errors.inc({ code: appError.code });
    log().info(
      { reqId: requestId, code: error.code, status: appError.status },
      "request refused by the parser",
    );
    // Node's own rule: no answer over one already under way on this socket (its headers sent), or the peer
    // would read a corrupt stream. `_httpMessage` is where Node keeps that answer.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify({
        code: appError.code,
        message: appError.message,
        requestId,
      } satisfies ErrorBody);
      const lines = Object.entries({
        ...headers,
        "content-type": "application/json; charset=utf-8",
        "content-length": String(Buffer.byteLength(body)),
        "x-request-id": requestId,
        date: new Date().toUTCString(),
        connection: "close",
      }).map(([name, value]) => `${name}: ${value}`);
      socket.write(
        `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n${lines.join("\r\n")}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
