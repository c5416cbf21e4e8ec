import type { ErrorBody } from "@argine/core/errors/app-error";
import { isRecord } from "@argine/core/shared/is-record";
import { TRANSPORT_MESSAGES } from "@argine/core/shared/transport-messages";

/**
 * What every failed call rejects with (spec §8): the API's JSON error body `{ code, message, details?,
 * requestId }`, or `{ message: 'Server Error {status} !' }` / `{ message: 'Server Error !' }` when there is
 * no JSON body. `message` is always a non-empty string ('Unknow Error!' when the server gave none).
 */
export type HttpError = Partial<Omit<ErrorBody, "message">> & { message: string };

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
