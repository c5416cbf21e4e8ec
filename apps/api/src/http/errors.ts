import { AppError, type ErrorBody, type ErrorCode } from "@argine/core/errors/app-error";
import { controlCharPaths, neutraliseInvisibleFormatting } from "@argine/core/shared/fields";
import { MESSAGES } from "@argine/core/shared/messages";
// Every zod issue gets its Italian message (installed on load; named here so the API never depends on
// which schema happens to load first).
import "@argine/core/shared/validation-messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { Metrics } from "../metrics/metrics.ts";
import { loggableError } from "./logging.ts";

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/** Maps anything thrown in a request to the one error body of docs/architecture.md, "A request". */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
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
export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  const issues = (["params", "query", "body"] as const).flatMap((part) =>
    controlCharPaths(request[part]).map((path) => ({ path, message: MESSAGES.controlCharacters })),
  );
  if (issues.length) throw new AppError("BAD_REQUEST", MESSAGES.controlCharacters, { issues });
  for (const part of ["params", "query", "body"] as const) {
    request[part] = neutraliseInvisibleFormatting(request[part]);
  }
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
      // Internals go to the log, never to the client.
      const cause = isResponseSerializationError(error) ? error.cause : error;
      request.log.error({ err: loggableError(cause) }, "request failed");
    }
    if (appError.status === 429 || appError.status === 503)
      reply.header("retry-after", reply.getHeader("retry-after") ?? "60");
    return reply.status(appError.status).send(errorBody(appError, request));
  });
}
