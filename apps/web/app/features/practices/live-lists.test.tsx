import type { ConversationRef } from "@argine/core/conversations/live-api";
import type { PracticeQueue, PracticeSummary } from "@argine/core/practices/practices-api";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_ME } from "../../shared/admin/admin-test-helpers.tsx";
import { fakeOidcClient, renderWithApp, type StubbedCall, stubApi } from "../../test-render.tsx";
import { LawyerQueue } from "./lawyer-queue.tsx";
import { PracticesPage } from "./practices-page.tsx";

// The socket is the live suites' (API and e2e); here what a list does with the activity it hears (ADR 030):
// it reads the unaudited unread counts again, never the list or the queue, each of which is an audited read.
const socket = vi.hoisted(() => ({
  watchers: new Set<(moved: ConversationRef | undefined) => void>(),
}));
vi.mock("../../shared/live/live.ts", () => ({
  live: {
    subscribe: vi.fn(() => () => {}),
    watch: vi.fn((listener: (moved: ConversationRef | undefined) => void) => {
      socket.watchers.add(listener);
      return () => socket.watchers.delete(listener);
    }),
    typing: vi.fn(),
  },
}));
const hear = (moved: ConversationRef | undefined) =>
  act(() => {
    for (const watcher of socket.watchers) watcher(moved);
  });

const LAWYER_ME = { ...ADMIN_ME, roles: ["lawyer"] };
const ID = "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11";
const OTHER = "2b4c6d8e-1a3b-4c5d-8e7f-9a0b1c2d3e4f";
const practice = (practiceId: string, ticketCode: string, unreadComments: number): PracticeSummary => ({
  practiceId,
  ticketCode,
  status: "OPEN",
  evaluation: "VALID",
  crimeType: "DEFAMATION",
  platform: "Facebook",
  anonymous: false,
  createdAt: "2026-11-02T09:00:00.000Z",
  expiryDate: null,
  client: { name: "Giulia", lastname: "Esposito" },
  humanReview: false,
  urgent: false,
  assignedLawyer: null,
  assignedAt: null,
  awaitingReplySince: null,
  unreadComments,
});
const page = (data: PracticeSummary[]) => ({ total: data.length, totalCapped: false, data });

/** Signed in as a lawyer; the counts' call answers `counts` (its ids checked by the test). */
function asLawyer(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({ "GET /v1/users/me": { status: 200, body: LAWYER_ME }, ...routes });
  const authClient = fakeOidcClient({
    restore: vi.fn(async () => ({ sub: LAWYER_ME.id, given_name: "Chiara", roles: ["lawyer"] })),
  });
  return { api, authClient };
}
const to = (calls: StubbedCall[], path: string) =>
  calls.filter((call) => call.url.replace(/^https?:\/\/[^/]+/, "").split("?")[0] === path);

describe("a list hearing chat activity", () => {
  it("on the practices page reads the unread counts again, not the list", async () => {
    const { api, authClient } = asLawyer({
      "GET /v1/practices": {
        status: 200,
        body: page([practice(ID, "AR-7KM2Q9XD", 0), practice(OTHER, "AR-2B4C6D8E", 1)]),
      },
      "GET /v1/practices/unread-counts": { status: 200, body: { counts: { [ID]: 2 } } },
    });
    renderWithApp(<PracticesPage />, { url: "/dashboard/practices", authClient });

    // The list's own counts show first, and showing the list makes no second call.
    expect(await screen.findByText("1 messaggio nuovo")).toBeTruthy();
    expect(screen.queryByText("2 messaggi nuovi")).toBeNull();
    expect(to(api.calls, "/v1/practices")).toHaveLength(1);
    expect(to(api.calls, "/v1/practices/unread-counts")).toHaveLength(0);

    // A message on one of the conversations: the counts move, the list is not read again.
    await hear({ practiceId: ID });
    expect(await screen.findByText("2 messaggi nuovi")).toBeTruthy();
    expect(screen.queryByText("1 messaggio nuovo")).toBeNull();
    const [counts] = to(api.calls, "/v1/practices/unread-counts");
    expect(new URL(counts?.url ?? "", "https://argine.test").searchParams.get("ids")).toBe(`${ID},${OTHER}`);

    // A reconnection (the socket may have missed some) reads the counts again too; a support thread's
    // activity is the inbox's.
    await hear(undefined);
    await waitFor(() => expect(to(api.calls, "/v1/practices/unread-counts")).toHaveLength(2));
    await hear({ supportThreadId: OTHER });
    expect(to(api.calls, "/v1/practices/unread-counts")).toHaveLength(2);
    expect(to(api.calls, "/v1/practices")).toHaveLength(1);
  });

  it("on the lawyer's work queue reads the unread counts again, not the queue", async () => {
    const section = (data: PracticeSummary[]) => page(data);
    const queue: PracticeQueue = {
      urgent: section([]),
      new: section([practice(OTHER, "AR-2B4C6D8E", 0)]),
      waiting: section([practice(ID, "AR-7KM2Q9XD", 1)]),
    };
    const { api, authClient } = asLawyer({
      "GET /v1/practices/queue": { status: 200, body: queue },
      "GET /v1/practices/unread-counts": { status: 200, body: { counts: { [ID]: 3 } } },
    });
    renderWithApp(<LawyerQueue />, { url: "/dashboard", authClient });
    expect(await screen.findByText("1 messaggio nuovo")).toBeTruthy();

    await hear({ practiceId: ID });
    expect(await screen.findByText("3 messaggi nuovi")).toBeTruthy();
    const [counts] = to(api.calls, "/v1/practices/unread-counts");
    expect(new URL(counts?.url ?? "", "https://argine.test").searchParams.get("ids")).toBe(`${OTHER},${ID}`);
    expect(to(api.calls, "/v1/practices/queue")).toHaveLength(1);
  });
});
