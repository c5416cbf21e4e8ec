import { API_PREFIX } from "@argine/core/shared/api-contract";
import { apiClient } from "./api-client.ts";
import type { RequestOptions } from "./http-client.ts";

/**
 * Fetches a file an API route answers (an admin export: it needs the bearer token, so a plain link cannot)
 * and hands it to the browser's download under `fileName`. Rejects with the API's error as any call.
 */
export async function downloadFile(
  path: string,
  query: RequestOptions["query"],
  fileName: string,
): Promise<void> {
  const file = await apiClient.get<Blob>(`${API_PREFIX}${path}`, { query, responseType: "blob" });
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
