import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loadPageData } from "./page-data.ts";

// React Router rejects a `.data` fetch's non-2xx answer with an ErrorResponse, a network failure with the
// fetch's TypeError.

describe("loadPageData", () => {
  it("retries a failing load up to three times and returns the first success", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockRejectedValueOnce(new ErrorResponse(429, "Too Many Requests", ""))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue("pagina");
    await expect(loadPageData(load, { delayMs: 0 })).resolves.toBe("pagina");
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("gives up after the third retry", async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(loadPageData(load, { delayMs: 0 })).rejects.toThrow("Failed to fetch");
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("sends a 404 to the 404 page and a 500 to the error page without retrying", async () => {
    for (const status of [404, 500]) {
      const load = vi.fn<() => Promise<string>>().mockRejectedValue(new ErrorResponse(status, "", ""));
      await expect(loadPageData(load, { delayMs: 0 })).rejects.toMatchObject({ status });
      expect(load).toHaveBeenCalledTimes(1);
    }
  });
});
