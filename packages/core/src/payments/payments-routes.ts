import { defineRoutes } from "../shared/api-contract.ts";
import type { PaymentsCallSchemas } from "./payments-calls.ts";

// Method, path and success status of each call; its schemas are in payments-calls.ts (shared/api-contract.ts).

export const PAYMENTS_ROUTES = defineRoutes<PaymentsCallSchemas>()({
  /** Public: the card provider the checkout's card step loads. */
  config: { method: "GET", path: "/payments/config" },
});
