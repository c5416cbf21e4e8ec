import { z } from "zod";
import { joinCalls } from "../shared/api-contract.ts";
import { SANDBOX_ROUTES } from "./sandbox-routes.ts";

// The sandbox's browser-side calls (ADR 014), each declared once for its API routes and the web's card step
// (apps/web/app/features/orders/card-payment.ts, the seam where Stripe.js replaces the sandbox in issue 16).

/** A PaymentIntent's states, as Stripe names them. */
export const PAYMENT_INTENT_STATUSES = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "succeeded",
  "canceled",
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** The card as the card form hands it over; only a test number is accepted, nothing of it is stored. */
export const SandboxCardBodySchema = z.object({
  number: z.string().regex(/^\d{12,19}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/),
  zip: z.string().trim().max(10).optional(),
});
export type SandboxCardBody = z.infer<typeof SandboxCardBodySchema>;

export const PaymentMethodSchema = z.object({
  id: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/),
  last4: z.string().regex(/^\d{4}$/),
  brand: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const IntentParamsSchema = z.object({ intentId: z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/) });

export const ChallengeQuerySchema = z.object({ client_secret: z.string().min(1).max(400) });

/** What the challenge shows: the amount in euros and the intent's state. */
export const ChallengeSchema = z.object({
  amount: z.number().nonnegative(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

export const ChallengeDecisionBodySchema = z.object({
  client_secret: z.string().min(1).max(400),
  approve: z.boolean(),
});

export const ChallengeResultSchema = z.object({ status: z.enum(PAYMENT_INTENT_STATUSES) });

const SCHEMAS = {
  createPaymentMethod: { body: SandboxCardBodySchema, response: PaymentMethodSchema },
  challenge: { params: IntentParamsSchema, query: ChallengeQuerySchema, response: ChallengeSchema },
  decideChallenge: {
    params: IntentParamsSchema,
    body: ChallengeDecisionBodySchema,
    response: ChallengeResultSchema,
  },
};

export type SandboxCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of sandbox-routes.ts with its schemas. */
export const SANDBOX_CALLS = joinCalls(SANDBOX_ROUTES, SCHEMAS);
