import { LEGALIZATION_ROUTES as CALLS } from "@argine/core/legalization/legalization-routes";
import type { CallResponse } from "@argine/core/shared/api-contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type CacheRefresh, useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
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

type Session = CallResponse<typeof CALLS.startSession>;

/** A write answering the session as it now stands, which the panel's query shows at once. */
const showSession = (serviceId: string): CacheRefresh<Session, unknown> => ({
  onSuccess: (queryClient, session) => queryClient.setQueryData(legalizationSessionKey(serviceId), session),
});

/** Fetch or start (spec §4 steps 1-2): the server answers the running or finished session, or starts one. */
export const useStartSession = (serviceId: string, options?: WriteOptions<Session, string>) =>
  useWrite(
    (url) => call(CALLS.startSession, { params: { id: serviceId }, body: { url } }),
    showSession(serviceId),
    options,
  );

export const useStopSession = (serviceId: string, options?: WriteOptions<Session, void>) =>
  useWrite(() => call(CALLS.stop, { params: { id: serviceId } }), showSession(serviceId), options);

/**
 * The session's files, read on the click that opens them: their links are signed and short-lived, so they
 * are asked afresh each time and never cached.
 */
export const useOpenSessionFiles = (
  serviceId: string,
  onOpen: (files: CallResponse<typeof CALLS.sessionFiles>) => void,
) =>
  useMutation({
    mutationFn: () => call(CALLS.sessionFiles, { params: { id: serviceId } }),
    meta: { hideError: true },
    onSuccess: onOpen,
  });
