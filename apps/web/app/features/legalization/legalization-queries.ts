import { LEGALIZATION_ROUTES as CALLS } from "@argine/core/legalization/legalization-routes";
import { call } from "../../shared/http/call.ts";

// The legalization's calls of spec §7 (issue 18), made by the case page's LEGALIZATION card.

export const LEGALIZATION_QUERY_KEY = ["legalization"] as const;

export const legalizationSessionKey = (serviceId: string) => [...LEGALIZATION_QUERY_KEY, serviceId] as const;

export const fetchSession = (serviceId: string, signal?: AbortSignal) =>
  call(CALLS.session, { params: { id: serviceId }, signal });

/** Fetch or start (spec §4 steps 1-2): the server answers the running or finished session, or starts one. */
export const startSession = (serviceId: string, url: string) =>
  call(CALLS.startSession, { params: { id: serviceId }, body: { url } });

export const stopSession = (serviceId: string) => call(CALLS.stop, { params: { id: serviceId } });

export const sessionFiles = (serviceId: string) => call(CALLS.sessionFiles, { params: { id: serviceId } });
