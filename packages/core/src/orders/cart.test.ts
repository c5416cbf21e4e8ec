import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Campaign } from "../catalogue/campaign.ts";
import { PRODUCT_CODES, type ProductCode } from "../catalogue/product.ts";
import type { Voucher } from "../catalogue/voucher.ts";
import { round2 } from "../shared/money.ts";
import { type CartProduct, computeCart, type LoadedProduct, prepareProducts, resetCart } from "./cart.ts";

function loaded(
  code: ProductCode,
  price: number,
  discountedPrice: number | string,
  order: number,
): LoadedProduct {
  return { code, name: code, description: "", price, discountedPrice, vatRate: 22, meta: { order } };
}

function campaign(id: string, order: number, extra: Partial<Campaign> = {}): Campaign {
  return { id, code: id, name: id, sponsor: "Sponsor", coveragePercent: 50, meta: { order }, ...extra };
}

const catalogue = [
  loaded("TAKEDOWN", 100, "80.50", 2),
  loaded("LEGALIZATION", 50, 50, 1),
  loaded("ADVICE", 30, 30, 3),
  loaded("DEFENCE", 1000, "900", 4),
];

const finals = (products: { code: string; finalPrice: number }[]) =>
  Object.fromEntries(products.map((p) => [p.code, p.finalPrice]));

describe("prepareProducts", () => {
  it("converts discountedPrice to a number, sorts by meta.order and sets finalPrice", () => {
    const products = prepareProducts(catalogue, 45);
    expect(products.map((p) => p.code)).toEqual(["LEGALIZATION", "TAKEDOWN", "ADVICE", "DEFENCE"]);
    expect(products.find((p) => p.code === "TAKEDOWN")).toMatchObject({
      price: 100,
      discountedPrice: 80.5,
      finalPrice: 80.5,
    });
    expect(products.every((p) => typeof p.discountedPrice === "number")).toBe(true);
  });

  it("prices ADVICE at the practice's advice price", () => {
    const advice = prepareProducts(catalogue, 45).find((p) => p.code === "ADVICE");
    expect(advice).toMatchObject({ price: 45, discountedPrice: 45, finalPrice: 45 });
    expect(prepareProducts(catalogue, 0).find((p) => p.code === "ADVICE")?.finalPrice).toBe(0);
  });

  it("removes ADVICE when the practice has no advice price", () => {
    for (const advicePrice of [null, undefined, Number.NaN, -1]) {
      expect(prepareProducts(catalogue, advicePrice).map((p) => p.code)).toEqual([
        "LEGALIZATION",
        "TAKEDOWN",
        "DEFENCE",
      ]);
    }
  });

  it("falls back to the price for unreadable discounts and never exceeds the price", () => {
    const products = prepareProducts(
      [
        loaded("TAKEDOWN", 100, "", 1),
        loaded("INJUCTION", 100, "abc", 2),
        loaded("DEFENCE", 100, "120", 3),
        loaded("PACKAGE", 100, -5, 4),
        loaded("FEEDBACK", 10.005, " 9.999 ", 5),
      ],
      null,
    );
    expect(products.map((p) => p.discountedPrice)).toEqual([100, 100, 100, 0, 10]);
    expect(products.map((p) => p.price)).toEqual([100, 100, 100, 100, 10.01]);
  });

  it("does not mutate its input", () => {
    const input = [loaded("TAKEDOWN", 100, "80", 2), loaded("ADVICE", 30, 30, 1)];
    const copy = structuredClone(input);
    prepareProducts(input, 45);
    expect(input).toEqual(copy);
  });
});

