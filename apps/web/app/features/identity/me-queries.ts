import type { Me } from "@argine/core/identity/users-api";
import { USERS_ROUTES } from "@argine/core/identity/users-routes";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../shared/http/call.ts";

export const ME_QUERY_KEY = ["users", "me"] as const;

/** GET /v1/users/me: the signed-in user's profile and billing data. */
export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  return call(USERS_ROUTES.me, { signal });
}

/**
 * The profile query shared by the header's user sync and the profile pages. Screens show their own error
 * state, so no error modal; a background refresh never raises the global spinner.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    meta: { hideError: true, hideSpinner: true },
  });
}
