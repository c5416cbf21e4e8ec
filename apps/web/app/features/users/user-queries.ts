import type { Role } from "@argine/core/identity/roles";
import type { Me } from "@argine/core/identity/users-api";
import { USERS_ROUTES } from "@argine/core/identity/users-routes";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { call } from "../../shared/http/call.ts";

// The users' admin calls (/v1/admin/users, and the users routes for roles).

export const USERS_PAGE_SIZE = 20;

export function adminUsersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "users", { q, page }] as const,
    queryFn: ({ signal }) =>
      call(USERS_ROUTES.adminUsers, {
        query: { q: q || undefined, page, pageSize: USERS_PAGE_SIZE },
        signal,
      }),
    // The table stays in place while the next page or search loads.
    placeholderData: keepPreviousData,
    meta: ADMIN_LIST_META,
  });
}

export function setRole(userId: string, role: Role, granted: boolean): Promise<Me> {
  return call(granted ? USERS_ROUTES.grantRole : USERS_ROUTES.revokeRole, { params: { id: userId, role } });
}
