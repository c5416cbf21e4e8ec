import type { DeadLetter } from "@argine/core/jobs/jobs-api";
import { JOBS_ROUTES } from "@argine/core/jobs/jobs-routes";
import type { CallResponse } from "@argine/core/shared/api-contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";

// "Invii non riusciti": the jobs the queue gave up on (the mails that never left), and putting one back.

export const adminDeadLettersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "dead-letters"] as const,
    queryFn: ({ signal }) => call(JOBS_ROUTES.deadLetters, { signal }),
    meta: ADMIN_LIST_META,
  });

type Retried = CallResponse<typeof JOBS_ROUTES.retryDeadLetter>;

/**
 * Puts a failed job back on its queue. Done or not (gone already: another admin put it back), the list is
 * fetched again to show what is there now.
 */
export function useRetryDeadLetter(options?: WriteOptions<Retried, DeadLetter>) {
  const refresh = (queryClient: QueryClient) =>
    void queryClient.invalidateQueries({ queryKey: adminDeadLettersQueryOptions().queryKey });
  return useWrite(
    (letter) => call(JOBS_ROUTES.retryDeadLetter, { params: { id: letter.id } }),
    { onSuccess: refresh, onError: refresh },
    options,
  );
}
