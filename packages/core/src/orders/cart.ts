import { applicableCampaign, type Campaign, campaignCovers } from "../catalogue/campaign.ts";
import type { Product } from "../catalogue/product.ts";
import { type Voucher, voucherPercent } from "../catalogue/voucher.ts";
import { fromCents, round2, toCents } from "../shared/money.ts";

// Cart maths (spec §4 "Cart", §5 "Cart and coupon rules", §9). Pure functions over plain data; every sum is
// done in integer cents so totals equal the sum of the rounded prices shown.
//
// Order of application, per selected product:
//   1. the catalogue discount: price → discountedPrice;
//   2. the campaign: the first applicable campaign (by meta.order) covers coveragePercent of the discounted
//      price, the sponsor's total capped by maxAmount;
//   3. the voucher: discountAmount percent of the discounted price (not of the price after the campaign),
//      limited to what the campaign left to pay.
// finalPrice = discountedPrice − campaign − voucher, never below 0 and never above price.

export const ADVICE_PRODUCT_CODE = "ADVICE";

/** A catalogue product as loaded: discountedPrice may still be a numeric string (spec §4 "Cart"). */
export type LoadedProduct = Omit<Product, "discountedPrice"> & { discountedPrice: number | string };

export type CartProduct = Product & { finalPrice: number };

/** What computeCart needs of a product. */
export interface PricedProduct {
  code: string;
  price: number;
  discountedPrice: number;
}

export interface CartInput<P extends PricedProduct> {
  products: readonly P[];
  /** Selected product codes. */
  items: readonly string[];
  campaigns?: readonly Campaign[] | null;
  voucher?: Voucher | null;
}

/** A product in the cart's answer: its final price and, when selected, the campaign's and voucher's shares. */
export type CartLine<P> = P & { finalPrice: number; campaignDiscount: number; voucherDiscount: number };

export interface CartTotals<P extends PricedProduct> {
  /** The input products in the same order, each with its finalPrice (the server snapshots the shares). */
  products: CartLine<P>[];
  /** Sum of the list prices of the selected products. */
  cartTotal: number;
  /** cartTotal − amount: catalogue discounts, campaign and voucher together. */
  cartDiscount: number;
  /** What the client pays: the sum of the selected products' final prices. */
  amount: number;
  /** The campaign applied, if any. */
  campaign: Campaign | null;
  campaignDiscount: number;
  voucherDiscount: number;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function toAmount(value: number | string): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = value.trim();
  // A strict pattern: Number("") and Number(" ") are 0, which would make a product free.
  return DECIMAL.test(text) ? Number(text) : null;
}

const nonNegative = (value: number): number => round2(Math.max(0, value));

/**
 * Products ready for the cart: discountedPrice as a number (an unreadable one falls back to the price, and
 * it never exceeds the price), ADVICE removed when the practice has no advice price or priced at it,
 * sorted by meta.order, finalPrice = discountedPrice.
 */
export function prepareProducts(
  products: readonly LoadedProduct[],
  advicePrice: number | null | undefined,
): CartProduct[] {
  const advice =
    typeof advicePrice === "number" && Number.isFinite(advicePrice) && advicePrice >= 0
      ? nonNegative(advicePrice)
      : null;
  return products
    .filter((product) => product.code !== ADVICE_PRODUCT_CODE || advice !== null)
    .map((product): CartProduct => {
      if (product.code === ADVICE_PRODUCT_CODE && advice !== null) {
        return { ...product, price: advice, discountedPrice: advice, finalPrice: advice };
      }
      const price = nonNegative(product.price);
      const loaded = toAmount(product.discountedPrice);
      const discountedPrice = loaded === null ? price : Math.min(price, nonNegative(loaded));
      return { ...product, price, discountedPrice, finalPrice: discountedPrice };
    })
    .sort((a, b) => a.meta.order - b.meta.order);
}

/** `percent` of an amount in cents, rounded half up to the cent. */
function percentOf(cents: number, percent: number): number {
  return toCents((cents * percent) / 10_000);
}

/**
 * Splits `total` cents in proportion to `weights` (largest remainder), so the parts add up to `total`
 * exactly. Ties go to the earlier weight.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((acc, part) => acc + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts;
}

export function computeCart<P extends PricedProduct>(input: CartInput<P>): CartTotals<P> {
  const { products, items, campaigns, voucher } = input;
  const wanted = new Set(items);
  const lines = products.map((product) => {
    const price = toCents(Math.max(0, product.price));
    return {
      product,
      selected: wanted.has(product.code),
      price,
      discounted: Math.min(price, toCents(Math.max(0, product.discountedPrice))),
      campaign: 0,
      voucher: 0,
    };
  });
  const selected = lines.filter((line) => line.selected);

  const campaign = applicableCampaign(
    campaigns,
    selected.map((line) => line.product.code),
  );
  if (campaign) {
    const covered = selected.filter((line) => campaignCovers(campaign, line.product.code));
    const shares = covered.map((line) => percentOf(line.discounted, campaign.coveragePercent));
    const uncapped = shares.reduce((acc, share) => acc + share, 0);
    const cap = campaign.maxAmount == null ? uncapped : toCents(campaign.maxAmount);
    const granted = uncapped > cap ? allocate(cap, shares) : shares;
    covered.forEach((line, i) => {
      line.campaign = Math.min(line.discounted, granted[i] ?? 0);
    });
  }

  const percent = voucherPercent(voucher);
  for (const line of selected) {
    line.voucher = Math.min(percentOf(line.discounted, percent), line.discounted - line.campaign);
  }

  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    selected.reduce((acc, line) => acc + pick(line), 0);
  const finalOf = (line: (typeof lines)[number]) => line.discounted - line.campaign - line.voucher;
  const cartTotal = sum((line) => line.price);
  const amount = sum(finalOf);

  return {
    products: lines.map((line) => ({
      ...line.product,
      finalPrice: fromCents(finalOf(line)),
      campaignDiscount: fromCents(line.campaign),
      voucherDiscount: fromCents(line.voucher),
    })),
    cartTotal: fromCents(cartTotal),
    cartDiscount: fromCents(cartTotal - amount),
    amount: fromCents(amount),
    campaign,
    campaignDiscount: fromCents(sum((line) => line.campaign)),
    voucherDiscount: fromCents(sum((line) => line.voucher)),
  };
}

/** Back to list prices: each product's discountedPrice and finalPrice become its price (spec §4 reset). */
export function resetCart<P extends { price: number }>(
  products: readonly P[],
): (P & { discountedPrice: number; finalPrice: number })[] {
  return products.map((product) => ({
    ...product,
    discountedPrice: product.price,
    finalPrice: product.price,
  }));
}
