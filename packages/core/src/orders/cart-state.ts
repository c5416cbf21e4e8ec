import type { Campaign } from "../catalogue/campaign.ts";
import { isProductCode, type ProductCode } from "../catalogue/product.ts";
import { couponStatusOrNull, type Voucher } from "../catalogue/voucher.ts";
import { PACKAGE_SERVICE_TYPES } from "../services/service-type.ts";
import { fromCents, toCents } from "../shared/money.ts";
import { type CartProduct, type CartTotals, computeCart } from "./cart.ts";
import type { GiftCard, Order, PaymentType } from "./orders-api.ts";

// The browser's cart and shop state (spec §3 "Cart and shop state", §4 "Cart", §5 "Cart and coupon rules"):
// what the user chose for one practice, changed by actions through one reducer, and the totals read from it
// with the catalogue. Pure, so the rules are tested here; the web keeps the state in a store.
//
// How the spec's cart maps here: products, campaigns and the advice price are the server's data (the web's
// queries), never copied into the state, so "products loaded, campaigns loaded, totals recomputed" and
// "recalculate" are one function, `recalculate(state, catalogue)`, read on every change; a reset therefore
// has no product prices to put back. The spec's invoice, payment and confirmed are the checkout form's and the
// payment flow's (apps/web/app/features/orders/), not kept here. The totals are a preview: the server prices
// the order (ADR 014).

export interface CartState {
  /** The practice the cart is for; an action for another practice starts a new cart. */
  practiceId: string | null;
  /** The selected product codes, each once, in the order chosen. */
  items: ProductCode[];
  voucherCode: string | null;
  /** The voucher's verification; it counts only when flagged valid (computeCart). */
  voucher: Voucher | null;
  /**
   * The gift card chosen to pay (the user's own or one whose code was typed and verified), kept with its terms
   * so "Riprova" after a refused payment, or a reload, still pays with it (the server checks it again).
   */
  giftCard: GiftCard | null;
  /** The paid order of the last checkout of this practice. */
  order: Order | null;
  /** The Italian message of the last failed checkout of this practice (spec §8 reactions). */
  error: string | null;
}

export const EMPTY_CART: CartState = {
  practiceId: null,
  items: [],
  voucherCode: null,
  voucher: null,
  giftCard: null,
  order: null,
  error: null,
};

export type CartAction =
  /** Items and state merged into the cart of `practiceId` (another practice's cart is left behind). */
  | { type: "merge"; practiceId: string; items?: readonly string[]; giftCard?: GiftCard | null }
  | { type: "toggleItem"; practiceId: string; code: string }
  /** A verified voucher (an empty result is no voucher: spec §5), or null to take it off. */
  | { type: "voucher"; code: string | null; result?: Voucher | null }
  /** Stored only while the cart is still the order's practice's (spec §4). */
  | { type: "orderResult"; practiceId: string; order: Order }
  | { type: "orderError"; practiceId: string; message: string }
  | { type: "reset" };

const isBundled = (code: string) => (PACKAGE_SERVICE_TYPES as readonly string[]).includes(code);

function uniqueCodes(codes: readonly string[]): ProductCode[] {
  return [...new Set(codes)].filter(isProductCode);
}

