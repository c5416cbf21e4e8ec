import type { Evaluation } from "@argine/core/feedback/evaluation";
import { PRACTICE_ROUTES as CALLS } from "@argine/core/practices/practice-routes";
import type { PracticeDetail, PracticeListQuery } from "@argine/core/practices/practices-api";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "../../shared/http/call.ts";

// The practice calls of spec §7, as TanStack Query options and plain mutation functions. Keys start with
// "practices" so one invalidation refreshes every list and detail after a change.

export const PRACTICES_QUERY_KEY = ["practices"] as const;

export type PracticeFilters = Partial<Omit<PracticeListQuery, "page" | "pageSize">> & {
  page?: number;
  pageSize?: number;
};

export function practiceListQueryOptions(filters: PracticeFilters) {
  return queryOptions({
    queryKey: [...PRACTICES_QUERY_KEY, "list", filters] as const,
    queryFn: ({ signal }) => call(CALLS.list, { query: { ...filters }, signal }),
    // Paging and filtering keep the previous page on screen instead of flashing an empty list.
    placeholderData: keepPreviousData,
  });
}

/** The lawyer's work queue (their landing page): urgent, new, waiting for an answer. */
export function practiceQueueQueryOptions() {
  return queryOptions({
    queryKey: [...PRACTICES_QUERY_KEY, "queue"] as const,
    queryFn: ({ signal }) => call(CALLS.queue, { signal }),
  });
}

export function practiceQueryKey(practiceId: string) {
  return [...PRACTICES_QUERY_KEY, "detail", practiceId] as const;
}

export function practiceQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: practiceQueryKey(practiceId),
    queryFn: ({ signal }) => call(CALLS.detail, { params: { id: practiceId }, signal }),
  });
}

/** The per-case area finds its case by the ticket code in the path (spec §2). Null when there is none. */
export function practiceByTicketQueryOptions(ticketCode: string) {
  return queryOptions({
    queryKey: [...PRACTICES_QUERY_KEY, "ticket", ticketCode] as const,
    queryFn: async ({ signal }) => {
      const list = await call(CALLS.list, { query: { ticketCode, pageSize: 1 }, signal });
      return list.data[0] ?? null;
    },
  });
}

export function commentsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "comments"] as const,
    queryFn: ({ signal }) => call(CALLS.comments, { params: { id: practiceId }, signal }),
  });
}

export function emailsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "emails"] as const,
    queryFn: ({ signal }) => call(CALLS.emails, { params: { id: practiceId }, signal }),
  });
}

export function questionsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "questions"] as const,
    queryFn: ({ signal }) => call(CALLS.answers, { params: { id: practiceId }, signal }),
  });
}

export function customServiceQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "customService"] as const,
    queryFn: ({ signal }) => call(CALLS.adviceOffer, { params: { id: practiceId }, signal }),
  });
}

// Mutations. Those that answer with the detail let the caller put it straight into the cache.

export const closePractice = (id: string) =>
  call(CALLS.changeStatus, { params: { id }, body: { status: "CLOSED" } });

/** Staff only (ADR 006): a closed practice opens again. */
export const reopenPractice = (id: string) =>
  call(CALLS.changeStatus, { params: { id }, body: { status: "OPEN" } });

export const deletePractice = (id: string) => call(CALLS.remove, { params: { id } });

export const setServicesActive = (
  id: string,
  flags: Pick<
    PracticeDetail,
    "serviceTakedownActive" | "serviceLegalizationActive" | "serviceInjuctionActive" | "serviceAdviceActive"
  >,
) => call(CALLS.servicesActive, { params: { id }, body: flags });

/** The lawyer box's select gives a string, and offers only evaluations (the API refuses any other: 400). */
export const setEvaluation = (id: string, evaluation: string) =>
  call(CALLS.evaluation, { params: { id }, body: { evaluation: evaluation as Evaluation } });

export const setAdvicePrice = (id: string, price: number | null) =>
  call(CALLS.advicePrice, { params: { id }, body: { price } });

/** "Prendi in carico"; a 409 says which lawyer already has it. */
export const takePractice = (id: string) => call(CALLS.take, { params: { id } });

export const releasePractice = (id: string) => call(CALLS.release, { params: { id } });

export const emailClient = (id: string, mail: { subject: string; body: string }) =>
  call(CALLS.emailClient, { params: { id }, body: mail });

export const addComment = (id: string, comment: string) =>
  call(CALLS.addComment, { params: { id }, body: { comment } });

export const editComment = (commentId: string, comment: string) =>
  call(CALLS.editComment, { params: { id: commentId }, body: { comment } });
