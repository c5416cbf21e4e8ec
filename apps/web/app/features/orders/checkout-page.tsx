import { VoucherVerifyBodySchema, voucherPercent } from "@argine/core/catalogue/voucher";
import {
  type CartState,
  type CartView,
  campaignQueryAmount,
  giftCardUsable,
  type PaymentPlan,
  paymentPlan,
  recalculate,
} from "@argine/core/orders/cart-state";
import type { GiftCard } from "@argine/core/orders/orders-api";
import { casePath } from "@argine/core/practices/case-path";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount, fromCents, toCents } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { CARD_BRANDS } from "../../shared/navigation/navigation.ts";
import formStyles from "../../shared/ui/form.module.css";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useAvailableProducts } from "../practices/public.ts";
import { DefenceScope } from "../products/public.ts";
import { dispatchCart, useCartOf } from "./cart-store.ts";
import { trackCheckout } from "./checkout-analytics.ts";
import { CheckoutForm } from "./checkout-form.tsx";
import { CodeForm } from "./code-form.tsx";
import { GiftCardPanel } from "./gift-card-panel.tsx";
import { assignedGiftCardsQueryOptions, campaignsQueryOptions, verifyVoucher } from "./order-queries.ts";
import styles from "./orders.module.css";

// {base}/{ticketCode}/add-services: the cart and purchase summary, the payment type, the billing data and the
// card (spec §2), on one page that reads top to bottom on a phone. The totals are a preview: the server prices
// the order from its own catalogue (ADR 014).

export function CheckoutPage({ practice, staff }: { practice: PracticeDetail; staff: boolean }) {
  const { offer, isPending } = useAvailableProducts(practice);
  const cart = useCartOf(practice.practiceId);
  const amountAsked = campaignQueryAmount(cart, offer);
  const campaigns = useQuery({
    ...campaignsQueryOptions(amountAsked),
    enabled: !isPending && amountAsked > 0,
    // Without the campaigns the preview shows no sponsor's share; the server applies it anyway.
    meta: { hideError: true },
  });
  const view = recalculate(cart, { products: offer, campaigns: campaigns.data });

  return (
    <>
      <p className={styles.back}>
        <Link to={casePath(practice.ticketCode)}>← Torna alla pratica</Link>
      </p>
      <h1 className={styles.title}>Riepilogo dell'acquisto</h1>
      <p className={styles.caseLine}>Pratica {practice.ticketCode}</p>
      {staff ? (
        <p>Gli acquisti li fa il cliente dalla sua area personale: da qui puoi solo vedere la pratica.</p>
      ) : isPending ? (
        <p role="status">Caricamento dei servizi…</p>
      ) : (
        <Checkout practice={practice} cart={cart} view={view} />
      )}
    </>
  );
}

function Checkout({ practice, cart, view }: { practice: PracticeDetail; cart: CartState; view: CartView }) {
  const user = useCurrentUser();
  const assigned = useQuery({
    ...assignedGiftCardsQueryOptions(user?.id ?? ""),
    enabled: Boolean(user?.id),
    meta: { hideError: true },
  });
  // Cards typed in during this checkout, and the cart's chosen one (kept across "Riprova" and a reload),
  // beside the user's own, whose terms the query has fresh.
  const [typed, setTyped] = useState<GiftCard[]>([]);
  const cards = [...(assigned.data ?? []), ...typed, ...(cart.giftCard ? [cart.giftCard] : [])].filter(
    (card, index, all) => all.findIndex((other) => other.code === card.code) === index,
  );
  const [method, setMethod] = useState<"STRIPE" | "GIFT_CARD">(cart.giftCard ? "GIFT_CARD" : "STRIPE");
  const giftCard =
    method === "GIFT_CARD" ? (cards.find((card) => card.code === cart.giftCard?.code) ?? null) : null;
  const plan = paymentPlan(view, giftCard, new Date());

  useBeginCheckout(user?.id, view);

  const chooseCard = (card: GiftCard) => {
    setTyped((list) => [...list.filter((t) => t.code !== card.code), card]);
    dispatchCart({ type: "merge", practiceId: practice.practiceId, giftCard: card });
  };
  const chooseMethod = (next: "STRIPE" | "GIFT_CARD") => {
    setMethod(next);
    if (next === "STRIPE") dispatchCart({ type: "merge", practiceId: practice.practiceId, giftCard: null });
  };

  return (
    <>
      <CartSummary practice={practice} cart={cart} view={view} />
      {view.lines.length ? (
        <>
          <section aria-labelledby="payment-type-title" className={styles.section}>
            <h2 id="payment-type-title" className={styles.sectionTitle}>
              Come vuoi pagare?
            </h2>
            {plan.type === "CAMPAIGN" ? (
              <p>
                Il totale è coperto dalla campagna sponsorizzata
                {view.campaign ? ` "${view.campaign.name}" di ${view.campaign.sponsor}` : ""}: non ti
                chiediamo la carta.
              </p>
            ) : (
              <>
                <PaymentMethodChoice method={method} onChange={chooseMethod} />
                {method === "GIFT_CARD" ? (
                  <GiftCardPanel cards={cards} chosen={giftCard} onChoose={chooseCard} />
                ) : null}
              </>
            )}
            <PlanSummary plan={plan} giftCard={giftCard} />
          </section>
          <CheckoutForm practice={practice} cart={cart} view={view} plan={plan} giftCard={giftCard} />
        </>
      ) : null}
    </>
  );
}

