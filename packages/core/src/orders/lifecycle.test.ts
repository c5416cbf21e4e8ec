import { describe, expect, it } from "vitest";
import { canOrderTransition, orderStatusesBefore } from "./lifecycle.ts";
import { ORDER_STATUS } from "./orders-api.ts";

describe("order lifecycle", () => {
  it("settles an awaiting order exactly one way, and never moves a settled one", () => {
    for (const to of ["PAID", "FAILED", "ABANDONED"] as const) {
      expect(canOrderTransition("AWAITING_PAYMENT", to)).toBe(true);
      expect(orderStatusesBefore(to)).toEqual(["AWAITING_PAYMENT"]);
      for (const next of ORDER_STATUS.values) expect(canOrderTransition(to, next)).toBe(false);
    }
    expect(canOrderTransition("AWAITING_PAYMENT", "AWAITING_PAYMENT")).toBe(false);
    expect(orderStatusesBefore("AWAITING_PAYMENT")).toEqual([]);
  });
});
