import { describe, expect, it } from "vitest";
import type { Campaign } from "../catalogue/campaign.ts";
import type { ProductCode } from "../catalogue/product.ts";
import { type CartProduct, prepareProducts } from "./cart.ts";
import {
  type CartAction,
  type CartState,
  campaignQueryAmount,
  cartReducer,
  EMPTY_CART,
  paymentPlan,
  recalculate,
} from "./cart-state.ts";
import type { GiftCard, Order } from "./orders-api.ts";

const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";

const product = (code: ProductCode, price: number, discountedPrice: number | string, order: number) => ({
  code,
  name: code,
  description: "",
  price,
  discountedPrice,
  vatRate: 22,
  meta: { order },
});

const CATALOGUE = [
  product("INJUCTION", 200, 180, 3),
  product("TAKEDOWN", 100, "80", 2),
  product("ADVICE", 50, 50, 4),
  product("DEFENCE", 1000, 1000, 5),
];

const run = (...actions: CartAction[]) => actions.reduce(cartReducer, EMPTY_CART);
const ORDER = { id: "o1", practiceId: P1 } as Order;

describe("the cart state (spec §4 'Cart')", () => {
  it("merges items into the practice's cart, each once, and starts a new cart for another practice", () => {
    const cart = run(
      { type: "merge", practiceId: P1, items: ["TAKEDOWN"] },
      { type: "merge", practiceId: P1, items: ["INJUCTION", "TAKEDOWN", "NOT_A_PRODUCT"] },
      { type: "voucher", code: "DEMO10", result: { isValid: true, discountAmount: 10 } },
    );
    expect(cart).toMatchObject({ practiceId: P1, items: ["TAKEDOWN", "INJUCTION"], voucherCode: "DEMO10" });
    expect(cartReducer(cart, { type: "merge", practiceId: P2, items: ["DEFENCE"] })).toEqual({
      ...EMPTY_CART,
      practiceId: P2,
      items: ["DEFENCE"],
    });
  });

  it("toggles an item in and out", () => {
    const cart = run(
      { type: "toggleItem", practiceId: P1, code: "TAKEDOWN" },
      { type: "toggleItem", practiceId: P1, code: "INJUCTION" },
      { type: "toggleItem", practiceId: P1, code: "TAKEDOWN" },
    );
    expect(cart.items).toEqual(["INJUCTION"]);
  });

  it("never keeps the package beside a service it bundles", () => {
    const withPackage = run(
      { type: "toggleItem", practiceId: P1, code: "TAKEDOWN" },
      { type: "toggleItem", practiceId: P1, code: "DEFENCE" },
      { type: "toggleItem", practiceId: P1, code: "PACKAGE" },
    );
    expect(withPackage.items).toEqual(["DEFENCE", "PACKAGE"]);
    expect(cartReducer(withPackage, { type: "toggleItem", practiceId: P1, code: "INJUCTION" }).items).toEqual(
      ["DEFENCE", "INJUCTION"],
    );
  });

  it("treats an empty voucher result as none, and takes a voucher off", () => {
    const base = run({ type: "merge", practiceId: P1, items: ["TAKEDOWN"] });
    expect(cartReducer(base, { type: "voucher", code: "X12", result: {} as never })).toMatchObject({
      voucher: null,
      voucherCode: null,
    });
    const withVoucher = cartReducer(base, { type: "voucher", code: "X12", result: { isValid: true } });
    expect(cartReducer(withVoucher, { type: "voucher", code: null })).toMatchObject({
      voucher: null,
      voucherCode: null,
    });
  });

  it("stores an order result or error only for the current practice", () => {
    const cart = run({ type: "merge", practiceId: P1, items: ["TAKEDOWN"] });
    expect(cartReducer(cart, { type: "orderError", practiceId: P2, message: "no" })).toBe(cart);
    expect(cartReducer(cart, { type: "orderResult", practiceId: P2, order: ORDER })).toBe(cart);

    const failed = cartReducer(cart, { type: "orderError", practiceId: P1, message: "Fondi insufficienti." });
    expect(failed).toMatchObject({ error: "Fondi insufficienti.", items: ["TAKEDOWN"] });
    const paid = cartReducer(failed, { type: "orderResult", practiceId: P1, order: ORDER });
    expect(paid).toEqual({ ...EMPTY_CART, practiceId: P1, order: ORDER });
  });

  it("resets to an empty cart", () => {
    const cart = run(
      {
        type: "merge",
        practiceId: P1,
        items: ["TAKEDOWN"],
        giftCard: { code: "GIFT", amount: 50, balance: 50, productCodes: [], expiresAt: null },
      },
      { type: "voucher", code: "DEMO10", result: { isValid: true } },
      { type: "orderError", practiceId: P1, message: "x" },
    );
    expect(cartReducer(cart, { type: "reset" })).toEqual(EMPTY_CART);
  });
});

