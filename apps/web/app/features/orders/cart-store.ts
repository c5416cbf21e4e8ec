import { type CartAction, type CartState, cartReducer, EMPTY_CART } from "@argine/core/orders/cart-state";
import { GiftCardSchema } from "@argine/core/orders/orders-api";
import {
  readSessionKey,
  removeSessionKey,
  SESSION_STORAGE_KEYS,
  writeSessionKey,
} from "../../shared/store/browser-storage.ts";
import { createStore, useStore } from "../../shared/store/create-store.ts";

// The cart and shop state of spec §3 in the browser: core's reducer (orders/cart-state.ts) in one store for the
// tab, kept in session storage but for the paid order, which stays in memory for the payment-ok page. One cart
// at a time: choosing services of another practice starts a new one. Beside the cart, the checkout attempt
// whose answer may have been lost (checkout-attempt.ts): its key and a digest of its request, no billing data.

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** The checkout attempt kept with the cart until it has a definite answer. */
export interface KeptAttempt {
  key: string;
  /** SHA-256 of what the attempt asks (checkout-attempt.ts): the same request again is the same attempt. */
  digest: string;
}

function parseStored(): Record<string, unknown> | null {
  const raw = readSessionKey(SESSION_STORAGE_KEYS.cart);
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    return stored && typeof stored === "object" ? (stored as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function readStoredAttempt(): KeptAttempt | null {
  const stored = parseStored()?.attempt as Record<string, unknown> | undefined;
  const key = text(stored?.key);
  const digest = text(stored?.digest);
  return key && digest ? { key, digest } : null;
}

/** What session storage holds, read defensively: anything malformed is an empty cart. */
function readStoredCart(): CartState {
  const stored = parseStored();
  if (!stored) return EMPTY_CART;
  try {
    const practiceId = text(stored.practiceId);
    if (!practiceId) return EMPTY_CART;
    const items = Array.isArray(stored.items) ? stored.items.filter((code) => typeof code === "string") : [];
    const voucher = stored.voucher as CartState["voucher"];
    const restored = cartReducer(EMPTY_CART, {
      type: "merge",
      practiceId,
      items,
      giftCard: GiftCardSchema.nullable()
        .catch(null)
        .parse(stored.giftCard ?? null),
    });
    return {
      ...cartReducer(restored, {
        type: "voucher",
        code: text(stored.voucherCode),
        result: typeof voucher?.isValid === "boolean" ? voucher : null,
      }),
      error: text(stored.error),
    };
  } catch {
    return EMPTY_CART;
  }
}

function writeStoredCart(state: CartState): void {
  if (!state.practiceId) {
    removeSessionKey(SESSION_STORAGE_KEYS.cart);
    return;
  }
  const { order: _order, ...kept } = state;
  writeSessionKey(SESSION_STORAGE_KEYS.cart, JSON.stringify(attempt ? { ...kept, attempt } : kept));
}

const cartStore = createStore<CartState>(readStoredCart());
let attempt: KeptAttempt | null = cartStore.getState().practiceId ? readStoredAttempt() : null;

export function dispatchCart(action: CartAction): void {
  const before = cartStore.getState().practiceId;
  cartStore.setState((state) => cartReducer(state, action));
  // A cart reset or started for another practice is no longer the attempt's.
  if (action.type === "reset" || cartStore.getState().practiceId !== before) attempt = null;
  writeStoredCart(cartStore.getState());
}

/** The checkout attempt kept with the cart, or null. */
export function keptAttempt(): KeptAttempt | null {
  return attempt;
}

/** Keeps (or, with null, forgets) the checkout attempt with the cart, in session storage too. */
export function keepAttempt(next: KeptAttempt | null): void {
  attempt = next;
  writeStoredCart(cartStore.getState());
}

/** The cart as it is now. */
export function useCart(): CartState {
  return useStore(cartStore, (state) => state);
}

/** The cart of `practiceId`, or an empty one when the cart belongs to another practice. */
export function useCartOf(practiceId: string): CartState {
  const cart = useCart();
  return cart.practiceId === practiceId ? cart : { ...EMPTY_CART, practiceId };
}
