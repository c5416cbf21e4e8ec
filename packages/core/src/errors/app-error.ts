import { MESSAGES } from "../shared/messages.ts";

// One error type for the whole product (DESIGN.md §4): a code, its HTTP status, an Italian message.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_EMAIL: 400,
  INVALID_TOKEN: 400,
  WRONG_PASSWORD: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** The card was refused: the message is the card's (CARD_ERROR_MESSAGES); a new attempt is a new order. */
  PAYMENT_FAILED: 402,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link that worked and no longer does (a money document after its year). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UNKNOWN: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  BAD_REQUEST: MESSAGES.badRequest,
  INVALID_EMAIL: MESSAGES.invalidEmail,
  INVALID_TOKEN: MESSAGES.invalidLink,
  WRONG_PASSWORD: MESSAGES.wrongPassword,
  INVALID_CREDENTIALS: MESSAGES.invalidCredentials,
  EMAIL_NOT_VERIFIED: MESSAGES.emailNotVerified,
  UNAUTHORIZED: MESSAGES.unauthorized,
  FORBIDDEN: MESSAGES.forbidden,
  PAYMENT_FAILED: MESSAGES.paymentFailed,
  NOT_FOUND: MESSAGES.notFound,
  CONFLICT: MESSAGES.conflict,
  GONE: MESSAGES.documentGone,
  PAYLOAD_TOO_LARGE: MESSAGES.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  TOO_MANY_REQUESTS: MESSAGES.tooManyRequests,
  UNKNOWN: MESSAGES.serverError,
  SERVICE_UNAVAILABLE: MESSAGES.serviceUnavailable,
};

/**
 * A refusal of the request itself (a 4xx code): sent again unchanged, it gets the same answer, so the web
 * does not retry it.
 */
export function isFinalErrorCode(code: string): boolean {
  return Object.hasOwn(ERROR_STATUS, code) && ERROR_STATUS[code as ErrorCode] < 500;
}

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
