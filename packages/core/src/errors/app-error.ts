import { MESSAGES } from "../shared/messages.ts";
import { ERROR_STATUS, type ErrorCode } from "./error-codes.ts";

export { ERROR_STATUS, type ErrorCode, isFinalErrorCode } from "./error-codes.ts";

// One error type for the whole product (docs/architecture.md, "A request"): a code, its HTTP status, an
// Italian message.
const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  BAD_REQUEST: MESSAGES.badRequest,
  INVALID_EMAIL: MESSAGES.invalidEmail,
  INVALID_TOKEN: MESSAGES.invalidLink,
  WRONG_PASSWORD: MESSAGES.wrongPassword,
  INVALID_CREDENTIALS: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotVerified,
  UNAUTHORIZED: MESSAGES.unauthorized,
  FORBIDDEN: MESSAGES.forbidden,
  REAUTHENTICATION_REQUIRED: MESSAGES.reauthenticationRequired,
  SECOND_FACTOR_REQUIRED: MESSAGES.secondFactorRequired,
  PAYMENT_FAILED: MESSAGES.paymentFailed,
  NOT_FOUND: MESSAGES.notFound,
  REQUEST_TIMEOUT: MESSAGES.requestTimeout,
  CONFLICT: MESSAGES.conflict,
  GONE: MESSAGES.documentGone,
  PAYLOAD_TOO_LARGE: MESSAGES.payloadTooLarge,
  URI_TOO_LONG: MESSAGES.uriTooLong,
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  TOO_MANY_REQUESTS: MESSAGES.tooManyRequests,
  HEADERS_TOO_LARGE: MESSAGES.headersTooLarge,
  UNKNOWN: MESSAGES.serverError,
  SERVICE_UNAVAILABLE: MESSAGES.serviceUnavailable,
};

/** The JSON body of every non-2xx API answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
  requestId: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}
