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
// at a time: choosing services of another practice starts a new one.

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** What session storage holds, read defensively: anything malformed is an empty cart. */
function readStoredCart(): CartState {
  const raw = readSessionKey(SESSION_STORAGE_KEYS.cart);
  if (!raw) return EMPTY_CART;
  try {
    const stored = JSON.parse(raw) as Record<string, unknown>;
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
  writeSessionKey(SESSION_STORAGE_KEYS.cart, JSON.stringify(kept));
}

const cartStore = createStore<CartState>(readStoredCart());

export function dispatchCart(action: CartAction): void {
  cartStore.setState((state) => cartReducer(state, action));
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
