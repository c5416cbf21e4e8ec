import type { PracticeSummary } from "@argine/core/practices/practices-api";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PracticeCard } from "./practice-card.tsx";

const PRACTICE: PracticeSummary = {
  practiceId: "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11",
  ticketCode: "AR-7KM2Q9XD",
  status: "TO_PAID",
  evaluation: "WITHRESERVE",
  crimeType: "DEFAMATION",
  platform: "Facebook",
  anonymous: false,
  createdAt: "2026-11-02T09:00:00.000Z",
  expiryDate: "2027-02-02T00:00:00.000Z",
  client: { name: "Giulia", lastname: "Esposito" },
  humanReview: false,
  urgent: false,
  assignedLawyer: null,
  assignedAt: null,
  awaitingReplySince: null,
  unreadComments: 0,
};

function renderCard(practice: PracticeSummary, staff: boolean) {
  const router = createMemoryRouter([
    { path: "*", element: <PracticeCard practice={practice} staff={staff} /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe("PracticeCard", () => {
  it("links to the case page by ticket code, with the spec's labels", () => {
    renderCard(PRACTICE, false);
    expect(screen.getByRole("link", { name: "Pratica AR-7KM2Q9XD" }).getAttribute("href")).toBe(
      "/dashboard/practices/case/AR-7KM2Q9XD",
    );
    expect(screen.getByText("da pagare")).toBeTruthy();
    expect(screen.getByText("valida con riserva")).toBeTruthy();
    expect(screen.getByText("2 febbraio 2027")).toBeTruthy();
    // A client is not shown their own name on every card.
    expect(screen.queryByText("Giulia Esposito")).toBeNull();
  });

  it("shows staff the client's name", () => {
    renderCard(PRACTICE, true);
    expect(screen.getByText("Giulia Esposito")).toBeTruthy();
  });

  it("says 'Pratica anonima' to staff when the client asked to stay anonymous", () => {
    renderCard({ ...PRACTICE, anonymous: true, client: null }, true);
    expect(screen.getByText("Pratica anonima")).toBeTruthy();
  });

  it("reads 'Errore Stato Non previsto' for a status the app does not know", () => {
    renderCard({ ...PRACTICE, status: "ARCHIVED" as PracticeSummary["status"] }, false);
    expect(screen.getByText("Errore Stato Non previsto")).toBeTruthy();
  });

  it("marks an urgent case 'Da esaminare subito' for staff only, and says who took a case in charge", () => {
    renderCard({ ...PRACTICE, humanReview: true, urgent: true }, true);
    expect(screen.getByText("Da esaminare subito")).toBeTruthy();
    expect(screen.getByText("Non ancora presa in carico")).toBeTruthy();
  });

  it("never alarms the client with the staff's badge", () => {
    renderCard({ ...PRACTICE, humanReview: true, urgent: true }, false);
    expect(screen.queryByText("Da esaminare subito")).toBeNull();
  });

  it("shows staff the lawyer who took the case and when, and since when the client waits", () => {
    renderCard(
      {
        ...PRACTICE,
        assignedLawyer: { id: "0b6f2a9e-5c1d-4f8e-9a57-0d4b1f3c2e12", name: "Marco", lastname: "Rinaldi" },
        assignedAt: "2026-11-24T10:00:00.000Z",
        awaitingReplySince: "2026-11-25T10:00:00.000Z",
      },
      true,
    );
    expect(
      screen.getByText(
        "Presa in carico da Avv. Marco Rinaldi il 24/11/2026 · Il cliente attende una risposta dal 25/11/2026",
      ),
    ).toBeTruthy();
  });
});
