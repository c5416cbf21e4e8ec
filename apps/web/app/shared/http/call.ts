import {
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallResponse,
  callPath,
  type HasBody,
  type HasParams,
  type Route,
} from "@argine/core/shared/api-contract";
import { apiClient } from "./api-client.ts";
import type { HttpClient, RequestOptions } from "./http-client.ts";

// A route core declares (<domain>-routes.ts, shared/api-contract.ts), called through the http client: the
// path is filled from `params`, and the answer has the route's response type, so a screen reading a field the
// API no longer sends fails the typecheck. The answer is not parsed again here (ADR 013): the API checks it
// against the same schema before sending it.

type ParamsOption<C extends Route> =
  HasParams<C> extends true ? { params: CallParams<C> } : { params?: never };
type BodyOption<C extends Route> = HasBody<C> extends true ? { body: CallBody<C> } : { body?: never };

export type CallOptions<C extends Route> = ParamsOption<C> &
  BodyOption<C> & { query?: CallQuery<C> } & Pick<
    RequestOptions,
    "signal" | "auth" | "headers" | "keepalive"
  >;

/** The options are required exactly when the call has path parameters or a body. */
type CallArgs<C extends Route> =
  HasParams<C> extends true
    ? [options: CallOptions<C>]
    : HasBody<C> extends true
      ? [options: CallOptions<C>]
      : [options?: CallOptions<C>];

/** `call` over another transport (tests). */
export function callerFor(client: HttpClient) {
  return <const C extends Route>(route: C, ...[options]: CallArgs<C>): Promise<CallResponse<C>> => {
    const { params, body, ...rest } = (options ?? {}) as Pick<
      RequestOptions,
      "signal" | "auth" | "headers" | "keepalive"
    > & {
      params?: Record<string, string | number>;
      body?: unknown;
      query?: RequestOptions["query"];
    };
    return client.request<CallResponse<C>>(callPath(route, params), {
      ...rest,
      method: route.method,
      body: body ?? undefined,
    });
  };
}

/** Makes a call of the product API: `call(PRACTICE_ROUTES.detail, { params: { id } })`. */
export const call = callerFor(apiClient);
