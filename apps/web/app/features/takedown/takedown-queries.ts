import { type CallResponse, callPath } from "@argine/core/shared/api-contract";
import type { TakedownRecordBody } from "@argine/core/takedown/takedown-api";
import { takedownNoticeFileName } from "@argine/core/takedown/takedown-api";
import { TAKEDOWN_ROUTES as CALLS } from "@argine/core/takedown/takedown-routes";
import { queryOptions } from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
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

/** The client's links: the answer is the notices, shown at once. */
export const useSubmitUrls = (
  serviceId: string,
  options?: WriteOptions<CallResponse<typeof CALLS.submitUrls>, string[]>,
) =>
  useWrite(
    (urls) => call(CALLS.submitUrls, { params: { id: serviceId }, body: { urls } }),
    { onSuccess: (queryClient, sent) => queryClient.setQueryData(noticesQueryKey(serviceId), sent) },
    options,
  );

/** Staff record a notice's sending and answer: the notices read again. */
export const useRecordNotice = (
  serviceId: string,
  options?: WriteOptions<unknown, { noticeId: string; body: TakedownRecordBody }>,
) =>
  useWrite(
    ({ noticeId, body }) => call(CALLS.recordNotice, { params: { id: serviceId, noticeId }, body }),
    { onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: noticesQueryKey(serviceId) }) },
    options,
  );

/** The notice's PDF, fetched with the caller's token and saved by the browser. */
export const downloadNoticePdf = (
  serviceId: string,
  noticeId: string,
  ticketCode: string,
  position: number,
) =>
  downloadFile(
    callPath(CALLS.noticePdf, { id: serviceId, noticeId }),
    undefined,
    takedownNoticeFileName(ticketCode, position),
  );
