import { PROMO_GIFT_CARD_MAX_EUR, VOUCHER_CODE_MIN_LENGTH } from "../shared/constants.ts";

// The catalogue's limits and rules, written once: the API bodies (admin-api.ts), the web forms
// (admin-forms.ts) and the catalogue service, which checks a change against the locked row, all call them.

/** Far above any real price, and safely inside the database's integer cents. */
export const MAX_CATALOGUE_AMOUNT_EUR = 100_000;
export const CODE_MIN_LENGTH = VOUCHER_CODE_MIN_LENGTH;
export const CODE_MAX_LENGTH = 40;
export const NAME_MAX_LENGTH = 100;
export const SPONSOR_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const ORDER_MAX = 9999;
export const MAX_USES_MAX = 1_000_000;
/** Codes customers type at checkout: uppercase letters, digits and dashes. */
export const CODE_PATTERN = /^[A-Z0-9-]+$/;

// ─── Rules shared by bodies and forms ────────────────────────────────────────────────────────────────────

/** The discounted price never exceeds the price. */
export function discountWithinPrice(price: number, discountedPrice: number): boolean {
  return discountedPrice <= price;
}

/** An end, when both are given, comes strictly after the start (ISO 8601 instants). */
export function datesInOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end) return true;
  return Date.parse(end) > Date.parse(start);
}

/** A gift card's balance stays between 0 and its amount (the database checks it too). */
export function balanceWithinAmount(balance: number, amount: number): boolean {
  return balance >= 0 && balance <= amount;
}

/** A promo gift card is worth at most 150 € (spec §9). */
export function promoAmountAllowed(promo: string | null | undefined, amount: number): boolean {
  return !promo || amount <= PROMO_GIFT_CARD_MAX_EUR;
}
