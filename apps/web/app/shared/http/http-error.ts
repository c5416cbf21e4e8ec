import type { ErrorBody } from "@argine/core/errors/app-error";
import { isRecord } from "@argine/core/shared/is-record";
import { TRANSPORT_MESSAGES } from "@argine/core/shared/transport-messages";

/**
 * What every failed call rejects with (spec §8): the API's JSON error body `{ code, message, details?,
 * requestId }`, or `{ message: 'Server Error {status} !' }` when there is no JSON body. When nobody answered
 * for the API (a network failure, or a proxy's 502/503/504 without the API's body) it is `serviceUnavailable()`
 * instead (ADR 041). `message` is always a non-empty string ('Unknow Error!' when the server gave none).
 */
export type HttpError = Partial<Omit<ErrorBody, "message">> & { message: string };

/** The body the API itself gives every error (core's AppError): only then is its message the API's word. */
export function isApiErrorBody(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.code === "string" &&
    typeof value.message === "string" &&
    typeof value.requestId === "string"
  );
}

/**
 * The API did not answer: a process dead, restarting or still starting behind the proxy, or the connection
 * lost. Said as the API's own 503 says it, so the user reads one Italian sentence whatever stood in the way.
 */
export function serviceUnavailable(): HttpError {
  return { code: "SERVICE_UNAVAILABLE", message: TRANSPORT_MESSAGES.serviceUnavailable };
}

/** Normalises anything thrown or rejected into an HttpError, defaulting the message to 'Unknow Error!'. */
export function toHttpError(reason: unknown): HttpError {
  if (reason instanceof Error) {
    return { message: reason.message || TRANSPORT_MESSAGES.unknownError };
  }
  if (isRecord(reason)) {
    const message = reason.message;
    return {
      ...(reason as Partial<HttpError>),
      message:
        typeof message === "string" && message.trim() !== "" ? message : TRANSPORT_MESSAGES.unknownError,
    };
  }
  return { message: TRANSPORT_MESSAGES.unknownError };
}

/**
 * The API's error `code` as a plain string (the identity calls add codes of their own, such as
 * EMAIL_NOT_VERIFIED and WRONG_PASSWORD), or undefined.
 */
export function errorCode(reason: unknown): string | undefined {
  if (!isRecord(reason)) return undefined;
  const code = reason.code;
  return typeof code === "string" ? code : undefined;
}
