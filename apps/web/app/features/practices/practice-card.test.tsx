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
});
