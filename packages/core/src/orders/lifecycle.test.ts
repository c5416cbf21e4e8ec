import { describe, expect, it } from "vitest";
import { canOrderTransition, orderStatusesBefore } from "./lifecycle.ts";
import { ORDER_STATUS } from "./orders-api.ts";

describe("order lifecycle", () => {
  it("settles an awaiting order exactly one way, and never moves a failed or abandoned one", () => {
    for (const to of ["PAID", "FAILED", "ABANDONED"] as const) {
      expect(canOrderTransition("AWAITING_PAYMENT", to)).toBe(true);
      expect(orderStatusesBefore(to)).toEqual(["AWAITING_PAYMENT"]);
    }
    for (const to of ["FAILED", "ABANDONED"] as const) {
      for (const next of ORDER_STATUS.values) expect(canOrderTransition(to, next)).toBe(false);
    }
    expect(canOrderTransition("AWAITING_PAYMENT", "AWAITING_PAYMENT")).toBe(false);
    expect(orderStatusesBefore("AWAITING_PAYMENT")).toEqual([]);
  });

  it("refunds a paid order in parts, then whole, and never moves a refunded one", () => {
    expect(orderStatusesBefore("PARTIALLY_REFUNDED")).toEqual(["PAID", "PARTIALLY_REFUNDED"]);
    expect(orderStatusesBefore("REFUNDED")).toEqual(["PAID", "PARTIALLY_REFUNDED"]);
    for (const next of ORDER_STATUS.values) expect(canOrderTransition("REFUNDED", next)).toBe(false);
    expect(canOrderTransition("AWAITING_PAYMENT", "REFUNDED")).toBe(false);
  });

  it("reaches every status from a new order", () => {
    const reached = new Set(["AWAITING_PAYMENT"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...reached]) {
        for (const to of ORDER_STATUS.values) {
          if (canOrderTransition(from as never, to) && !reached.has(to)) {
            reached.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...ORDER_STATUS.values].sort());
  });
});
