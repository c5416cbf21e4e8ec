import { config } from "../../config.ts";
import { apiClient } from "../http/api-client.ts";
import { createLiveConnection } from "./live-connection.ts";

/** The tab's live connection (ADR 030), with the same token the API client sends. */
export const live = createLiveConnection({
  baseUrl: config.apiBaseUrl,
  accessToken: () => apiClient.accessToken(),
});

// A tab coming back into view may have slept through a drop: reconnect now rather than after the backoff.
globalThis.document?.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") live.reconnectNow();
});
