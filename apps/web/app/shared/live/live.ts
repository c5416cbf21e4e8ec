import { config } from "../../config.ts";
import { apiClient } from "../http/api-client.ts";
import { readSupportToken } from "../store/browser-storage.ts";
import { callerCredential, createLiveConnection } from "./live-connection.ts";
import { QUICK_EXIT_EVENT } from "./quick-exit-event.ts";

/** The tab's live connection (ADR 030), with the same token the API client sends, or a visitor's. */
export const live = createLiveConnection({
  baseUrl: config.apiBaseUrl,
  credential: () => callerCredential(() => apiClient.accessToken(), readSupportToken),
});

// A tab coming back into view may have slept through a drop: reconnect now rather than after the backoff.
globalThis.document?.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") live.reconnectNow();
});

// The quick exit closes the socket before the page goes (ADR 030).
globalThis.addEventListener?.(QUICK_EXIT_EVENT, () => live.end());
