import { defineRoutes } from "../shared/api-contract.ts";
import type { SandboxCallSchemas } from "./sandbox-calls.ts";

// The sandbox payment provider's browser-side calls (ADR 014): the role Stripe.js plays while the sandbox is
// the provider (never in production). Method, path and success status; the schemas are in sandbox-calls.ts.

export const SANDBOX_ROUTES = defineRoutes<SandboxCallSchemas>()({
  /** A test card → a `pm_…` payment method id (400 with the card's Italian message when refused). */
  createPaymentMethod: { method: "POST", path: "/sandbox/payment-methods" },
  /** The 3-D Secure challenge of an intent: what the user is asked to approve. */
  challenge: { method: "GET", path: "/sandbox/3ds/:intentId" },
  /** The user's answer to the challenge: the intent's status after it. */
  decideChallenge: { method: "POST", path: "/sandbox/3ds/:intentId" },
});
