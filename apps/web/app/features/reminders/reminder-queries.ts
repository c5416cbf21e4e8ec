import { REMINDERS_ROUTES as CALLS } from "@argine/core/reminders/reminders-routes";
import type { CallResponse } from "@argine/core/shared/api-contract";
import { queryOptions } from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";

// The reminders' calls. Keys start with "reminders".

export function remindersQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: ["reminders", practiceId] as const,
    queryFn: ({ signal }) => call(CALLS.reminders, { params: { id: practiceId }, signal }),
  });
}

/** Turns a practice's deadline reminders on or off; the answer is the reminders' new state. */
export const useSetReminders = (
  practiceId: string,
  options?: WriteOptions<CallResponse<typeof CALLS.setReminders>, boolean>,
) =>
  useWrite(
    (enabled) => call(CALLS.setReminders, { params: { id: practiceId }, body: { enabled } }),
    {
      onSuccess: (queryClient, answer) =>
        queryClient.setQueryData(remindersQueryOptions(practiceId).queryKey, answer),
    },
    options,
  );
