import { defineRoutes } from "../shared/api-contract.ts";
import type { OutreachCallSchemas } from "./outreach-calls.ts";

// Method, path and success status of each call; its schemas are in outreach-calls.ts (shared/api-contract.ts).

export const OUTREACH_ROUTES = defineRoutes<OutreachCallSchemas>()({
  /** The same answer whether the address is new, waiting for confirmation or confirmed. */
  newsletter: { method: "POST", path: "/newsletter", status: 202 },
  confirmNewsletter: { method: "POST", path: "/newsletter/confirm" },
  partnership: { method: "POST", path: "/partnerships", status: 201 },
  idea: { method: "POST", path: "/ideas", status: 201 },
  newsletterSubscriptions: { method: "GET", path: "/admin/newsletter-subscriptions" },
  partnershipRequests: { method: "GET", path: "/admin/partnership-requests" },
  ideas: { method: "GET", path: "/admin/ideas" },
});
