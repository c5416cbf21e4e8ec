import type { ServiceQueueItem, StaffMember } from "@argine/core/services/services-api";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { fakeOidcClient, renderWithApp } from "../../test-render.tsx";

// The staff's queue as its tests see it: the signed-in lawyer, a colleague, and a queue item to vary.

export const ME: StaffMember = { id: "11111111-1111-4111-8111-111111111111", name: "Marco Rinaldi" };
export const COLLEAGUE: StaffMember = { id: "22222222-2222-4222-8222-222222222222", name: "Anna Neri" };
export const LAWYERS: StaffMember[] = [COLLEAGUE, ME];

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant `days` whole days ago (and an hour more, so it is not on the edge of a day). */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS - 60 * 60 * 1000).toISOString();

export function queueItem(overrides: Partial<ServiceQueueItem> = {}): ServiceQueueItem {
  return {
    serviceId: "33333333-3333-4333-8333-333333333333",
    serviceType: "INJUCTION",
    status: "TO_START",
    practiceId: "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11",
    ticketCode: "AR-7KM2Q9XD",
    paidAt: daysAgo(3),
    assignedLawyer: null,
    mandateAccepted: null,
    ...overrides,
  };
}

/** Renders for a signed-in user, a lawyer unless other roles are given. */
export function renderAsStaff(element: ReactNode, { url = "/", roles = ["lawyer"] } = {}) {
  const authClient = fakeOidcClient({
    restore: vi.fn(async () => ({ sub: ME.id, given_name: "Marco", roles })),
  });
  return renderWithApp(element, { url, authClient });
}