describe("recalculate", () => {
  const state = (items: ProductCode[], extra: Partial<CartState> = {}): CartState => ({
    ...EMPTY_CART,
    practiceId: P1,
    items,
    ...extra,
  });

  it("removes ADVICE without an advice price, prices it at the advice price otherwise, sorted by meta.order", () => {
    expect(prepareProducts(CATALOGUE, null).map((p) => p.code)).toEqual(["TAKEDOWN", "INJUCTION", "DEFENCE"]);
    const products = prepareProducts(CATALOGUE, 75);
    const view = recalculate(state(["ADVICE", "TAKEDOWN"]), { products });
    expect(view.lines.map((line) => [line.code, line.finalPrice])).toEqual([
      ["TAKEDOWN", 80],
      ["ADVICE", 75],
    ]);
    expect(view).toMatchObject({ cartTotal: 175, amount: 155, cartDiscount: 20 });
  });

  it("counts a voucher only when flagged valid, discountAmount percent of the discounted price", () => {
    const products = prepareProducts(CATALOGUE, null);
    const invalid = recalculate(state(["INJUCTION"], { voucher: { isValid: false, discountAmount: 50 } }), {
      products,
    });
    expect(invalid.amount).toBe(180);
    const valid = recalculate(state(["INJUCTION"], { voucher: { isValid: true, discountAmount: 10 } }), {
      products,
    });
    expect(valid).toMatchObject({ amount: 162, voucherDiscount: 18 });
    const byDefault = recalculate(state(["INJUCTION"], { voucher: { isValid: true } }), { products });
    expect(byDefault.voucherDiscount).toBe(1.8);
  });

  it("applies the first campaign and asks campaigns with the amount before it", () => {
    const products = prepareProducts(CATALOGUE, null);
    const campaign: Campaign = {
      id: "c",
      code: "C",
      name: "Campagna",
      sponsor: "Sponsor",
      coveragePercent: 100,
      productCodes: ["TAKEDOWN"],
      meta: { order: 1 },
    };
    const cart = state(["TAKEDOWN", "INJUCTION"]);
    expect(campaignQueryAmount(cart, products)).toBe(260);
    const view = recalculate(cart, { products, campaigns: [campaign] });
    expect(view).toMatchObject({ amount: 180, campaignDiscount: 80, cartTotal: 300, cartDiscount: 120 });
  });

  it("ignores selected items the catalogue no longer offers (bought meanwhile)", () => {
    const products = prepareProducts(CATALOGUE, null).filter((p) => p.code !== "TAKEDOWN");
    const view = recalculate(state(["TAKEDOWN", "INJUCTION"]), { products });
    expect(view.lines.map((line) => line.code)).toEqual(["INJUCTION"]);
    expect(view.amount).toBe(180);
  });
});

describe("paymentPlan", () => {
  const NOW = new Date("2026-11-24T12:00:00Z");
  const line = (code: ProductCode, finalPrice: number) => ({ code, finalPrice }) as CartProduct;
  const card = (balance: number, extra: Partial<GiftCard> = {}): GiftCard => ({
    code: "G",
    amount: 150,
    balance,
    productCodes: [],
    expiresAt: null,
    ...extra,
  });

  it("is the campaign's when nothing is left to pay", () => {
    expect(paymentPlan({ amount: 0, lines: [] }, null, NOW)).toEqual({
      type: "CAMPAIGN",
      giftCardAmount: 0,
      cardAmount: 0,
    });
  });

  it("pays by gift card what it covers and by card the rest", () => {
    const view = { amount: 1180, lines: [line("INJUCTION", 180), line("DEFENCE", 1000)] };
    expect(paymentPlan(view, null, NOW)).toEqual({ type: "STRIPE", giftCardAmount: 0, cardAmount: 1180 });
    expect(paymentPlan(view, card(150, { productCodes: ["DEFENCE"] }), NOW)).toEqual({
      type: "STRIPE",
      giftCardAmount: 150,
      cardAmount: 1030,
    });
    expect(paymentPlan(view, card(2000), NOW)).toEqual({
      type: "GIFT_CARD",
      giftCardAmount: 1180,
      cardAmount: 0,
    });
    expect(paymentPlan(view, card(2000, { productCodes: ["INJUCTION"] }), NOW)).toMatchObject({
      giftCardAmount: 180,
      cardAmount: 1000,
    });
  });

  it("leaves out an expired or empty gift card", () => {
    const view = { amount: 180, lines: [line("INJUCTION", 180)] };
    expect(paymentPlan(view, card(500, { expiresAt: "2026-11-01T00:00:00Z" }), NOW).cardAmount).toBe(180);
    expect(paymentPlan(view, card(0), NOW).cardAmount).toBe(180);
  });
});
