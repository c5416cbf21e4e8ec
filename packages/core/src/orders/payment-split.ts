import type { PaymentType } from "./orders-api.ts";

// Who pays what of an order's amount (ADR 014), after the cart maths: a gift card first, then the card. A
// gift card is a means of payment, not a discount: it pays only the lines of the products it names (any
// line when it names none), up to its balance; the card pays the rest. All in integer cents.

export interface PricedLine {
  productCode: string;
  /** What the line costs after the catalogue discount, the campaign and the voucher. */
  finalCents: number;
}

export interface SpendableGiftCard {
  balanceCents: number;
  /** The products it pays for; empty means any. */
  productCodes: readonly string[];
}

export interface PaymentSplit {
  giftCardCents: number;
  cardCents: number;
  paymentType: PaymentType;
}

export function giftCardPays(card: Pick<SpendableGiftCard, "productCodes">, productCode: string): boolean {
  return card.productCodes.length === 0 || card.productCodes.includes(productCode);
}

/**
 * The gift card's share and the card's. Paid without a card, the payment type says what covered it: the
 * gift card if it paid anything, otherwise the discounts (a campaign, or a voucher of 100%) — "campagna
 * sponsorizzata", no card asked.
 */
export function splitPayment(lines: readonly PricedLine[], giftCard: SpendableGiftCard | null): PaymentSplit {
  const amount = lines.reduce((sum, line) => sum + line.finalCents, 0);
  const payable = giftCard
    ? lines.filter((line) => giftCardPays(giftCard, line.productCode)).reduce((s, l) => s + l.finalCents, 0)
    : 0;
  const giftCardCents = giftCard ? Math.max(0, Math.min(giftCard.balanceCents, payable)) : 0;
  const cardCents = amount - giftCardCents;
  const paymentType: PaymentType = cardCents > 0 ? "STRIPE" : giftCardCents > 0 ? "GIFT_CARD" : "CAMPAIGN";
  return { giftCardCents, cardCents, paymentType };
}
