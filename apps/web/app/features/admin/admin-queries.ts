import type {
  AdminCampaignCreate,
  AdminCampaignPatch,
  AdminGiftCardCreate,
  AdminGiftCardPatch,
  AdminProductPatch,
  AdminVoucherCreate,
  AdminVoucherPatch,
} from "@argine/core/catalogue/admin-api";
import { CATALOGUE_ROUTES as CATALOGUE } from "@argine/core/catalogue/catalogue-routes";
import type { Role } from "@argine/core/identity/roles";
import type { Me } from "@argine/core/identity/users-api";
import { USERS_ROUTES } from "@argine/core/identity/users-routes";
import type { AccountsDocumentsQuery, AccountsOrdersQuery } from "@argine/core/invoice/accounts-api";
import { ACCOUNTS_ROUTES } from "@argine/core/invoice/accounts-routes";
import { JOBS_ROUTES } from "@argine/core/jobs/jobs-routes";
import type { OutreachListQuerySchema } from "@argine/core/outreach/outreach-api";
import { OUTREACH_ROUTES } from "@argine/core/outreach/outreach-routes";
import type { Route } from "@argine/core/shared/api-contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { call } from "../../shared/http/call.ts";

// The admin workspace's calls (/v1/admin/*, and the users routes for roles). Lists show their own error
// state with a retry, so no error modal; a refetch after a change does not raise the global spinner.

export const ADMIN_QUERY_KEY = ["admin"] as const;
export const USERS_PAGE_SIZE = 20;

const listMeta = { hideError: true, hideSpinner: true } as const;

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
    meta: listMeta,
  });
}

export function setRole(userId: string, role: Role, granted: boolean): Promise<Me> {
  return call(granted ? USERS_ROUTES.grantRole : USERS_ROUTES.revokeRole, { params: { id: userId, role } });
}

export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "products"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.adminProducts, { signal }),
    meta: listMeta,
  });

export const updateProduct = (code: string, body: AdminProductPatch) =>
  call(CATALOGUE.changeProduct, { params: { code }, body });

export const adminCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "campaigns"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.campaigns, { signal }),
    meta: listMeta,
  });

export const createCampaign = (body: AdminCampaignCreate) => call(CATALOGUE.createCampaign, { body });
export const updateCampaign = (id: string, body: AdminCampaignPatch) =>
  call(CATALOGUE.changeCampaign, { params: { id }, body });

export const adminVouchersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "vouchers"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.vouchers, { signal }),
    meta: listMeta,
  });

export const createVoucher = (body: AdminVoucherCreate) => call(CATALOGUE.createVoucher, { body });
export const updateVoucher = (id: string, body: AdminVoucherPatch) =>
  call(CATALOGUE.changeVoucher, { params: { id }, body });

export const adminGiftCardsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "gift-cards"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.giftCards, { signal }),
    meta: listMeta,
  });

export const createGiftCard = (body: AdminGiftCardCreate) => call(CATALOGUE.createGiftCard, { body });
export const updateGiftCard = (id: string, body: AdminGiftCardPatch) =>
  call(CATALOGUE.changeGiftCard, { params: { id }, body });

// "Richieste dal sito": what the public site's forms brought in, a page at a time, newest first.
export const REQUESTS_PAGE_SIZE = 20;

/** The query options of one of the site's request lists, a page of it. */
export type RequestsQueryOptions<T> = ReturnType<typeof requestsList<T>>;

/** One of the site's request lists (core outreach-routes.ts), answering T. */
type RequestsListCall<T> = Route<
  { method: "GET"; path: string },
  { query: typeof OutreachListQuerySchema; response: z.ZodType<T> }
>;

const requestsList = <T>(name: string, list: RequestsListCall<T>, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "requests", name, { page }] as const,
    queryFn: ({ signal }) => call(list, { query: { page, pageSize: REQUESTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    meta: listMeta,
  });

export const adminNewsletterQueryOptions = (page: number) =>
  requestsList("newsletter", OUTREACH_ROUTES.newsletterSubscriptions, page);
export const adminPartnershipsQueryOptions = (page: number) =>
  requestsList("partnerships", OUTREACH_ROUTES.partnershipRequests, page);
export const adminIdeasQueryOptions = (page: number) => requestsList("ideas", OUTREACH_ROUTES.ideas, page);

// "Invii non riusciti": the jobs the queue gave up on (the mails that never left), and putting one back.
export const adminDeadLettersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "dead-letters"] as const,
    queryFn: ({ signal }) => call(JOBS_ROUTES.deadLetters, { signal }),
    meta: listMeta,
  });

export const retryDeadLetter = (id: string) => call(JOBS_ROUTES.retryDeadLetter, { params: { id } });

export const ACCOUNTS_PAGE_SIZE = 20;

export const adminAccountsDocumentsQueryOptions = (query: AccountsDocumentsQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "accounts", "documents", query] as const,
    queryFn: ({ signal }) => call(ACCOUNTS_ROUTES.documents, { query, signal }),
    meta: listMeta,
  });

export const adminAccountsOrdersQueryOptions = (query: AccountsOrdersQuery) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "accounts", "orders", query] as const,
    queryFn: ({ signal }) => call(ACCOUNTS_ROUTES.orders, { query, signal }),
    placeholderData: keepPreviousData,
    meta: listMeta,
  });
