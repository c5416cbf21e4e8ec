import { defineRoutes } from "../shared/api-contract.ts";
import type { SandboxCallSchemas } from "./sandbox-calls.ts";

// Method, path and success status of each call; its schemas are in sandbox-calls.ts (shared/api-contract.ts).
// They exist only while the sandbox is the payment provider (never in production).

export const SANDBOX_ROUTES = defineRoutes<SandboxCallSchemas>()({
  /** A test card → a `pm_…` payment method (what Stripe.js does with a real card). */
  createPaymentMethod: { method: "POST", path: "/sandbox/payment-methods", status: 201 },
  /** The 3-D Secure challenge of an intent in requires_action, by its client secret. */
  challenge: { method: "GET", path: "/sandbox/3ds/:intentId" },
  answerChallenge: { method: "POST", path: "/sandbox/3ds/:intentId" },
});
