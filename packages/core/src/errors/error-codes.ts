// The error codes and their HTTP statuses (app-error.ts gives each its Italian message): apart, so the web's
// query client, on every page, asks whether a code is final without loading the message catalogue.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_EMAIL: 400,
  INVALID_TOKEN: 400,
  WRONG_PASSWORD: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** Allowed, but only after a fresh sign-in (a staff role's grant, ADR 035): the web signs in again. */
  REAUTHENTICATION_REQUIRED: 403,
  /** Staff whose session lacks the second factor, on a client's case (ADR 036): the web points to the profile. */
  SECOND_FACTOR_REQUIRED: 403,
  /** The card was refused: the message is the card's (CARD_ERROR_MESSAGES); a new attempt is a new order. */
  PAYMENT_FAILED: 402,
  NOT_FOUND: 404,
  /** A request not received whole within REQUEST_TIMEOUT_MS: answered on the socket (apps/api http/errors.ts). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** A link that worked and no longer does (a money document after its year). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  /** A path segment longer than the router takes (a storage link's token is the longest, ~2 KB). */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** Request line and headers past Node's 16 KB: an over-long URL too, which Node cannot tell apart. */
  HEADERS_TOO_LARGE: 431,
  UNKNOWN: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A refusal of the request itself (a 4xx code): sent again unchanged, it gets the same answer, so the web
 * does not retry it.
 */
export function isFinalErrorCode(code: string): boolean {
  return Object.hasOwn(ERROR_STATUS, code) && ERROR_STATUS[code as ErrorCode] < 500;
}
