import type { ServiceType } from "@argine/core/services/service-type";
import type { ServiceStatusBody } from "@argine/core/services/services-api";
import { SERVICES_ROUTES as CALLS } from "@argine/core/services/services-routes";
import type { CallResponse } from "@argine/core/shared/api-contract";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { PRACTICES_QUERY_KEY } from "../practices/public.ts";

// The staff's calls on a bought service's work: the queue, the assignment, the status. Keys start with
// "service-queue"; a change also refreshes the practices, whose detail lists the services.

export const SERVICE_QUEUE_QUERY_KEY = ["service-queue"] as const;

export function serviceQueueQueryOptions(serviceType?: ServiceType) {
  return queryOptions({
    queryKey: [...SERVICE_QUEUE_QUERY_KEY, serviceType ?? "all"] as const,
    queryFn: ({ signal }) => call(CALLS.queue, { query: serviceType ? { serviceType } : {}, signal }),
    // Changing the filter keeps the previous list on screen instead of flashing an empty one.
    placeholderData: keepPreviousData,
  });
}

/** Who work can be assigned to: read once, it changes when an admin grants a role. */
export function teamQueryOptions() {
  return queryOptions({
    queryKey: [...SERVICE_QUEUE_QUERY_KEY, "team"] as const,
    queryFn: ({ signal }) => call(CALLS.team, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** After a change to a service: the queue and the practice that holds it read again. */
async function refreshAfterServiceChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SERVICE_QUEUE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PRACTICES_QUERY_KEY }),
  ]);
}

/** To a lawyer, or back to the queue with null. */
export const useAssignService = (
  serviceId: string,
  options?: WriteOptions<CallResponse<typeof CALLS.assign>, string | null>,
) =>
  useWrite(
    (lawyerId) => call(CALLS.assign, { params: { id: serviceId }, body: { lawyerId } }),
    { onSuccess: refreshAfterServiceChange },
    options,
  );

export const useChangeServiceStatus = (
  serviceId: string,
  options?: WriteOptions<CallResponse<typeof CALLS.changeStatus>, ServiceStatusBody>,
) =>
  useWrite(
    (body) => call(CALLS.changeStatus, { params: { id: serviceId }, body }),
    { onSuccess: refreshAfterServiceChange },
    options,
  );