describe("computeCart", () => {
  const products = prepareProducts(catalogue, 45);
  const items = ["TAKEDOWN", "LEGALIZATION"];

  it("sums list prices, discounts and the amount to pay", () => {
    const cart = computeCart({ products, items });
    expect(cart).toMatchObject({
      cartTotal: 150,
      amount: 130.5,
      cartDiscount: 19.5,
      campaign: null,
      campaignDiscount: 0,
      voucherDiscount: 0,
    });
    expect(finals(cart.products)).toEqual({ LEGALIZATION: 50, TAKEDOWN: 80.5, ADVICE: 45, DEFENCE: 900 });
  });

  it("is empty with no selection", () => {
    expect(computeCart({ products, items: [] })).toMatchObject({ cartTotal: 0, amount: 0, cartDiscount: 0 });
  });

  it("ignores unknown and repeated item codes", () => {
    const cart = computeCart({ products, items: ["TAKEDOWN", "TAKEDOWN", "PIZZA"] });
    expect(cart.amount).toBe(80.5);
  });

  it("applies a valid voucher as a percent of the discounted price", () => {
    const cart = computeCart({ products, items, voucher: { isValid: true, discountAmount: 10 } });
    expect(finals(cart.products)).toMatchObject({ TAKEDOWN: 72.45, LEGALIZATION: 45 });
    expect(cart).toMatchObject({ amount: 117.45, voucherDiscount: 13.05, cartDiscount: 32.55 });
  });

  it("gives each product its campaign and voucher shares, adding up to the totals (the order's lines)", () => {
    const cart = computeCart({
      products,
      items,
      campaigns: [campaign("c", 1, { productCodes: ["TAKEDOWN"] })],
      voucher: { isValid: true, discountAmount: 10 },
    });
    const takedown = cart.products.find((p) => p.code === "TAKEDOWN");
    expect(takedown).toMatchObject({ campaignDiscount: 40.25, voucherDiscount: 8.05, finalPrice: 32.2 });
    const sum = (pick: (p: (typeof cart.products)[number]) => number) =>
      round2(cart.products.reduce((acc, p) => acc + pick(p), 0));
    expect(sum((p) => p.campaignDiscount)).toBe(cart.campaignDiscount);
    expect(sum((p) => p.voucherDiscount)).toBe(cart.voucherDiscount);
  });

  it("takes 1% for a valid voucher without discountAmount, rounding each product to the cent", () => {
    const cart = computeCart({ products, items, voucher: { isValid: true } });
    // 1% of 80.50 is 0.805 → 0.81; 1% of 50 is 0.50.
    expect(cart.voucherDiscount).toBe(1.31);
    expect(cart.amount).toBe(129.19);
  });

  it("ignores a voucher not flagged valid", () => {
    const cart = computeCart({ products, items, voucher: { isValid: false, discountAmount: 50 } });
    expect(cart.amount).toBe(130.5);
    expect(cart.voucherDiscount).toBe(0);
  });

  it("applies the first applicable campaign on the discounted price", () => {
    const cart = computeCart({
      products,
      items,
      campaigns: [campaign("later", 2, { coveragePercent: 100 }), campaign("first", 1)],
    });
    expect(cart.campaign?.id).toBe("first");
    expect(finals(cart.products)).toMatchObject({ TAKEDOWN: 40.25, LEGALIZATION: 25 });
    expect(cart).toMatchObject({ campaignDiscount: 65.25, amount: 65.25, cartDiscount: 84.75 });
  });

  it("skips campaigns that cover none of the selected products", () => {
    const cart = computeCart({
      products,
      items,
      campaigns: [
        campaign("defence", 1, { productCodes: ["DEFENCE"] }),
        campaign("takedown", 2, { productCodes: ["TAKEDOWN"] }),
      ],
    });
    expect(cart.campaign?.id).toBe("takedown");
    expect(finals(cart.products)).toMatchObject({ TAKEDOWN: 40.25, LEGALIZATION: 50 });
    expect(cart.amount).toBe(90.25);
  });

  it("caps the sponsor's total at maxAmount, split in proportion to the cent", () => {
    const cart = computeCart({ products, items, campaigns: [campaign("capped", 1, { maxAmount: 30 })] });
    expect(cart.campaignDiscount).toBe(30);
    // 30 € split 40.25 : 25 → 18.51 + 11.49.
    expect(finals(cart.products)).toMatchObject({ TAKEDOWN: 61.99, LEGALIZATION: 38.51 });
    expect(cart.amount).toBe(100.5);
  });

  it("applies campaign and voucher both on the discounted price", () => {
    const cart = computeCart({
      products,
      items,
      campaigns: [campaign("half", 1)],
      voucher: { isValid: true, discountAmount: 10 },
    });
    expect(finals(cart.products)).toMatchObject({ TAKEDOWN: 32.2, LEGALIZATION: 20 });
    expect(cart).toMatchObject({
      campaignDiscount: 65.25,
      voucherDiscount: 13.05,
      amount: 52.2,
      cartDiscount: 97.8,
    });
  });

  it("never takes the voucher below zero after a full campaign", () => {
    const cart = computeCart({
      products,
      items,
      campaigns: [campaign("full", 1, { coveragePercent: 100 })],
      voucher: { isValid: true, discountAmount: 100 },
    });
    expect(cart).toMatchObject({ amount: 0, voucherDiscount: 0, campaignDiscount: 130.5, cartDiscount: 150 });
  });

  it("leaves unselected products at their discounted price", () => {
    const cart = computeCart({
      products,
      items,
      campaigns: [campaign("half", 1)],
      voucher: { isValid: true },
    });
    expect(finals(cart.products)).toMatchObject({ ADVICE: 45, DEFENCE: 900 });
  });

  it("keeps the product order and fields", () => {
    const cart = computeCart({ products, items });
    expect(cart.products.map((p) => p.code)).toEqual(products.map((p) => p.code));
    expect(cart.products[0]).toMatchObject({ name: "LEGALIZATION", vatRate: 22, meta: { order: 1 } });
  });
});

