import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PracticeRecap } from "./case-page.tsx";

const PRACTICE: PracticeDetail = {
  practiceId: "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11",
  ticketCode: "AR-7KM2Q9XD",
  status: "OPEN",
  evaluation: "VALID",
  crimeType: "HATE_SPEECH",
  platform: "Instagram",
  anonymous: false,
  createdAt: "2026-11-02T09:00:00.000Z",
  expiryDate: "2027-02-02T00:00:00.000Z",
  client: null,
  feedbackLink: null,
  advicePrice: null,
  services: [],
  crimeUrl: null,
  tags: [],
  formsOfHate: [],
  shitstorm: "YES",
  psychologicalSupport: "UNKNOWN",
  serviceTakedownActive: true,
  serviceLegalizationActive: true,
  serviceInjuctionActive: true,
  serviceAdviceActive: true,
  humanReview: false,
  urgent: false,
  assignedLawyer: null,
  assignedAt: null,
  awaitingReplySince: null,
  humanReviewReason: null,
  minorSexualContent: false,
};

function renderRecap(practice: PracticeDetail, staff: boolean) {
  const router = createMemoryRouter([
    { path: "*", element: <PracticeRecap practice={practice} staff={staff} /> },
  ]);
  render(<RouterProvider router={router} />);
}

/** The value shown beside a term of the recap. */
function fact(term: string): string | null | undefined {
  const recap = screen.getByRole("region", { name: "Riepilogo" });
  return within(recap).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
}

describe("PracticeRecap", () => {
  it.each([
    ["YES", "Sì", false],
    ["NOT", "No", true],
    ["UNKNOWN", "Non so", true],
  ] as const)("shows the shitstorm flag %s in plain Italian, as '%s'", (shitstorm, shown, staff) => {
    renderRecap({ ...PRACTICE, shitstorm }, staff);
    expect(fact("Attacco di massa")).toBe(shown);
    expect(screen.queryByText(/shitstorm/i)).toBeNull();
  });
});
