import {
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallResponse,
  type CallShape,
  callPath,
} from "@argine/core/shared/api-contract";
import { apiClient } from "./api-client.ts";
import type { HttpClient, RequestOptions } from "./http-client.ts";

// A call core declares (shared/api-contract.ts), made through the http client: the path is filled from
// `params`, and the answer has the call's response type, so a screen reading a field the API no longer sends
// fails the typecheck. The answer is not parsed again here (ADR 013): the API checks it against the same
// schema before sending it.

type ParamsOption<C extends CallShape> = C extends { params: unknown }
  ? { params: CallParams<C> }
  : { params?: never };
type BodyOption<C extends CallShape> = C extends { body: unknown } ? { body: CallBody<C> } : { body?: never };

export type CallOptions<C extends CallShape> = ParamsOption<C> &
  BodyOption<C> & { query?: CallQuery<C> } & Pick<RequestOptions, "signal" | "auth" | "headers">;

/** The options are required exactly when the call has path parameters or a body. */
type CallArgs<C extends CallShape> = C extends { params: unknown } | { body: unknown }
  ? [options: CallOptions<C>]
  : [options?: CallOptions<C>];

/** `call` over another transport (tests). */
export function callerFor(client: HttpClient) {
  return <const C extends CallShape>(contract: C, ...[options]: CallArgs<C>): Promise<CallResponse<C>> => {
    const { params, body, ...rest } = (options ?? {}) as CallOptions<CallShape> & {
      params?: Record<string, string | number>;
      body?: unknown;
    };
    return client.request<CallResponse<C>>(callPath(contract, params), {
      ...rest,
      method: contract.method,
      body: body ?? undefined,
    });
  };
}

/** Makes a call of the product API: `call(PRACTICE_CALLS.detail, { params: { id } })`. */
export const call = callerFor(apiClient);
