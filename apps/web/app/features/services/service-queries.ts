import type { ServiceType } from "@argine/core/services/service-type";
import { SERVICES_ROUTES as CALLS } from "@argine/core/services/services-routes";
import type { CallResponse } from "@argine/core/shared/api-contract";
import { MESSAGES } from "@argine/core/shared/messages";
import { queryOptions } from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { putFile } from "./put-file.ts";

// The services' calls of spec §7 the case page makes (uploads, documents, the defence mandate). A change
// answers with the service or the file; the practice detail that lists them is refreshed by the card's
// caller (practices builds on services, never the reverse).

export function mandateQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: ["services", serviceId, "mandate"] as const,
    queryFn: ({ signal }) => call(CALLS.mandate, { params: { id: serviceId }, signal }),
  });
}

/** Accepts the engagement letter's version; the answer is the mandate as it now stands. */
export const useAcceptMandate = (
  serviceId: string,
  options?: WriteOptions<CallResponse<typeof CALLS.acceptMandate>, string>,
) =>
  useWrite(
    (version) => call(CALLS.acceptMandate, { params: { id: serviceId }, body: { version, accepted: true } }),
    {
      onSuccess: (queryClient, accepted) =>
        queryClient.setQueryData(mandateQueryOptions(serviceId).queryKey, accepted),
    },
    options,
  );

/** Step 1 of an upload: where to PUT the bytes (the server checks the name and the size again). */
const signUpload = (serviceId: string, file: { name: string; size: number }) =>
  call(CALLS.signedUrl, { params: { id: serviceId }, query: { fileName: file.name, size: file.size } });

/**
 * Sends one side's file: where to put it, the bytes with their progress (a fraction), then the server checks
 * them and marks the file sent, or removes it and says why. The card's caller refreshes the practice.
 */
export const useSendUpload = (
  serviceId: string,
  serviceType: ServiceType,
  onProgress: (fraction: number) => void,
  options?: WriteOptions<CallResponse<typeof CALLS.registerUpload>, File>,
) =>
  useWrite(
    async (file: File) => {
      const link = await signUpload(serviceId, file);
      try {
        await putFile(link, file, onProgress);
      } catch {
        throw { message: MESSAGES.uploadError };
      }
      return call(CALLS.registerUpload, {
        params: { serviceId },
        body: { fileName: file.name, serviceType },
      });
    },
    {},
    options,
  );

export const useDeleteUpload = (
  serviceId: string,
  serviceType: ServiceType,
  options?: WriteOptions<CallResponse<typeof CALLS.deleteUpload>, string>,
) =>
  useWrite(
    (fileName: string) =>
      call(CALLS.deleteUpload, { params: { serviceId }, body: { fileName, serviceType } }),
    {},
    options,
  );

export const documentUrl = (serviceId: string, fileName: string) =>
  call(CALLS.documentUrl, { params: { serviceId }, query: { fileName } });
