import { API_PREFIX, callPath } from "@argine/core/shared/api-contract";
import type { TakedownRecordBody } from "@argine/core/takedown/takedown-api";
import { takedownNoticeFileName } from "@argine/core/takedown/takedown-api";
import { TAKEDOWN_ROUTES as CALLS } from "@argine/core/takedown/takedown-routes";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../shared/http/call.ts";
import { downloadFile } from "../../shared/http/download.ts";

// The takedown's calls (spec §7 `services/takedown/{id}/urls`) the case page makes.

export const noticesQueryKey = (serviceId: string) => ["takedown", serviceId, "notices"] as const;

export function noticesQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: noticesQueryKey(serviceId),
    queryFn: ({ signal }) => call(CALLS.notices, { params: { id: serviceId }, signal }),
  });
}

export const submitUrls = (serviceId: string, urls: string[]) =>
  call(CALLS.submitUrls, { params: { id: serviceId }, body: { urls } });

export const recordNotice = (serviceId: string, noticeId: string, body: TakedownRecordBody) =>
  call(CALLS.recordNotice, { params: { id: serviceId, noticeId }, body });

/** The notice's PDF, fetched with the caller's token and saved by the browser. */
export const downloadNoticePdf = (
  serviceId: string,
  noticeId: string,
  ticketCode: string,
  position: number,
) =>
  downloadFile(
    // downloadFile takes the path under API_PREFIX, callPath gives it with it.
    callPath(CALLS.noticePdf, { id: serviceId, noticeId }).slice(API_PREFIX.length),
    undefined,
    takedownNoticeFileName(ticketCode, position),
  );
