import type { CommentReads } from "@argine/core/conversations/message-schemas";
import type { Evaluation } from "@argine/core/feedback/evaluation";
import type { ClaimedPractice, ClaimWithKeyBody } from "@argine/core/practices/claim";
import { PRACTICE_ROUTES as CALLS } from "@argine/core/practices/practice-routes";
import type {
  PracticeDetail,
  PracticeListQuery,
  PracticeSummary,
} from "@argine/core/practices/practices-api";
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { claimPracticeWithKey } from "../feedback/public.ts";

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

/**
 * The caller's unread counts of the practices a list shows (ADR 030). Chat activity reads these again, never
 * the list: each list read is an audited staff read of the cases, and this call is not.
 */
export function unreadCountsQueryOptions(practiceIds: readonly string[]) {
  return queryOptions({
    queryKey: [...PRACTICES_QUERY_KEY, "unread", practiceIds] as const,
    queryFn: ({ signal }) => call(CALLS.unreadCounts, { query: { ids: practiceIds.join(",") }, signal }),
    enabled: practiceIds.length > 0,
  });
}

/**
 * Each listed practice's unread count: the list's own, until the counts are read again after it (chat
 * activity); whichever of the two was read last wins. The list's counts seed the query, as fresh as the list,
 * so showing a list makes no second call.
 */
export function useUnreadCounts(rows: readonly PracticeSummary[], listUpdatedAt: number) {
  const counts = useQuery({
    ...unreadCountsQueryOptions(rows.map((row) => row.practiceId)),
    initialData: () => ({
      counts: Object.fromEntries(
        rows.filter((row) => row.unreadComments > 0).map((row) => [row.practiceId, row.unreadComments]),
      ),
    }),
    initialDataUpdatedAt: listUpdatedAt,
  });
  const newer = counts.dataUpdatedAt > listUpdatedAt;
  // A practice absent from the answer has nothing unread.
  return (practice: PracticeSummary) =>
    newer ? (counts.data.counts[practice.practiceId] ?? 0) : practice.unreadComments;
}

/** Chat activity or a read mark: the lists' unread counts read again, the lists themselves left alone. */
export const refreshUnreadCounts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [...PRACTICES_QUERY_KEY, "unread"] });

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

/** How far the reader and the other side have read the conversation (ADR 030). */
export function commentReadsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "reads"] as const,
    queryFn: ({ signal }) => call(CALLS.commentReads, { params: { id: practiceId }, signal }),
  });
}

/**
 * The reader has seen the conversation up to this message: the answer is the reads as they now are, and the
 * lists' unread counts are stale (read again when a list shows; the lists themselves did not change).
 */
export const useReadComments = (practiceId: string, options?: WriteOptions<CommentReads, string>) =>
  useWrite(
    (upTo) => call(CALLS.readComments, { params: { id: practiceId }, body: { upTo } }),
    {
      onSuccess: (queryClient, reads) => {
        queryClient.setQueryData(commentReadsQueryOptions(practiceId).queryKey, reads);
        return refreshUnreadCounts(queryClient);
      },
    },
    { meta: { hideError: true, hideSpinner: true }, ...options },
  );

/**
 * The lists and the work queue read again, the details left alone: after the reader's own change to what
 * they show (a message moves the case in or out of "waiting for an answer"), never after chat activity.
 */
export const refreshLists = (queryClient: QueryClient) =>
  Promise.all(
    (["list", "queue"] as const).map((part) =>
      queryClient.invalidateQueries({ queryKey: [...PRACTICES_QUERY_KEY, part] }),
    ),
  );

export function emailsQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "emails"] as const,
    queryFn: ({ signal }) => call(CALLS.emails, { params: { id: practiceId }, signal }),
  });
}

/** "Chi ha visto la mia pratica": the owner's own practice only. */
export function accessLogQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...practiceQueryKey(practiceId), "access-log"] as const,
    queryFn: ({ signal }) => call(CALLS.accessLog, { params: { id: practiceId }, signal }),
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

type Detail = PracticeDetail;

/** The case page's "reload the case": its detail is fetched again (a card's change shows in it). */
export function useRefreshPractice(practiceId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: practiceQueryKey(practiceId) });
}

/** The client closes the practice: the answer is the new detail, and the lists read again. */
export const useClosePractice = (practiceId: string, options?: WriteOptions<Detail, void>) =>
  useWrite(
    () => call(CALLS.changeStatus, { params: { id: practiceId }, body: { status: "CLOSED" } }),
    {
      onSuccess: async (queryClient, detail) => {
        queryClient.setQueryData(practiceQueryKey(practiceId), detail);
        await queryClient.invalidateQueries({ queryKey: [...PRACTICES_QUERY_KEY, "list"] });
      },
    },
    options,
  );

/** The client chooses whether lawyers see who she is (ADR 038); the case page shows the answer at once. */
export const useSetAnonymity = (practiceId: string, options?: WriteOptions<Detail, boolean>) =>
  useWrite(
    (anonymous: boolean) => call(CALLS.setAnonymity, { params: { id: practiceId }, body: { anonymous } }),
    {
      onSuccess: (queryClient, detail) => {
        queryClient.setQueryData(practiceQueryKey(practiceId), detail);
      },
    },
    options,
  );