describe("resetCart", () => {
  it("sets each product's discounted and final price back to its price", () => {
    const products = computeCart({
      products: prepareProducts(catalogue, 45),
      items: ["TAKEDOWN"],
      voucher: { isValid: true, discountAmount: 10 },
    }).products;
    const reset = resetCart(products);
    for (const product of reset) {
      expect(product.discountedPrice).toBe(product.price);
      expect(product.finalPrice).toBe(product.price);
    }
    expect(reset.map((p) => p.code)).toEqual(products.map((p) => p.code));
  });
});

// Property tests: random catalogues, selections, campaigns and vouchers.

const cents = (max: number) => fc.integer({ min: 0, max });
const productArb = fc
  .uniqueArray(
    fc.record({
      code: fc.constantFrom(...PRODUCT_CODES),
      price: cents(500_000),
      discountPermille: fc.integer({ min: 0, max: 1000 }),
      order: fc.integer({ min: -5, max: 20 }),
    }),
    { selector: (p) => p.code, maxLength: PRODUCT_CODES.length },
  )
  .map((list) =>
    list.map((p): CartProduct => {
      const discounted = Math.floor((p.price * p.discountPermille) / 1000) / 100;
      return {
        code: p.code,
        name: p.code,
        description: "",
        price: p.price / 100,
        discountedPrice: discounted,
        finalPrice: discounted,
        vatRate: 22,
        meta: { order: p.order },
      };
    }),
  );
const percentArb = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }));
const campaignArb = fc.record(
  {
    id: fc.uuid(),
    code: fc.string({ minLength: 1, maxLength: 5 }),
    name: fc.string(),
    sponsor: fc.string(),
    coveragePercent: percentArb,
    maxAmount: fc.option(
      cents(200_000).map((c) => c / 100),
      { nil: undefined },
    ),
    productCodes: fc.option(fc.subarray([...PRODUCT_CODES]), { nil: undefined }),
    meta: fc.record({ order: fc.integer({ min: 0, max: 10 }) }),
  },
  { requiredKeys: ["id", "code", "name", "sponsor", "coveragePercent", "meta"] },
);
const voucherArb: fc.Arbitrary<Voucher | null> = fc.option(
  fc.record({ isValid: fc.boolean(), discountAmount: fc.option(percentArb, { nil: undefined }) }),
  { nil: null },
);
const cartArb = productArb.chain((products) =>
  fc.record({
    products: fc.constant(products),
    items: fc.subarray(products.map((p) => p.code)),
    campaigns: fc.array(campaignArb, { maxLength: 4 }),
    voucher: voucherArb,
  }),
);

const toCentsExact = (value: number) => Math.round(value * 100);
const isRounded = (value: number) => round2(value) === value;

