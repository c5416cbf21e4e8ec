import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../http/api-client.ts";

// The practice detail read (GET /v1/practices/{id}, spec §7). The practices screens land with a later issue;
// the login already loads the practice it carried (spec §4), so the query key is shared from here.

export function practiceQueryKey(practiceId: string) {
  return ["practices", practiceId] as const;
}

export function practiceQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: practiceQueryKey(practiceId),
    queryFn: ({ signal }) =>
      apiClient.get<unknown>(`/v1/practices/${encodeURIComponent(practiceId)}`, { signal }),
  });
}
