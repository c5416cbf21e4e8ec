import type {
  Comment,
  CustomService,
  PracticeDetail,
  PracticeEmail,
  PracticeListQuery,
  PracticeListSchema,
  PracticeQueue,
} from "@argine/core/practices/practices-api";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "../../shared/http/api-client.ts";

// The practice calls of spec §7, as TanStack Query options and plain mutation functions. Keys start with
// "practices" so one invalidation refreshes every list and detail after a change.

export const PRACTICES_QUERY_KEY = ["practices"] as const;

export type PracticeFilters = Partial<Omit<PracticeListQuery, "page" | "pageSize">> & {
  page?: number;
  pageSize?: number;
};

export type PracticeList = z.infer<typeof PracticeListSchema>;

const path = (id: string, sub = "") => `/v1/practices/${encodeURIComponent(id)}${sub ? `/${sub}` : ""}`;

export function practiceListQueryOptions(filters: PracticeFilters) {
  return queryOptions({
    queryKey: [...PRACTICES_QUERY_KEY, "list", filters] as const,
    queryFn: ({ signal }) => apiClient.get<PracticeList>("/v1/practices", { query: { ...filters }, signal }),
    // Paging and filtering keep the previous page on screen instead of flashing an empty list.
    placeholderData: keepPreviousData,
  });
}

/** The lawyer's work queue (their landing page): urgent, new, waiting for an answer. */
export function practiceQueueQueryOptions() {
  return queryOptions({
    queryKey: [...PRACTICES_QUERY_KEY, "queue"] as const,
    queryFn: ({ signal }) => apiClient.get<PracticeQueue>("/v1/practices/queue", { signal }),
  });
}

export function practiceQueryKey(practiceId: string) {
  return [...PRACTICES_QUERY_KEY, "detail", practiceId] as const;
}

export function practiceQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: practiceQueryKey(practiceId),
    queryFn: ({ signal }) => apiClient.get<PracticeDetail>(path(practiceId), { signal }),
  });
}

/** The per-case area finds its case by the ticket code in the path (spec §2). Null when there is none. */
export function practiceByTicketQueryOptions(ticketCode: string) {
  return queryOptions({
    queryKey: [...PRACTICES_QUERY_KEY, "ticket", ticketCode] as const,
    queryFn: async ({ signal }) => {
      const list = await apiClient.get<PracticeList>("/v1/practices", {
        query: { ticketCode, pageSize: 1 },
        signal,
      });
      return list.data[0] ?? null;
    },
  });
}

export function commentsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "comments"] as const,
    queryFn: ({ signal }) => apiClient.get<Comment[]>(path(practiceId, "comments"), { signal }),
  });
}

export function emailsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "emails"] as const,
    queryFn: ({ signal }) => apiClient.get<PracticeEmail[]>(path(practiceId, "emails"), { signal }),
  });
}

export function questionsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "questions"] as const,
    queryFn: ({ signal }) =>
      apiClient.get<Record<string, unknown>>(path(practiceId, "questions"), { signal }),
  });
}

export function customServiceQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "customService"] as const,
    queryFn: ({ signal }) => apiClient.get<CustomService>(path(practiceId, "customService"), { signal }),
  });
}

// Mutations. Those that answer with the detail let the caller put it straight into the cache.

export const closePractice = (id: string) =>
  apiClient.patch<PracticeDetail>(path(id, "status"), { status: "CLOSED" });

export const deletePractice = (id: string) => apiClient.delete<null>(path(id));

export const setServicesActive = (
  id: string,
  flags: Pick<
    PracticeDetail,
    "serviceTakedownActive" | "serviceLegalizationActive" | "serviceInjuctionActive" | "serviceAdviceActive"
  >,
) => apiClient.patch<PracticeDetail>(path(id, "services-active"), flags);

export const setEvaluation = (id: string, evaluation: string) =>
  apiClient.patch<PracticeDetail>(path(id, "evaluation"), { evaluation });

export const setAdvicePrice = (id: string, price: number | null) =>
  apiClient.put<PracticeDetail>(path(id, "customService"), { price });

/** "Prendi in carico"; a 409 says which lawyer already has it. */
export const takePractice = (id: string) => apiClient.post<PracticeDetail>(path(id, "assignment"));

export const releasePractice = (id: string) => apiClient.delete<PracticeDetail>(path(id, "assignment"));

export const emailClient = (id: string, mail: { subject: string; body: string }) =>
  apiClient.post<PracticeEmail>(path(id, "emails"), mail);

export const addComment = (id: string, comment: string) =>
  apiClient.post<Comment>(path(id, "comments"), { comment });

export const editComment = (commentId: string, comment: string) =>
  apiClient.put<Comment>(`/v1/comments/${encodeURIComponent(commentId)}`, { comment });
