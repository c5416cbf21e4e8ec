import { randomUUID } from "node:crypto";
import { type OrderCreateBody, OrderCreateBodySchema } from "@argine/core/orders/orders-api";

// What the shop's and the money documents' tests check out with: one client's billing data (a valid codice
// fiscale, an address in Rome) and a checkout's body around it.

export const TEST_BILLING: OrderCreateBody["invoice"] = {
  taxCode: "RSSMRA85T10A562S",
  address: "Via Roma 1",
  zip: "00184",
  city: "Roma",
  province: "RM",
  country: "IT",
};

/** POST /v1/orders's body for the practice's `items`, a new attempt each time, with `extra` fields. */
export const checkoutBody = (practiceId: string, items: string[], extra: Record<string, unknown> = {}) =>
  OrderCreateBodySchema.parse({
    practiceId,
    items,
    invoice: TEST_BILLING,
    salesConditionsAccepted: true,
    withdrawalWaiverAccepted: true,
    idempotencyKey: randomUUID(),
    ...extra,
  });
