import { defineRoutes } from "../shared/api-contract.ts";
import type { PracticeCallSchemas } from "./practice-calls.ts";

// Method, path and success status of each call; its schemas are in practice-calls.ts (shared/api-contract.ts).

export const PRACTICE_ROUTES = defineRoutes<PracticeCallSchemas>()({
  list: { method: "GET", path: "/practices" },
  queue: { method: "GET", path: "/practices/queue" },
  unreadCounts: { method: "GET", path: "/practices/unread-counts" },
  detail: { method: "GET", path: "/practices/:id" },
  remove: { method: "DELETE", path: "/practices/:id", status: 204 },
  changeStatus: { method: "PATCH", path: "/practices/:id/status" },
  setAnonymity: { method: "PUT", path: "/practices/:id/anonymity" },
  answers: { method: "GET", path: "/practices/:id/questions" },
  servicesActive: { method: "PATCH", path: "/practices/:id/services-active" },
  feedbackLink: { method: "GET", path: "/practices/:id/feedback-link" },
  evaluation: { method: "PATCH", path: "/practices/:id/evaluation" },
  adviceOffer: { method: "GET", path: "/practices/:id/customService" },
  advicePrice: { method: "PUT", path: "/practices/:id/customService" },
  take: { method: "POST", path: "/practices/:id/assignment" },
  release: { method: "DELETE", path: "/practices/:id/assignment" },
  emails: { method: "GET", path: "/practices/:id/emails" },
  /** The client's own practice only ("Chi ha visto la mia pratica"); not itself a staff read. */
  accessLog: { method: "GET", path: "/practices/:id/access-log" },
  emailClient: { method: "POST", path: "/practices/:id/emails", status: 201 },
  comments: { method: "GET", path: "/practices/:id/comments" },
  addComment: { method: "POST", path: "/practices/:id/comments", status: 201 },
  editComment: { method: "PUT", path: "/comments/:id" },
  commentReads: { method: "GET", path: "/practices/:id/comments/read" },
  readComments: { method: "PUT", path: "/practices/:id/comments/read" },
  claimWithToken: { method: "PATCH", path: "/practices/:id/user" },
  claimWithKey: { method: "POST", path: "/practices/claim" },
});
