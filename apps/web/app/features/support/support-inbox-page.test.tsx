import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeOidcClient, renderWithApp, stubApi } from "../../test-render.tsx";
import { SupportInboxPage } from "./support-inbox-page.tsx";

// The socket is the live suites' (API and e2e); here the inbox's calls.
vi.mock("../../shared/live/live.ts", () => ({
  live: { subscribe: vi.fn(() => () => {}), watch: vi.fn(() => () => {}), typing: vi.fn() },
}));

const THREAD = "7f0c4c36-8d2e-4a57-9a53-0d7c2b8f3a11";
const LINE = "9b1d1f0e-2a4b-4c6d-8e0f-1a2b3c4d5e6f";
const ANSWER = "0b3f4a1e-5c6d-4e7f-8a9b-1c2d3e4f5a6b";

const signedIn = (roles: string[]) =>
  fakeOidcClient({ restore: vi.fn(async () => ({ sub: "u1", given_name: "Marco", roles })) });

const thread = (messages: unknown[]) => ({
  threadId: THREAD,
  email: "persona@example.it",
  token: null,
  messages,
  reads: { mine: null, theirs: null },
});
const line = {
  id: LINE,
  threadId: THREAD,
  text: "Mi minacciano.",
  from: "person",
  author: null,
  createdAt: "2026-12-01T09:00:00.000Z",
};

describe("the support inbox", () => {
  it("is the team's only", async () => {
    stubApi({});
    renderWithApp(<SupportInboxPage />, { authClient: signedIn([]) });
    expect(await screen.findByRole("heading", { name: "Area riservata" })).toBeTruthy();
  });

  it("lists who waits, opens a thread, and answers with Enter", async () => {
    const { calls } = stubApi({
      "GET /v1/admin/support/threads": {
        status: 200,
        body: {
          data: [
            {
              threadId: THREAD,
              who: "Visitatore 4F2",
              firstWords: "Mi minacciano.",
              closedAt: null,
              email: "persona@example.it",
              lastMessageAt: line.createdAt,
              awaitingReplySince: line.createdAt,
            },
            {
              threadId: "0a1b2c3d-0000-4000-8000-000000000000",
              who: "Visitatore 0A1",
              firstWords: "Ho scritto di notte…",
              closedAt: "2026-12-01T08:00:00.000Z",
              email: null,
              lastMessageAt: "2026-12-01T07:59:00.000Z",
              awaitingReplySince: null,
            },
          ],
        },
      },
      [`GET /v1/admin/support/threads/${THREAD}`]: { status: 200, body: thread([line]) },
      [`PUT /v1/admin/support/threads/${THREAD}/read`]: {
        status: 200,
        body: { mine: line.createdAt, theirs: null },
      },
      [`POST /v1/admin/support/threads/${THREAD}/messages`]: {
        status: 201,
        body: thread([
          line,
          { ...line, id: ANSWER, text: "Siamo qui.", from: "staff", author: "Marco Rinaldi" },
        ]),
      },
    });
    renderWithApp(<SupportInboxPage />, {
      url: `/dashboard/support?conversazione=${THREAD}`,
      authClient: signedIn(["lawyer"]),
    });
    expect(await screen.findByText(/In attesa dal/)).toBeTruthy();
    // Each visitor told apart by label and first words; the one who left by the quick exit, closed.
    const [waiting, left] = screen.getAllByRole("listitem").filter((item) => item.closest("ul"));
    expect(waiting?.textContent).toContain("Visitatore 4F2«Mi minacciano.»");
    expect(left?.textContent).toContain("Visitatore 0A1«Ho scritto di notte…»");
    expect(left?.textContent).toContain("Chiusa: ha usato l'uscita rapida");
    expect(left?.textContent).not.toContain("In attesa");
    expect(await screen.findByText("Mi minacciano.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "persona@example.it" }).getAttribute("href")).toBe(
      "mailto:persona@example.it",
    );
    // On screen, the thread is read up to its newest line.
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));

    const box = screen.getByLabelText(/^La tua risposta/);
    fireEvent.change(box, { target: { value: "Siamo qui." } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByText("Siamo qui.")).toBeTruthy();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ text: "Siamo qui." });
  });
});
