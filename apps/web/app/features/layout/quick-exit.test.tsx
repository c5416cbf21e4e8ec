import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QUICK_EXIT_URL, QuickExit } from "./quick-exit.tsx";

function spyOnReplace() {
  return vi.spyOn(window.location, "replace").mockImplementation(() => {});
}

describe("QuickExit", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("replaces the page and its history entry with a neutral site", () => {
    const replace = spyOnReplace();
    render(<QuickExit />);
    const button = screen.getByRole("button", { name: "Esci subito" });
    fireEvent.click(button);
    expect(replace).toHaveBeenCalledWith(QUICK_EXIT_URL);
    expect(QUICK_EXIT_URL).toBe("https://www.google.it");
  });

  it("is a keyboard-reachable native button", () => {
    render(<QuickExit />);
    const button = screen.getByRole("button", { name: "Esci subito" });
    expect(button.tagName).toBe("BUTTON");
    button.focus();
    expect(document.activeElement).toBe(button);
  });

  it("leaves on Escape pressed three times quickly, not on slow presses", () => {
    vi.useFakeTimers();
    const replace = spyOnReplace();
    render(<QuickExit />);

    fireEvent.keyDown(document.body, { key: "Escape" });
    vi.advanceTimersByTime(2000);
    fireEvent.keyDown(document.body, { key: "Escape" });
    vi.advanceTimersByTime(2000);
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(replace).not.toHaveBeenCalled();

    fireEvent.keyDown(document.body, { key: "Escape" });
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(replace).toHaveBeenCalledWith(QUICK_EXIT_URL);
  });
});
