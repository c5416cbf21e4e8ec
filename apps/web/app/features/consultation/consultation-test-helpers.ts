import type {
  ClientConsultation,
  ManagedConsultation,
  Slot,
  SlotsAnswer,
  StaffConsultation,
} from "@argine/core/consultation/consultation-api";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { fakeOidcClient, renderWithApp } from "../../test-render.tsx";

// The free consultation as its web tests see it: slots and bookings as the API answers them (Rome days and
// times beside each instant), and a signed-in client or lawyer.

export const slot = (startsAt: string, date: string, time: string): Slot => ({ startsAt, date, time });

/** Monday 7 and Tuesday 8 December 2026 (winter: Rome is UTC+1). */
export const MONDAY_10 = slot("2026-12-07T09:00:00.000Z", "2026-12-07", "10:00");
export const MONDAY_1030 = slot("2026-12-07T09:30:00.000Z", "2026-12-07", "10:30");
export const TUESDAY_15 = slot("2026-12-08T14:00:00.000Z", "2026-12-08", "15:00");

export function slotsAnswer(slots: Slot[]): SlotsAnswer {
  return { timeZone: "Europe/Rome", minutes: 30, from: "2026-12-07", to: "2027-01-04", slots };
}

export const CONSULTATION_ID = "c0000000-0000-4000-8000-000000000001";
export const PRACTICE_ID = "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11";

export function managed(overrides: Partial<ManagedConsultation> = {}): ManagedConsultation {
  return {
    id: CONSULTATION_ID,
    startsAt: MONDAY_10.startsAt,
    endsAt: "2026-12-07T09:30:00.000Z",
    date: "2026-12-07",
    time: "10:00",
    kind: "video",
    status: "booked",
    name: "Maria Rossi",
    email: "maria@example.it",
    phone: "+393331234567",
    practiceTicketCode: null,
    videoUrl: null,
    changeable: true,
    changeableUntil: "2026-12-07T08:00:00.000Z",
    ...overrides,
  };
}

export function staffConsultation(overrides: Partial<StaffConsultation> = {}): StaffConsultation {
  const { changeable: _changeable, changeableUntil: _until, ...base } = managed();
  return {
    ...base,
    practiceId: null,
    byClient: false,
    createdAt: "2026-12-01T10:00:00.000Z",
    ...overrides,
  };
}

/** A booking in the client's area: its practice and the manage page's address. */
export function clientConsultation(overrides: Partial<ClientConsultation> = {}): ClientConsultation {
  return {
    ...managed(),
    practiceId: null,
    managePath: `/consulenza/gestisci?t=${CONSULTATION_ID}.0.firma`,
    ...overrides,
  };
}

export const CLIENT_ID = "11111111-1111-4111-8111-111111111111";

/** Renders for a signed-in user: a client unless roles are given. */
export function renderSignedIn(element: ReactNode, { url = "/", roles = [] as string[] } = {}) {
  const authClient = fakeOidcClient({
    restore: vi.fn(async () => ({
      sub: CLIENT_ID,
      given_name: "Giulia",
      family_name: "Esposito",
      email: "giulia@example.it",
      roles,
    })),
  });
  return renderWithApp(element, { url, authClient });
}
