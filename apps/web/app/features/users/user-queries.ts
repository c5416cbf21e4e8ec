import type { Role } from "@argine/core/identity/roles";
import type { AdminUser, Me } from "@argine/core/identity/users-api";
import { USERS_ROUTES } from "@argine/core/identity/users-routes";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
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

/** A role granted to or taken from a user of the list. */
export interface RoleChange {
  user: AdminUser;
  role: Role;
  granted: boolean;
}

/** PUT or DELETE /v1/users/{id}/roles/{role}; the list is fetched again. */
export const useSetRole = (options?: WriteOptions<Me, RoleChange>) =>
  useWrite(
    ({ user, role, granted }) =>
      call(granted ? USERS_ROUTES.grantRole : USERS_ROUTES.revokeRole, { params: { id: user.id, role } }),
    {
      onSuccess: (queryClient) =>
        void queryClient.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, "users"] }),
    },
    options,
  );