/** Spec §7: after a delete the list and the details are loaded again. */
export const useDeletePractice = (practiceId: string, options?: WriteOptions<unknown, void>) =>
  useWrite(
    () => call(CALLS.remove, { params: { id: practiceId } }),
    {
      onSuccess: async (queryClient) => {
        queryClient.removeQueries({ queryKey: practiceQueryKey(practiceId) });
        await queryClient.invalidateQueries({ queryKey: PRACTICES_QUERY_KEY });
      },
    },
    options,
  );

/** After a staff change: the answer is the new detail; lists and the advice price read again. */
const showStaffChange = (practiceId: string) => ({
  onSuccess: async (queryClient: QueryClient, detail: Detail) => {
    queryClient.setQueryData(practiceQueryKey(practiceId), detail);
    await queryClient.invalidateQueries({ queryKey: [...PRACTICES_QUERY_KEY, "list"] });
    await queryClient.invalidateQueries({ queryKey: [...practiceQueryKey(practiceId), "customService"] });
  },
});

/** Staff only (ADR 006): a closed practice opens again. */
export const useReopenPractice = (practiceId: string, options?: WriteOptions<Detail, void>) =>
  useWrite(
    () => call(CALLS.changeStatus, { params: { id: practiceId }, body: { status: "OPEN" } }),
    showStaffChange(practiceId),
    options,
  );

type ServiceFlags = Pick<
  PracticeDetail,
  "serviceTakedownActive" | "serviceLegalizationActive" | "serviceInjuctionActive" | "serviceAdviceActive"
>;

export const useSetServicesActive = (practiceId: string, options?: WriteOptions<Detail, ServiceFlags>) =>
  useWrite(
    (flags) => call(CALLS.servicesActive, { params: { id: practiceId }, body: flags }),
    showStaffChange(practiceId),
    options,
  );

/** The lawyer box's select gives a string, and offers only evaluations (the API refuses any other: 400). */
export const useSetEvaluation = (practiceId: string, options?: WriteOptions<Detail, string>) =>
  useWrite(
    (evaluation) =>
      call(CALLS.evaluation, { params: { id: practiceId }, body: { evaluation: evaluation as Evaluation } }),
    showStaffChange(practiceId),
    options,
  );

export const useSetAdvicePrice = (practiceId: string, options?: WriteOptions<Detail, number | null>) =>
  useWrite(
    (price) => call(CALLS.advicePrice, { params: { id: practiceId }, body: { price } }),
    showStaffChange(practiceId),
    options,
  );

/**
 * "Prendi in carico" and letting it go: the answer is the new detail, and the active lists read again. A
 * refusal (a 409: a colleague has it) reads the detail again, which shows who.
 */
function showAssignment(practiceId: string) {
  return {
    onSuccess: async (queryClient: QueryClient, detail: Detail) => {
      queryClient.setQueryData(practiceQueryKey(practiceId), detail);
      await queryClient.invalidateQueries({ queryKey: PRACTICES_QUERY_KEY, refetchType: "active" });
    },
  };
}

export const useTakePractice = (practiceId: string, options?: WriteOptions<Detail, void>) =>
  useWrite(
    () => call(CALLS.take, { params: { id: practiceId } }),
    {
      ...showAssignment(practiceId),
      onError: (queryClient) => queryClient.invalidateQueries({ queryKey: practiceQueryKey(practiceId) }),
    },
    options,
  );

export const useReleasePractice = (practiceId: string, options?: WriteOptions<Detail, void>) =>
  useWrite(() => call(CALLS.release, { params: { id: practiceId } }), showAssignment(practiceId), options);

/** An e-mail to the client: the list of the e-mails sent reads again. */
export const useEmailClient = (
  practiceId: string,
  options?: WriteOptions<unknown, { subject: string; body: string }>,
) =>
  useWrite(
    (mail) => call(CALLS.emailClient, { params: { id: practiceId }, body: mail }),
    {
      onSuccess: (queryClient) =>
        queryClient.invalidateQueries({ queryKey: emailsQueryOptions(practiceId).queryKey }),
    },
    options,
  );

/** A practice claimed with its key (the feedback's call): it joins the account, whose lists read again. */
export const useClaimWithKey = (options?: WriteOptions<ClaimedPractice, ClaimWithKeyBody>) =>
  useWrite(
    claimPracticeWithKey,
    { onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: PRACTICES_QUERY_KEY }) },
    options,
  );

/** A written comment: the conversation is fetched again. */
const showComments = (practiceId: string) => ({
  onSuccess: (queryClient: QueryClient) =>
    queryClient.invalidateQueries({ queryKey: commentsQueryOptions(practiceId).queryKey }),
});

/**
 * A new message also starts or answers the client's wait (the queue's "waiting"): the lists are stale, read
 * again when one shows (none is on screen beside the conversation, so this fetches nothing now).
 */
export const useAddComment = (practiceId: string, options?: WriteOptions<unknown, string>) =>
  useWrite(
    (comment) => call(CALLS.addComment, { params: { id: practiceId }, body: { comment } }),
    {
      onSuccess: async (queryClient: QueryClient) => {
        await showComments(practiceId).onSuccess(queryClient);
        await refreshLists(queryClient);
      },
    },
    options,
  );

export const useEditComment = (
  practiceId: string,
  options?: WriteOptions<unknown, { id: string; text: string }>,
) =>
  useWrite(
    ({ id, text }) => call(CALLS.editComment, { params: { id }, body: { comment: text } }),
    showComments(practiceId),
    options,
  );
