import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readSupportToken, writeSupportToken } from "../../shared/store/browser-storage.ts";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { SupportPanel } from "./support-panel.tsx";

// The socket is the live suites' (API and e2e); here the window's calls and what it keeps.
vi.mock("../../shared/live/live.ts", () => ({
  live: { subscribe: vi.fn(() => () => {}), watch: vi.fn(() => () => {}), typing: vi.fn() },
}));

const THREAD = "7f0c4c36-8d2e-4a57-9a53-0d7c2b8f3a11";
const TOKEN = "t".repeat(43);
const line = (id: string, text: string, from: "person" | "staff" = "person") => ({
  id,
  threadId: THREAD,
  text,
  from,
  author: from === "staff" ? "Giulia Bianchi" : null,
  createdAt: "2026-12-01T10:00:00.000Z",
});
const MESSAGE_ID = "9b1d1f0e-2a4b-4c6d-8e0f-1a2b3c4d5e6f";

describe("the support chat's window", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("lets a visitor write without an account, shows the line as text, and keeps the thread's token", async () => {
    const { calls } = stubApi({
      "POST /v1/support/thread/messages": {
        status: 201,
        body: {
          threadId: THREAD,
          email: null,
          token: TOKEN,
          messages: [line(MESSAGE_ID, "<script>alert(1)</script>\nAiuto")],
          reads: { mine: null, theirs: null },
        },
      },
    });
    renderWithApp(<SupportPanel onClose={() => {}} />);
    const box = screen.getByLabelText(/^Il tuo messaggio/);
    fireEvent.change(box, { target: { value: "<script>alert(1)</script>\nAiuto" } });
    fireEvent.keyDown(box, { key: "Enter" });

    await screen.findByText((_, element) => element?.textContent === "<script>alert(1)</script>\nAiuto");
    expect(document.querySelector("section script")).toBeNull();
    const sent = calls.find((call) => call.method === "POST");
    expect(sent?.body).toEqual({ text: "<script>alert(1)</script>\nAiuto" });
    expect(sent?.headers.get("x-support-token")).toBeNull();
    expect(readSupportToken()).toBe(TOKEN);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
  });

  it("finds the thread again with the kept token, and forgets a token that opens none", async () => {
    writeSupportToken(TOKEN);
    const { calls } = stubApi({
      "GET /v1/support/thread": {
        status: 200,
        body: {
          threadId: THREAD,
          email: null,
          token: null,
          messages: [line(MESSAGE_ID, "Siamo qui.", "staff")],
          reads: { mine: null, theirs: null },
        },
      },
    });
    renderWithApp(<SupportPanel onClose={() => {}} />);
    expect(await screen.findByText("Siamo qui.")).toBeTruthy();
    expect(screen.getByText(/^Giulia Bianchi/)).toBeTruthy();
    expect(calls[0]?.headers.get("x-support-token")).toBe(TOKEN);

    stubApi({
      "GET /v1/support/thread": {
        status: 404,
        body: {
          code: "NOT_FOUND",
          message: "Questa conversazione non esiste più: puoi iniziarne una nuova.",
        },
      },
    });
    localStorage.clear();
    writeSupportToken("gone".repeat(11));
    renderWithApp(<SupportPanel onClose={() => {}} />);
    await waitFor(() => expect(readSupportToken()).toBeNull());
  });

  it("outside the hours says when the team is back and offers the free consultation", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-06T10:00:00Z")); // Sunday, 11:00 in Rome
    stubApi({});
    renderWithApp(<SupportPanel onClose={() => {}} />);
    expect(screen.getByText(/siamo chiusi: torniamo domani alle 9:00/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "prenota una consulenza gratuita" }).getAttribute("href")).toBe(
      "/consulenza",
    );
  });

  it("promises an answer within the hour only with an hour left, and keeps holidays closed", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    stubApi({});
    vi.setSystemTime(new Date("2026-12-05T10:00:00Z")); // Saturday, 11:00 in Rome
    const open = renderWithApp(<SupportPanel onClose={() => {}} />);
    expect(screen.getByText(/Il team è al lavoro ora\. .*rispondiamo entro un'ora/)).toBeTruthy();
    open.unmount();

    vi.setSystemTime(new Date("2026-12-05T11:55:00Z")); // Saturday, 12:55: five minutes to closing
    const closing = renderWithApp(<SupportPanel onClose={() => {}} />);
    expect(screen.queryByText(/entro un'ora/)).toBeNull();
    expect(screen.getByText(/al lavoro fino alle 13:00: .*appena rientriamo, lunedì alle 9:00/)).toBeTruthy();
    closing.unmount();

    vi.setSystemTime(new Date("2026-12-25T10:00:00Z")); // Christmas, a Friday, 11:00
    renderWithApp(<SupportPanel onClose={() => {}} />);
    expect(screen.queryByText(/al lavoro/)).toBeNull();
    expect(screen.getByText(/siamo chiusi: torniamo lunedì alle 9:00/)).toBeTruthy();
    expect(screen.getByText(/chiuso nei giorni festivi/)).toBeTruthy();
  });

  it("marks the team's answer read while it shows, and says when the team has read the person's line", async () => {
    writeSupportToken(TOKEN);
    const mine = "0b3f4a1e-5c6d-4e7f-8a9b-1c2d3e4f5a6b";
    const { calls } = stubApi({
      "GET /v1/support/thread": {
        status: 200,
        body: {
          threadId: THREAD,
          email: null,
          token: null,
          messages: [
            { ...line(mine, "Ci siete?"), createdAt: "2026-12-01T09:00:00.000Z" },
            line(MESSAGE_ID, "Sì, eccoci.", "staff"),
          ],
          reads: { mine: null, theirs: "2026-12-01T09:00:00.000Z" },
        },
      },
      "PUT /v1/support/thread/read": {
        status: 200,
        body: { mine: "2026-12-01T10:00:00.000Z", theirs: "2026-12-01T09:00:00.000Z" },
      },
    });
    renderWithApp(<SupportPanel onClose={() => {}} />);
    expect(await screen.findByText("Letto dal team")).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const read = calls.find((call) => call.method === "PUT");
    expect(read?.body).toEqual({ upTo: MESSAGE_ID });
    expect(read?.headers.get("x-support-token")).toBe(TOKEN);
  });

  it("closes on Escape", () => {
    stubApi({});
    const onClose = vi.fn();
    renderWithApp(<SupportPanel onClose={onClose} />);
    fireEvent.keyDown(screen.getByLabelText(/^Il tuo messaggio/), { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("never cuts a long line: it counts near the limit and refuses past it, with the text kept", async () => {
    const { calls } = stubApi({});
    renderWithApp(<SupportPanel onClose={() => {}} />);
    const box = screen.getByLabelText(/^Il tuo messaggio/) as HTMLTextAreaElement;
    expect(box.hasAttribute("maxlength")).toBe(false);
    fireEvent.change(box, { target: { value: "parola ".repeat(200) } });
    expect(screen.queryByText(/caratteri$/)).toBeNull();
    const long = `${"parola ".repeat(285)}finale`;
    fireEvent.change(box, { target: { value: long } });
    expect(screen.getByText(/^2001 \/ 2000 caratteri · un carattere di troppo/)).toBeTruthy();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByText("Il testo inserito è troppo lungo.")).toBeTruthy();
    expect(box.value).toBe(long);
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("offline, says so and shows the line as waiting; back online, sends it once", async () => {
    writeSupportToken(TOKEN);
    const thread = (messages: ReturnType<typeof line>[]) => ({
      threadId: THREAD,
      email: null,
      token: null,
      messages,
      reads: { mine: null, theirs: null },
    });
    const { calls } = stubApi({
      "GET /v1/support/thread": { status: 200, body: thread([line(MESSAGE_ID, "Ci siete?")]) },
      "POST /v1/support/thread/messages": {
        status: 201,
        body: thread([line(MESSAGE_ID, "Ci siete?"), { ...line(THREAD, "Sono ancora qui.") }]),
      },
      "PUT /v1/support/thread/read": { status: 200, body: { mine: null, theirs: null } },
    });
    renderWithApp(<SupportPanel onClose={() => {}} />);
    await screen.findByText("Ci siete?");
    act(() => onlineManager.setOnline(false));
    try {
      expect(
        await screen.findByText(/^Sei offline: il messaggio partirà appena torni in linea/),
      ).toBeTruthy();
      const box = screen.getByLabelText(/^Il tuo messaggio/);
      fireEvent.change(box, { target: { value: "Sono ancora qui." } });
      fireEvent.keyDown(box, { key: "Enter" });
      expect(await screen.findByText("Tu · in attesa di invio")).toBeTruthy();
      expect(screen.getByRole("button", { name: "In attesa della connessione…" })).toBeTruthy();
      expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    await waitFor(() => expect(screen.queryByText("Tu · in attesa di invio")).toBeNull());
    expect(screen.queryByText(/^Sei offline/)).toBeNull();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("on a phone is a modal dialog that keeps the keyboard inside", () => {
    const matchMedia = vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({
          matches: true,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      stubApi({});
      renderWithApp(<SupportPanel onClose={() => {}} />);
      const dialog = screen.getByRole("dialog", { name: "Scrivi al team di Argine" });
      expect(dialog.getAttribute("aria-modal")).toBe("true");
      // Tab from its last control goes back to its first, never into the page behind.
      const send = screen.getByRole("button", { name: "Invia" });
      send.focus();
      fireEvent.keyDown(send, { key: "Tab" });
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Chiudi la chat" }));
    } finally {
      matchMedia.mockRestore();
    }
  });
});
