import { type CartProduct, computeCart } from "@argine/core/orders/cart";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount } from "@argine/core/shared/money";
import { useState } from "react";
import { useNavigate } from "react-router";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { DefenceScope } from "../products/public.ts";
import { dispatchCart, useCartOf } from "./cart-store.ts";
import { checkoutPath } from "./order-paths.ts";
import styles from "./orders.module.css";

/**
 * The case page's "Servizi disponibili" for its client: each card is a box that puts the service in the cart,
 * then the way to the cart and purchase summary.
 */
export function ServicePicker({ practice, offer }: { practice: PracticeDetail; offer: CartProduct[] }) {
  const navigate = useNavigate();
  const cart = useCartOf(practice.practiceId);
  const [missing, setMissing] = useState(false);
  const chosen = offer.filter((product) => cart.items.includes(product.code));
  const preview = computeCart({ products: offer, items: cart.items }).amount;

  const toggle = (code: string) => {
    setMissing(false);
    dispatchCart({ type: "toggleItem", practiceId: practice.practiceId, code });
  };
  const proceed = () => {
    if (chosen.length === 0) setMissing(true);
    else navigate(checkoutPath(practice.ticketCode));
  };

  return (
    <>
      <ul className={styles.picker}>
        {offer.map((product) => (
          <li key={product.code} className={styles.pickCard}>
            <label className={styles.pickLabel}>
              <input
                type="checkbox"
                checked={cart.items.includes(product.code)}
                onChange={() => toggle(product.code)}
              />
              <span className={styles.pickName}>{product.name}</span>
              <span className={styles.price}>{formatAmount(product.finalPrice)}</span>
            </label>
            <p>{product.description}</p>
            {product.code === "DEFENCE" ? (
              <div className={styles.pickScope}>
                <DefenceScope />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <div className={styles.pickFooter}>
        <p role="status">
          {chosen.length === 0
            ? "Scegli uno o più servizi da acquistare."
            : `${chosen.length === 1 ? "1 servizio scelto" : `${chosen.length} servizi scelti`}: ${formatAmount(preview)}, IVA inclusa.`}
        </p>
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={proceed}>
          Vai al riepilogo dell'acquisto
        </button>
      </div>
      {missing ? <FormMessage tone="error">{MESSAGES.serviceRequired}</FormMessage> : null}
    </>
  );
}
