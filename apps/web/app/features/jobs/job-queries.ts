import { JOBS_ROUTES } from "@argine/core/jobs/jobs-routes";
import { queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { call } from "../../shared/http/call.ts";

// "Invii non riusciti": the jobs the queue gave up on (the mails that never left), and putting one back.

export const adminDeadLettersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "dead-letters"] as const,
    queryFn: ({ signal }) => call(JOBS_ROUTES.deadLetters, { signal }),
    meta: ADMIN_LIST_META,
  });

export const retryDeadLetter = (id: string) => call(JOBS_ROUTES.retryDeadLetter, { params: { id } });
