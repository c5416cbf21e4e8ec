import { PREVIEW_FADE_MS } from "@argine/core/shared/constants";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PREVIEW_OVERLAY_TEXT, PreviewOverlay } from "./preview-overlay.tsx";

describe("PreviewOverlay", () => {
  afterEach(() => vi.useRealTimers());

  it("reads 'Loading Prismic Preview' while loading and fades out over 330 ms", () => {
    vi.useFakeTimers();
    const { rerender } = render(<PreviewOverlay loading />);
    const overlay = screen.getByRole("status");
    expect(overlay.textContent).toBe("Loading Prismic Preview");
    expect(PREVIEW_OVERLAY_TEXT).toBe("Loading Prismic Preview");
    rerender(<PreviewOverlay loading={false} />);
    expect(overlay.getAttribute("data-fading")).toBe("true");
    act(() => vi.advanceTimersByTime(PREVIEW_FADE_MS - 1));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("status")).toBeNull();
    expect(PREVIEW_FADE_MS).toBe(330);
  });
});
