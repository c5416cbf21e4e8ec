import type { ErrorCode } from "@argine/core/errors/error-codes";
import type { HttpError } from "../http/http-error.ts";

/**
 * Per-call options of the async-action behaviour (spec §4 "Async actions"), given as a query's or a
 * mutation's `meta`: `hideSpinner` keeps the global spinner down, `hideError` keeps the error modal closed
 * and the layout error untouched (the screen handles the failure itself): every failure, or those with one of
 * the listed error codes.
 */
export type AsyncMeta = {
  hideSpinner?: boolean;
  hideError?: boolean | readonly ErrorCode[];
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: AsyncMeta;
    mutationMeta: AsyncMeta;
    defaultError: HttpError;
  }
}
