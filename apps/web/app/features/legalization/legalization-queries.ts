import { LEGALIZATION_ROUTES as CALLS } from "@argine/core/legalization/legalization-routes";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../shared/http/call.ts";

// The legalization's calls of spec §7 (ADR 021), made by the case page's LEGALIZATION card.

export const LEGALIZATION_QUERY_KEY = ["legalization"] as const;

export const legalizationSessionKey = (serviceId: string) => [...LEGALIZATION_QUERY_KEY, serviceId] as const;

/** The current session, or null before the first one. */
export const fetchSession = (serviceId: string, signal?: AbortSignal) =>
  call(CALLS.session, { params: { id: serviceId }, signal });

/** The session's query, one for the panel (which polls it) and the service card (which reads its outcome). */
export const legalizationSessionQuery = (serviceId: string) => ({
  queryKey: legalizationSessionKey(serviceId),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSession(serviceId, signal),
  retry: false,
});

/**
 * The last capture of a legalization, as the service card words its status by it (a failure, files still to
 * come): undefined while unknown, and for another service type (`enabled` false), never asked.
 */
export function useLegalizationCapture(serviceId: string, enabled: boolean) {
  return useQuery({ ...legalizationSessionQuery(serviceId), enabled }).data;
}

/** Fetch or start (spec §4 steps 1-2): the server answers the running or finished session, or starts one. */
export const startSession = (serviceId: string, url: string) =>
  call(CALLS.startSession, { params: { id: serviceId }, body: { url } });

export const stopSession = (serviceId: string) => call(CALLS.stop, { params: { id: serviceId } });

export const sessionFiles = (serviceId: string) => call(CALLS.sessionFiles, { params: { id: serviceId } });