describe("computeCart properties", () => {
  it("makes the amount the sum of the rounded final prices of the selected products", () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const cart = computeCart(input);
        const selected = cart.products.filter((p) => input.items.includes(p.code));
        const sum = selected.reduce((acc, p) => acc + toCentsExact(p.finalPrice), 0);
        expect(toCentsExact(cart.amount)).toBe(sum);
        expect(toCentsExact(cart.cartTotal)).toBe(
          selected.reduce((acc, p) => acc + toCentsExact(p.price), 0),
        );
      }),
    );
  });

  it("keeps every amount at 2 decimals, non-negative, with discount = list − total", () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const cart = computeCart(input);
        const amounts = [
          cart.cartTotal,
          cart.cartDiscount,
          cart.amount,
          cart.campaignDiscount,
          cart.voucherDiscount,
        ];
        for (const value of [...amounts, ...cart.products.map((p) => p.finalPrice)]) {
          expect(isRounded(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(toCentsExact(cart.cartDiscount)).toBe(
          toCentsExact(cart.cartTotal) - toCentsExact(cart.amount),
        );
        expect(toCentsExact(cart.cartDiscount)).toBeGreaterThanOrEqual(
          toCentsExact(cart.campaignDiscount) + toCentsExact(cart.voucherDiscount),
        );
      }),
    );
  });

  it("never prices a product above its price or its discounted price", () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        for (const product of computeCart(input).products) {
          expect(product.finalPrice).toBeLessThanOrEqual(product.discountedPrice);
          expect(product.finalPrice).toBeLessThanOrEqual(product.price);
        }
      }),
    );
  });

  it("keeps the campaign within its cap", () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const cart = computeCart(input);
        if (cart.campaign?.maxAmount != null) {
          expect(cart.campaignDiscount).toBeLessThanOrEqual(cart.campaign.maxAmount);
        }
        if (!cart.campaign) expect(cart.campaignDiscount).toBe(0);
      }),
    );
  });

  it("ignores a voucher not flagged valid", () => {
    fc.assert(
      fc.property(cartArb, percentArb, (input, discountAmount) => {
        const invalid = computeCart({ ...input, voucher: { isValid: false, discountAmount } });
        expect(invalid).toEqual(computeCart({ ...input, voucher: null }));
      }),
    );
  });

  it("treats a valid voucher without discountAmount as 1%", () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        expect(computeCart({ ...input, voucher: { isValid: true } })).toEqual(
          computeCart({ ...input, voucher: { isValid: true, discountAmount: 1 } }),
        );
      }),
    );
  });

  it("never raises the amount when a voucher or a campaign is added", () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const bare = computeCart({ products: input.products, items: input.items });
        expect(computeCart({ ...input, campaigns: [] }).amount).toBeLessThanOrEqual(bare.amount);
        expect(computeCart({ ...input, voucher: null }).amount).toBeLessThanOrEqual(bare.amount);
        expect(computeCart(input).amount).toBeLessThanOrEqual(bare.amount);
      }),
    );
  });

  it("leaves unselected products at their discounted price", () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        for (const product of computeCart(input).products) {
          if (!input.items.includes(product.code)) expect(product.finalPrice).toBe(product.discountedPrice);
        }
      }),
    );
  });
});

describe("prepareProducts properties", () => {
  const loadedArb = productArb.chain((products) =>
    fc.tuple(
      fc.constant(products),
      fc.array(fc.boolean(), { minLength: products.length, maxLength: products.length }),
    ),
  );
  const advicePriceArb = fc.option(
    cents(100_000).map((c) => c / 100),
    { nil: undefined },
  );

  it("sorts by meta.order, applies the ADVICE rule and starts finalPrice at the discounted price", () => {
    fc.assert(
      fc.property(loadedArb, advicePriceArb, ([products, asString], advicePrice) => {
        const input = products.map((p, i) => ({
          ...p,
          discountedPrice: asString[i] ? p.discountedPrice.toFixed(2) : p.discountedPrice,
        }));
        const prepared = prepareProducts(input, advicePrice);
        const orders = prepared.map((p) => p.meta.order);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
        const advice = prepared.find((p) => p.code === "ADVICE");
        if (advicePrice === undefined) expect(advice).toBeUndefined();
        else if (products.some((p) => p.code === "ADVICE")) {
          expect(advice).toMatchObject({
            price: advicePrice,
            discountedPrice: advicePrice,
            finalPrice: advicePrice,
          });
        }
        for (const product of prepared) {
          expect(typeof product.discountedPrice).toBe("number");
          expect(product.finalPrice).toBe(product.discountedPrice);
          expect(product.discountedPrice).toBeLessThanOrEqual(product.price);
          const original = products.find((p) => p.code === product.code);
          if (product.code !== "ADVICE") expect(product.discountedPrice).toBe(original?.discountedPrice);
        }
        expect(prepared).toHaveLength(
          products.filter((p) => p.code !== "ADVICE" || advicePrice !== undefined).length,
        );
      }),
    );
  });
});
