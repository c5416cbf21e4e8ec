import { REMINDERS_ROUTES as CALLS } from "@argine/core/reminders/reminders-routes";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../shared/http/call.ts";

// The reminders' calls. Keys start with "reminders".

export function remindersQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: ["reminders", practiceId] as const,
    queryFn: ({ signal }) => call(CALLS.reminders, { params: { id: practiceId }, signal }),
  });
}

export const setReminders = (practiceId: string, enabled: boolean) =>
  call(CALLS.setReminders, { params: { id: practiceId }, body: { enabled } });
