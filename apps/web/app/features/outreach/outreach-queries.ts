import type {
  IdeaSubmission,
  NewsletterSignup,
  OutreachListQuerySchema,
  PartnershipRequest,
} from "@argine/core/outreach/outreach-api";
import { OUTREACH_ROUTES as CALLS } from "@argine/core/outreach/outreach-routes";
import type { Route } from "@argine/core/shared/api-contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { call } from "../../shared/http/call.ts";

// The public site's outreach calls: newsletter sign-up and confirmation, "Lavora con noi", "Una buona idea".
// No bearer token; every answer carries an Italian `message` to show as is. Then the admin's lists of what
// they brought in.

const PUBLIC = { auth: false } as const;

/** POST /v1/newsletter: the same answer whether the address is new, waiting for confirmation or confirmed. */
export const subscribeNewsletter = (body: NewsletterSignup) => call(CALLS.newsletter, { body, ...PUBLIC });

/** POST /v1/newsletter/confirm: the token of the mailed link. */
export const confirmNewsletter = (token: string) =>
  call(CALLS.confirmNewsletter, { body: { token }, ...PUBLIC });

/** POST /v1/partnerships ("Lavora con noi"). */
export const sendPartnershipRequest = (body: PartnershipRequest) =>
  call(CALLS.partnership, { body, ...PUBLIC });

/** POST /v1/ideas ("Una buona idea"). */
export const sendIdea = (body: IdeaSubmission) => call(CALLS.idea, { body, ...PUBLIC });

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
    meta: ADMIN_LIST_META,
  });

export const adminNewsletterQueryOptions = (page: number) =>
  requestsList("newsletter", CALLS.newsletterSubscriptions, page);
export const adminPartnershipsQueryOptions = (page: number) =>
  requestsList("partnerships", CALLS.partnershipRequests, page);
export const adminIdeasQueryOptions = (page: number) => requestsList("ideas", CALLS.ideas, page);
