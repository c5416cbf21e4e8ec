import { useMutation } from "@tanstack/react-query";
import { apiClient } from "./api-client.ts";
import type { RequestOptions } from "./http-client.ts";
import type { HttpError } from "./http-error.ts";

/**
 * Fetches a file an API route answers (an admin export: it needs the bearer token, so a plain link cannot)
 * and hands it to the browser's download under `fileName`. The path is the whole one, as `callPath` gives it.
 * Rejects with the API's error as any call.
 */
export async function downloadFile(
  path: string,
  query: RequestOptions["query"],
  fileName: string,
): Promise<void> {
  const file = await apiClient.get<Blob>(path, { query, responseType: "blob" });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A download a button starts: pending while the file comes, its failure said by the screen beside the
 * button. A read, so there is no cache to refresh.
 */
export const useDownload = <TVariables = void>(fetchFile: (variables: TVariables) => Promise<void>) =>
  useMutation<void, HttpError, TVariables>({ mutationFn: fetchFile, meta: { hideError: true } });
