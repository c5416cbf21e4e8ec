import type { AccountsDocumentsQuery, AccountsOrdersQuery } from "@argine/core/invoice/accounts-api";
import { ACCOUNTS_ROUTES } from "@argine/core/invoice/accounts-routes";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { call } from "../../shared/http/call.ts";

// The accountant's calls (/v1/admin/accounts/*): a period's invoices and credit notes, and its orders.

export const ACCOUNTS_PAGE_SIZE = 20;

export const adminAccountsDocumentsQueryOptions = (query: AccountsDocumentsQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "accounts", "documents", query] as const,
    queryFn: ({ signal }) => call(ACCOUNTS_ROUTES.documents, { query, signal }),
    meta: ADMIN_LIST_META,
  });

export const adminAccountsOrdersQueryOptions = (query: AccountsOrdersQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "accounts", "orders", query] as const,
    queryFn: ({ signal }) => call(ACCOUNTS_ROUTES.orders, { query, signal }),
    placeholderData: keepPreviousData,
    meta: ADMIN_LIST_META,
  });
