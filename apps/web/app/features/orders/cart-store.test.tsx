import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

// The cart store reads session storage once, when its module loads (a page load): each test loads it afresh.

afterEach(() => sessionStorage.clear());

async function loadStore() {
  vi.resetModules();
  return import("./cart-store.ts");
}

const PRACTICE_ID = "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11";
const GIFT = { code: "GIFT-DEMO", amount: 50, balance: 50, productCodes: [], expiresAt: null };

describe("the cart store", () => {
  it("comes back after a reload with the services, the voucher, the gift card and the last error, never the order", async () => {
    const first = await loadStore();
    first.dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items: ["TAKEDOWN"], giftCard: GIFT });
    first.dispatchCart({ type: "voucher", code: "DEMO10", result: { isValid: true, discountAmount: 10 } });
    first.dispatchCart({ type: "orderError", practiceId: PRACTICE_ID, message: "La carta è scaduta." });

    const { useCart } = await loadStore();
    function Probe() {
      return <output>{JSON.stringify(useCart())}</output>;
    }
    render(<Probe />);
    expect(JSON.parse(screen.getByRole("status").textContent ?? "")).toEqual({
      practiceId: PRACTICE_ID,
      items: ["TAKEDOWN"],
      voucherCode: "DEMO10",
      voucher: { isValid: true, discountAmount: 10 },
      giftCard: GIFT,
      order: null,
      error: "La carta è scaduta.",
    });
  });

  it("reads anything malformed as an empty cart, and forgets the cart once reset", async () => {
    sessionStorage.setItem("cart", '{"practiceId":42,"items":"TAKEDOWN"}');
    const store = await loadStore();
    function Probe() {
      return <output>{store.useCart().practiceId ?? "vuoto"}</output>;
    }
    render(<Probe />);
    expect(screen.getByRole("status").textContent).toBe("vuoto");
    act(() => store.dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items: ["DEFENCE"] }));
    expect(sessionStorage.getItem("cart")).toContain("DEFENCE");
    act(() => store.dispatchCart({ type: "reset" }));
    expect(sessionStorage.getItem("cart")).toBeNull();
  });
});