/** The cart of `practiceId`: this one if it is for that practice, otherwise a new one. */
function cartOf(state: CartState, practiceId: string): CartState {
  return state.practiceId === practiceId ? state : { ...EMPTY_CART, practiceId };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "merge": {
      const cart = cartOf(state, action.practiceId);
      return {
        ...cart,
        items: action.items ? uniqueCodes([...cart.items, ...action.items]) : cart.items,
        giftCard: action.giftCard === undefined ? cart.giftCard : action.giftCard,
      };
    }
    case "toggleItem": {
      const cart = cartOf(state, action.practiceId);
      if (cart.items.includes(action.code as ProductCode)) {
        return { ...cart, items: cart.items.filter((code) => code !== action.code) };
      }
      // The package and the services it bundles exclude each other: the same service is never bought twice.
      const excluded = new Set<string>(
        action.code === "PACKAGE" ? PACKAGE_SERVICE_TYPES : isBundled(action.code) ? ["PACKAGE"] : [],
      );
      return {
        ...cart,
        items: uniqueCodes([...cart.items.filter((code) => !excluded.has(code)), action.code]),
      };
    }
    case "voucher": {
      const voucher = action.code ? couponStatusOrNull(action.result ?? null) : null;
      return { ...state, voucherCode: voucher ? action.code : null, voucher };
    }
    case "orderResult":
      if (action.practiceId !== state.practiceId) return state;
      // What was bought leaves the cart; the order stays for the payment-ok page.
      return { ...EMPTY_CART, practiceId: state.practiceId, order: action.order };
    case "orderError":
      // The cart is kept, so "Riprova" starts again from it.
      if (action.practiceId !== state.practiceId) return state;
      return { ...state, order: null, error: action.message };
    case "reset":
      return EMPTY_CART;
  }
}

/** What the cart is priced with: the products the practice can buy (prepared by prepareProducts). */
export interface CartCatalogue {
  products: readonly CartProduct[];
  campaigns?: readonly Campaign[] | null;
}

export type CartView = CartTotals<CartProduct> & {
  /** The selected products, in catalogue order (meta.order), each with its finalPrice. */
  lines: CartProduct[];
};

/**
 * The totals of the cart (spec §4 "recalculate"): the selected items the catalogue still offers, the first
 * applicable campaign, the voucher when flagged valid.
 */
export function recalculate(state: CartState, catalogue: CartCatalogue): CartView {
  const totals = computeCart({
    products: catalogue.products,
    items: state.items,
    campaigns: catalogue.campaigns,
    voucher: state.voucher,
  });
  const chosen = new Set<string>(state.items);
  return { ...totals, lines: totals.products.filter((product) => chosen.has(product.code)) };
}

/**
 * The amount the campaigns are asked for (GET /v1/campaigns?amount=, spec §7 "with the cart amount"): the
 * selected products at their discounted prices, before any campaign or voucher.
 */
export function campaignQueryAmount(state: CartState, products: readonly CartProduct[]): number {
  return computeCart({ products, items: state.items }).amount;
}

export interface PaymentPlan {
  type: PaymentType;
  /** What the gift card pays, then what the card pays: together the cart's amount. */
  giftCardAmount: number;
  cardAmount: number;
}

/** Whether a gift card can pay today: some balance left, not expired. */
export function giftCardUsable(card: GiftCard, now: Date): boolean {
  return card.balance > 0 && (card.expiresAt === null || new Date(card.expiresAt) > now);
}

/**
 * How the amount is paid (spec §2 "Payment type selection", ADR 014): nothing left after the campaign is the
 * campaign's; a gift card pays what it can of the products it names, and the card the rest.
 */
export function paymentPlan(
  view: Pick<CartView, "amount" | "lines">,
  giftCard: GiftCard | null,
  now: Date,
): PaymentPlan {
  const amount = toCents(view.amount);
  if (amount === 0) return { type: "CAMPAIGN", giftCardAmount: 0, cardAmount: 0 };
  let byGiftCard = 0;
  if (giftCard && giftCardUsable(giftCard, now)) {
    const names = new Set<string>(giftCard.productCodes);
    const covered = view.lines
      .filter((line) => names.size === 0 || names.has(line.code))
      .reduce((sum, line) => sum + toCents(line.finalPrice), 0);
    byGiftCard = Math.min(toCents(giftCard.balance), covered, amount);
  }
  return {
    type: byGiftCard === amount ? "GIFT_CARD" : "STRIPE",
    giftCardAmount: fromCents(byGiftCard),
    cardAmount: fromCents(amount - byGiftCard),
  };
}
