import { defineRoutes } from "../shared/api-contract.ts";
import type { ConsultationCallSchemas } from "./consultation-calls.ts";

// Method, path and success status of each free-consultation call; its schemas are in consultation-calls.ts.

export const CONSULTATION_ROUTES = defineRoutes<ConsultationCallSchemas>()({
  /** The free slots between two Rome days (public). */
  slots: { method: "GET", path: "/consultations/slots" },
  /** Books a slot (public): a visitor, or a signed-in client who may attach a practice of theirs. */
  book: { method: "POST", path: "/consultations", status: 201 },
  /** The booking of the mail link's token (in the x-consultation-token header). */
  manage: { method: "GET", path: "/consultations/manage" },
  /** Confirms a visitor's request from the mail's link: only then does it hold its slot. */
  confirm: { method: "POST", path: "/consultations/manage/confirm" },
  cancel: { method: "POST", path: "/consultations/manage/cancel" },
  move: { method: "POST", path: "/consultations/manage/move" },
  /** A signed-in client's own consultations, for her area. */
  mine: { method: "GET", path: "/consultations/mine" },
  /** Staff: the bookings of a period (a day, a week). */
  agenda: { method: "GET", path: "/admin/consultations" },
  outcome: { method: "PUT", path: "/admin/consultations/:id/outcome" },
  /** Staff: the video call's address, stored and mailed to the person. */
  videoLink: { method: "PUT", path: "/admin/consultations/:id/video-link" },
  availability: { method: "GET", path: "/admin/consultations/availability" },
  setAvailability: { method: "PUT", path: "/admin/consultations/availability" },
});