/** begin_checkout once per visit, when the summary first shows services. */
function useBeginCheckout(userId: string | undefined, view: CartView) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || view.lines.length === 0) return;
    sent.current = true;
    trackCheckout("begin_checkout", userId, {
      items: view.lines.map((line) => line.code),
      amount: view.amount,
    });
  }, [userId, view]);
}

/** The cart and purchase summary: each service, the discounts, the total with VAT. */
function CartSummary({
  practice,
  cart,
  view,
}: {
  practice: PracticeDetail;
  cart: CartState;
  view: CartView;
}) {
  const catalogueDiscount = fromCents(
    toCents(view.cartDiscount) - toCents(view.campaignDiscount) - toCents(view.voucherDiscount),
  );
  const remove = (code: string) =>
    dispatchCart({ type: "toggleItem", practiceId: practice.practiceId, code });
  return (
    <section aria-labelledby="cart-title" className={styles.section}>
      <h2 id="cart-title" className={styles.sectionTitle}>
        I servizi scelti
      </h2>
      {view.lines.length === 0 ? (
        <>
          <p role="alert">{MESSAGES.serviceRequired}</p>
          <p>
            <Link to={casePath(practice.ticketCode)}>Scegli i servizi dalla pagina della pratica</Link>
          </p>
        </>
      ) : (
        <>
          <ul className={styles.lines}>
            {view.lines.map((line) => (
              <li key={line.code} className={styles.line}>
                <p className={styles.lineName}>{line.name}</p>
                <p className={styles.linePrice}>
                  {line.discountedPrice < line.price ? (
                    <del className={styles.listPrice}>
                      <span className="visually-hidden">invece di </span>
                      {formatAmount(line.price)}
                    </del>
                  ) : null}
                  {formatAmount(line.discountedPrice)}
                </p>
                <button type="button" className={styles.linkButton} onClick={() => remove(line.code)}>
                  Rimuovi<span className="visually-hidden"> {line.name}</span>
                </button>
                {line.code === "DEFENCE" ? (
                  <div className={styles.lineScope}>
                    <DefenceScope />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <dl className={styles.totals}>
            <div>
              <dt>Prezzo di listino</dt>
              <dd>{formatAmount(view.cartTotal)}</dd>
            </div>
            {catalogueDiscount > 0 ? (
              <div>
                <dt>Sconti</dt>
                <dd>− {formatAmount(catalogueDiscount)}</dd>
              </div>
            ) : null}
            {view.campaign && view.campaignDiscount > 0 ? (
              <div>
                <dt>
                  Campagna sponsorizzata "{view.campaign.name}" di {view.campaign.sponsor}
                </dt>
                <dd>− {formatAmount(view.campaignDiscount)}</dd>
              </div>
            ) : null}
            {view.voucherDiscount > 0 ? (
              <div>
                <dt>Voucher {cart.voucherCode}</dt>
                <dd>− {formatAmount(view.voucherDiscount)}</dd>
              </div>
            ) : null}
            <div className={styles.total}>
              <dt>Totale (IVA inclusa)</dt>
              <dd>{formatAmount(view.amount)}</dd>
            </div>
          </dl>
          <p className={`${styles.muted} ${styles.note}`}>
            I prezzi includono l'IVA. L'importo definitivo lo calcoliamo al momento del pagamento, con i
            prezzi e le promozioni validi in quel momento.
          </p>
          <VoucherForm cart={cart} />
        </>
      )}
    </section>
  );
}

/** The voucher field ('Il Voucher deve essere almeno 3 caratteri.'); a voucher counts once verified valid. */
function VoucherForm({ cart }: { cart: CartState }) {
  const voucher = useCheckedForm({
    resolver: schemaResolver<{ voucherCode: string }, { voucherCode: string }>(VoucherVerifyBodySchema),
    defaultValues: { voucherCode: "" },
    fieldNames: ["voucherCode"],
    focusOnInvalid: "field",
    send: ({ voucherCode }) => verifyVoucher(voucherCode),
    // Spec §8: a coupon's error is its message, shown at its field.
    fieldOfError: () => "voucherCode",
    onSuccess: (result, { voucherCode }) => {
      if (!result.isValid) {
        voucher.form.setError(
          "voucherCode",
          { type: "server", message: MESSAGES.voucherRefused },
          { shouldFocus: true },
        );
        return;
      }
      dispatchCart({ type: "voucher", code: voucherCode, result });
      voucher.form.reset();
    },
  });
  if (cart.voucher?.isValid) {
    return (
      <p className={styles.applied}>
        <span>
          Voucher <strong>{cart.voucherCode}</strong> applicato: sconto del {voucherPercent(cart.voucher)}%.
        </span>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => dispatchCart({ type: "voucher", code: null })}
        >
          Togli il voucher
        </button>
      </p>
    );
  }
  return (
    <CodeForm
      form={voucher}
      name="voucherCode"
      label="Hai un voucher?"
      hint="Scrivi il codice e premi Applica."
      action="Applica"
    />
  );
}

const METHODS = [
  { value: "STRIPE", label: "Carta di credito", hint: `${CARD_BRANDS.join(", ")}.` },
  {
    value: "GIFT_CARD",
    label: "Gift card",
    hint: "Se la gift card non basta, il resto lo paghi con la carta.",
  },
] as const;

/** Spec §2 "Payment type selection": the card, or a gift card (and the card for what it leaves). */
function PaymentMethodChoice({
  method,
  onChange,
}: {
  method: "STRIPE" | "GIFT_CARD";
  onChange: (method: "STRIPE" | "GIFT_CARD") => void;
}) {
  return (
    <fieldset className={formStyles.choiceGroup}>
      <legend className="visually-hidden">Metodo di pagamento</legend>
      <div className={formStyles.options}>
        {METHODS.map((option) => (
          <div key={option.value} className={formStyles.option}>
            <input
              id={`payment-method-${option.value}`}
              type="radio"
              name="payment-method"
              value={option.value}
              checked={method === option.value}
              onChange={() => onChange(option.value)}
              className={formStyles.optionInput}
              aria-describedby={`payment-method-${option.value}-hint`}
            />
            <label htmlFor={`payment-method-${option.value}`} className={formStyles.optionLabel}>
              <span className={formStyles.optionTitle}>{option.label}</span>
              <span id={`payment-method-${option.value}-hint`} className={formStyles.optionHint}>
                {option.hint}
              </span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function PlanSummary({ plan, giftCard }: { plan: PaymentPlan; giftCard: GiftCard | null }) {
  if (plan.type === "CAMPAIGN") return null;
  if (!giftCard) return null;
  return (
    <p role="status">
      {plan.type === "GIFT_CARD"
        ? `La gift card ${giftCard.code} paga tutto: ${formatAmount(plan.giftCardAmount)}. Non ti chiediamo la carta.`
        : giftCardUsable(giftCard, new Date()) && plan.giftCardAmount > 0
          ? `La gift card ${giftCard.code} paga ${formatAmount(plan.giftCardAmount)}; il resto, ${formatAmount(plan.cardAmount)}, con la carta.`
          : `La gift card ${giftCard.code} non copre questi servizi: paghi ${formatAmount(plan.cardAmount)} con la carta.`}
    </p>
  );
}
