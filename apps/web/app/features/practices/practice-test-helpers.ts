import type { PracticeDetail } from "@argine/core/practices/practices-api";

// A client's practice as GET /v1/practices/{id} answers it, for the web tests of the pages that show it (the
// case page, the shop's pages in the per-case area): waiting, valid, every service offered, nothing bought.

export const PRACTICE_ID = "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11";
export const TICKET = "AR-7KM2Q9XD";

export const PRACTICE: PracticeDetail = {
  practiceId: PRACTICE_ID,
  ticketCode: TICKET,
  status: "PENDING",
  evaluation: "VALID",
  crimeType: "REVENGEPORN",
  platform: "Telegram",
  anonymous: false,
  createdAt: "2026-11-02T09:00:00.000Z",
  expiryDate: null,
  client: null,
  humanReview: false,
  urgent: false,
  assignedLawyer: null,
  assignedAt: null,
  awaitingReplySince: null,
  feedbackLink: null,
  advicePrice: null,
  services: [],
  crimeUrl: null,
  tags: [],
  formsOfHate: [],
  shitstorm: "UNKNOWN",
  psychologicalSupport: "UNKNOWN",
  serviceTakedownActive: true,
  serviceLegalizationActive: true,
  serviceInjuctionActive: true,
  serviceAdviceActive: true,
  humanReviewReason: null,
  minorSexualContent: false,
};
