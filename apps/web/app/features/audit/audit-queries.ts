import type { AuditFilter } from "@argine/core/audit/audit-api";
import { AUDIT_ROUTES } from "@argine/core/audit/audit-routes";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { call } from "../../shared/http/call.ts";

// The admins' browse of the audit log: a page of its lines, newest first, with the chosen filters.

export const AUDIT_PAGE_SIZE = 50;

export function auditQueryOptions(filter: AuditFilter, page: number) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "audit", { ...filter, page }] as const,
    queryFn: ({ signal }) =>
      call(AUDIT_ROUTES.list, { query: { ...filter, page, pageSize: AUDIT_PAGE_SIZE }, signal }),
    // The table stays in place while the next page or filter loads.
    placeholderData: keepPreviousData,
    meta: ADMIN_LIST_META,
  });
}
