import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INVOICE, PRACTICE_ID } from "./orders-test-helpers.tsx";

// The attempt kept across a reload (issue 39): the modules load afresh, as on a page load, with the tab's
// session storage.

afterEach(() => sessionStorage.clear());

async function load() {
  vi.resetModules();
  const store = await import("./cart-store.ts");
  const attempts = await import("./checkout-attempt.ts");
  return { ...store, ...attempts };
}

const request = {
  practiceId: PRACTICE_ID,
  items: ["TAKEDOWN"],
  invoice: INVOICE,
  salesConditionsAccepted: true,
  withdrawalWaiverAccepted: true,
} as Omit<OrderCreateBody, "idempotencyKey" | "payment">;

describe("a checkout attempt across a reload", () => {
  it("keeps its key with the cart for the same request, with no billing data in clear", async () => {
    const first = await load();
    first.dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items: ["TAKEDOWN"] });
    const opened = await first.openAttempt(request, "element", () => "key-1");
    opened.cardMade("pm_1");
    const stored = sessionStorage.getItem("cart") ?? "";
    expect(JSON.parse(stored).attempt).toEqual({
      key: "key-1",
      digest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(stored).not.toContain(INVOICE.taxCode);
    expect(stored).not.toContain("pm_1");

    const again = await load();
    const reopened = await again.openAttempt(request, "element", () => "key-2");
    expect(reopened.key).toBe("key-1");
    // The card is typed again after a reload: its payment method is made again, under the same key.
    expect(reopened.paymentMethodId).toBeNull();
    // The same request with the keys of its objects in another order is the same request.
    const { invoice, ...rest } = request;
    const reordered = { invoice: Object.fromEntries(Object.entries(invoice).reverse()), ...rest };
    expect((await again.openAttempt(reordered as typeof request, "element", () => "key-3")).key).toBe(
      "key-1",
    );
  });

  it("is forgotten with the cart, and once closed", async () => {
    const first = await load();
    first.dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items: ["TAKEDOWN"] });
    (await first.openAttempt(request, null, () => "key-1")).close();
    expect(JSON.parse(sessionStorage.getItem("cart") ?? "").attempt).toBeUndefined();
    expect((await first.openAttempt(request, null, () => "key-2")).key).toBe("key-2");
    first.dispatchCart({ type: "merge", practiceId: "another-practice", items: ["DEFENCE"] });
    expect(first.keptAttempt()).toBeNull();

    const again = await load();
    expect((await again.openAttempt(request, null, () => "key-3")).key).toBe("key-3");
  });

  it("ends on a definite answer only", async () => {
    const { answeredForGood } = await load();
    const { MESSAGES } = await import("@argine/core/shared/messages");
    const body = (code: string, message = "x") => ({ code, message, requestId: "r" });
    expect(answeredForGood(body("SERVICE_UNAVAILABLE"))).toBe(false);
    expect(answeredForGood(body("UNKNOWN"))).toBe(false);
    expect(answeredForGood({ message: "Server Error 500 !" })).toBe(false);
    expect(answeredForGood(new TypeError("Failed to fetch"))).toBe(false);
    expect(answeredForGood(body("CONFLICT", MESSAGES.orderInProgress))).toBe(false);
    expect(answeredForGood(body("CONFLICT", MESSAGES.orderNotPayable))).toBe(true);
    expect(answeredForGood(body("BAD_REQUEST"))).toBe(true);
    expect(answeredForGood(body("PAYMENT_FAILED"))).toBe(true);
  });
});
