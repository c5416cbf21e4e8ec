import { SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-routes";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QUICK_EXIT_EVENT } from "../../shared/live/quick-exit-event.ts";
import {
  FORGET_SHARED_FILES_MESSAGE,
  LOCAL_STORAGE_KEYS,
  readFeedbackClaim,
  SESSION_STORAGE_KEYS,
  SHARED_FILES_CACHE,
  writeFeedbackClaim,
} from "../../shared/store/browser-storage.ts";
import { QUICK_EXIT_URL, QuickExit, SHIFT_PRESS_WINDOW_MS } from "./quick-exit.tsx";

function spyOnReplace() {
  return vi.spyOn(window.location, "replace").mockImplementation(() => {});
}

/** A pageshow event (happy-dom has no PageTransitionEvent of its own). */
function pageShow(persisted: boolean): Event {
  return Object.assign(new Event("pageshow"), { persisted });
}

describe("QuickExit", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.classList.remove("quick-exiting");
  });

  it("replaces the page and its history entry with a neutral site", () => {
    const replace = spyOnReplace();
    render(<QuickExit />, { wrapper: MemoryRouter });
    const button = screen.getByRole("button", { name: "Esci subito" });
    fireEvent.click(button);
    expect(replace).toHaveBeenCalledWith(QUICK_EXIT_URL);
    expect(QUICK_EXIT_URL).toBe("https://www.google.it");
  });

  it("forgets the questionnaire's answers and the claim kept in this tab, not other sites' keys", () => {
    spyOnReplace();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackDraft, '{"draft":{"category":"STALKING"}}');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.feedbackClaim, "claim-token");
    sessionStorage.setItem("unrelated", "stays");
    render(<QuickExit />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole("button", { name: "Esci subito" }));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackDraft)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackClaim)).toBeNull();
    expect(sessionStorage.getItem("unrelated")).toBe("stays");
    sessionStorage.clear();
  });

  it("a page brought back from the back-forward cache after leaving is loaded afresh, not shown", () => {
    spyOnReplace();
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    render(<QuickExit />, { wrapper: MemoryRouter });
    window.dispatchEvent(pageShow(true));
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Esci subito" }));
    window.dispatchEvent(pageShow(false));
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(pageShow(true));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("forgets the questionnaire's claim and the local keys before leaving", () => {
    spyOnReplace();
    writeFeedbackClaim({ practiceId: "p1", claimToken: "t1" });
    localStorage.setItem(LOCAL_STORAGE_KEYS.lastKnownPracticeId, "p0");
    localStorage.setItem(LOCAL_STORAGE_KEYS.supportToken, "the-visitor-thread-token");
    const closing = vi.fn();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    window.addEventListener(QUICK_EXIT_EVENT, closing);
    render(<QuickExit />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole("button", { name: "Esci subito" }));
    window.removeEventListener(QUICK_EXIT_EVENT, closing);
    // The server is told, before the page goes, that the visitor left: her thread's token in its header,
    // never in the address, on a call that outlives the page.
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/v1\/support\/thread\/close$/);
    expect(init).toMatchObject({ method: "POST", keepalive: true });
    expect(new Headers(init?.headers).get(SUPPORT_TOKEN_HEADER)).toBe("the-visitor-thread-token");
    fetch.mockRestore();
    // The live socket is told to close, and the support chat's token is forgotten.
    expect(closing).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.supportToken)).toBeNull();
    expect(readFeedbackClaim()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackClaim)).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.lastKnownPracticeId)).toBeNull();
  });

  it("is a keyboard-reachable link to the neutral site that acts as a button, with Space too", () => {
    const replace = spyOnReplace();
    render(<QuickExit />, { wrapper: MemoryRouter });
    const button = screen.getByRole("button", { name: "Esci subito" });
    // Before the scripts run, the link itself leaves.
    expect(button.getAttribute("href")).toBe(QUICK_EXIT_URL);
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: " " });
    expect(replace).toHaveBeenCalledWith(QUICK_EXIT_URL);
  });

  it("leaves on Shift pressed three times, not when other keys come between", () => {
    vi.useFakeTimers();
    const replace = spyOnReplace();
    render(<QuickExit />, { wrapper: MemoryRouter });

    // Typing "AB" with Shift held: other keys reset the count.
    for (const key of ["Shift", "A", "Shift", "B", "Shift"]) fireEvent.keyDown(document.body, { key });
    expect(replace).not.toHaveBeenCalled();

    // Presses too far apart do not count together.
    fireEvent.keyDown(document.body, { key: "Shift" });
    vi.advanceTimersByTime(SHIFT_PRESS_WINDOW_MS + 1);
    fireEvent.keyDown(document.body, { key: "Shift" });
    fireEvent.keyDown(document.body, { key: "Shift", repeat: true });
    expect(replace).not.toHaveBeenCalled();

    fireEvent.keyDown(document.body, { key: "Shift" });
    vi.advanceTimersByTime(1000);
    fireEvent.keyDown(document.body, { key: "Shift" });
    expect(replace).toHaveBeenCalledWith(QUICK_EXIT_URL);
    expect(document.documentElement.classList.contains("quick-exiting")).toBe(true);
  });

  it("deletes what the phone shared with the diary, here and through the service worker (issue 40)", () => {
    spyOnReplace();
    const remove = vi.fn(async () => true);
    const postMessage = vi.fn();
    vi.stubGlobal("caches", { delete: remove });
    const worker = Object.getOwnPropertyDescriptor(navigator, "serviceWorker");
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { controller: { postMessage } },
    });
    try {
      render(<QuickExit />, { wrapper: MemoryRouter });
      fireEvent.click(screen.getByRole("button", { name: "Esci subito" }));
    } finally {
      if (worker) Object.defineProperty(navigator, "serviceWorker", worker);
      else Reflect.deleteProperty(navigator, "serviceWorker");
    }
    expect(remove).toHaveBeenCalledWith(SHARED_FILES_CACHE);
    expect(postMessage).toHaveBeenCalledWith({ type: FORGET_SHARED_FILES_MESSAGE });
  });

  it("links to the page that explains it", () => {
    render(<QuickExit />, { wrapper: MemoryRouter });
    expect(screen.getByRole("link", { name: "Come funziona" }).getAttribute("href")).toBe("/esci-subito");
  });
});
