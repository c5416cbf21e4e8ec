import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../test-render.tsx";
import { clientConsultation, PRACTICE_ID, renderSignedIn } from "./consultation-test-helpers.ts";
import { MyConsultations } from "./my-consultations.tsx";

// The client's area: her consultations on the overview and on the practice she attached, each with its
// state, the video link once sent, and the manage page's link to move or cancel it.

const Section = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <section aria-label={String(title)}>{children}</section>
);

const UPCOMING = clientConsultation({
  practiceId: PRACTICE_ID,
  practiceTicketCode: "AR-7KM2Q9XD",
  videoUrl: "https://meet.example.it/argine-42",
});
const REQUESTED = clientConsultation({
  id: "c0000000-0000-4000-8000-000000000002",
  status: "requested",
  startsAt: "2026-12-08T14:00:00.000Z",
  endsAt: "2026-12-08T14:30:00.000Z",
  date: "2026-12-08",
  time: "15:00",
  kind: "phone",
  managePath: "/consulenza/gestisci?t=altro",
});
const CANCELLED = clientConsultation({
  id: "c0000000-0000-4000-8000-000000000003",
  status: "cancelled",
  startsAt: "2026-12-09T09:00:00.000Z",
  endsAt: "2026-12-09T09:30:00.000Z",
  date: "2026-12-09",
});

describe("the consultations in the client's area", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T10:00:00.000Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("lists her upcoming ones with their state, the video link and the manage page", async () => {
    stubApi({
      "GET /v1/consultations/mine": { status: 200, body: { data: [UPCOMING, REQUESTED, CANCELLED] } },
    });
    renderSignedIn(<MyConsultations Section={Section} />);
    const section = await screen.findByRole("region", { name: "Le tue consulenze gratuite" });
    const first = within(section).getByRole("article", {
      name: "Consulenza di lunedì 7 dicembre alle 10:00",
    });
    expect(within(first).getByText("Prenotata")).toBeTruthy();
    expect(
      within(first)
        .getByRole("link", { name: /Collegati alla videochiamata/ })
        .getAttribute("href"),
    ).toBe("https://meet.example.it/argine-42");
    expect(
      within(first)
        .getByRole("link", { name: /^Sposta o annulla/ })
        .getAttribute("href"),
    ).toBe(UPCOMING.managePath);
    const second = within(section).getByRole("article", {
      name: "Consulenza di martedì 8 dicembre alle 15:00",
    });
    expect(within(second).getByText("Da confermare")).toBeTruthy();
    expect(within(second).getByRole("link", { name: /^Conferma, sposta o annulla/ })).toBeTruthy();
    // The cancelled one is kept apart, folded.
    expect(within(section).getByText("Consulenze passate o annullate (1)")).toBeTruthy();
    expect(
      within(section)
        .getByRole("link", { name: "Prenota un'altra consulenza gratuita" })
        .getAttribute("href"),
    ).toBe("/consulenza");
  });

  it("shows on a practice's page only those attached to it, and links the booking page", async () => {
    stubApi({ "GET /v1/consultations/mine": { status: 200, body: { data: [UPCOMING, REQUESTED] } } });
    renderSignedIn(<MyConsultations practiceId={PRACTICE_ID} Section={Section} />);
    const section = await screen.findByRole("region", { name: "Consulenze gratuite per questa pratica" });
    expect(within(section).getAllByRole("article")).toHaveLength(1);
    expect(within(section).getByText("AR-7KM2Q9XD")).toBeTruthy();
  });

  it("leaves a request made with another address to that address's mail", async () => {
    stubApi({
      "GET /v1/consultations/mine": { status: 200, body: { data: [{ ...REQUESTED, managePath: null }] } },
    });
    renderSignedIn(<MyConsultations Section={Section} />);
    expect(await screen.findByText(/Per confermarla usa il link nell'email/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Conferma, sposta o annulla/ })).toBeNull();
  });

  it("says there is none yet and links the booking page", async () => {
    stubApi({ "GET /v1/consultations/mine": { status: 200, body: { data: [] } } });
    renderSignedIn(<MyConsultations Section={Section} />);
    expect(await screen.findByText(/Non hai consulenze in programma/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Prenota la consulenza gratuita" }).getAttribute("href")).toBe(
      "/consulenza",
    );
  });
});
