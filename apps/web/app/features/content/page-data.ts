import { PAGE_DATA_MAX_RETRIES } from "@argine/core/shared/constants";
import { isRouteErrorResponse } from "react-router";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a page's build-time data on a client navigation. A 404 goes to the 404 page and a 5xx is an error
 * at once (both reach the root error boundary as route error responses); anything else — a dropped
 * connection, a timeout, a 4xx proxy page — is tried again up to PAGE_DATA_MAX_RETRIES times, a little later
 * each time.
 */
export async function loadPageData<T>(
  load: () => Promise<T>,
  { retries = PAGE_DATA_MAX_RETRIES, delayMs = 300 }: { retries?: number; delayMs?: number } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const final = isRouteErrorResponse(error) && (error.status === 404 || error.status >= 500);
      if (final || attempt >= retries) throw error;
      await wait(delayMs * (attempt + 1));
    }
  }
}
