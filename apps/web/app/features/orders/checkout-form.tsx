import { type CardForm, CardFormSchema, normaliseCardExpiry } from "@argine/core/orders/card-form";
import type { CartState, CartView, PaymentPlan } from "@argine/core/orders/cart-state";
import { type Checkout, CheckoutSchema, WITHDRAWAL_WAIVER_TEXT } from "@argine/core/orders/checkout";
import type { GiftCard, Order } from "@argine/core/orders/orders-api";
import type { SandboxCard } from "@argine/core/payments/sandbox-api";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import type { FieldErrors, FieldValues, Path, Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { toHttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { ErrorSummary, type SummaryField } from "../../shared/ui/error-summary.tsx";
import formStyles from "../../shared/ui/form.module.css";
import { CheckboxField, FormMessage, RequiredNote, SendError } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { meQueryOptions } from "../identity/public.ts";
import {
  BILLING_FIELDS,
  BILLING_LABELS,
  BillingFields,
  type BillingFormValues,
  billingValues,
} from "../profile/public.ts";
import { CARD_IN_ELEMENT, stripeCardOf, useCardPayment } from "./card-payment.ts";
import { CARD_LABELS, type CardMode, CardSection } from "./card-section.tsx";
import { dispatchCart } from "./cart-store.ts";
import { trackCheckout } from "./checkout-analytics.ts";
import { cardElementChanged } from "./checkout-attempt.ts";
import { type CheckoutRequest, PaymentRefused, payOrder } from "./checkout-flow.ts";
import { paymentErrorPath, paymentSuccessPath } from "./order-paths.ts";
import {
  abandonOrder,
  createOrder,
  paymentsConfigQueryOptions,
  useRefreshAfterOrder,
} from "./order-queries.ts";
import styles from "./orders.module.css";
import type { CardElementState } from "./stripe-card.ts";
import { STRIPE_CARD_LABEL } from "./stripe-card-field.tsx";

// The checkout form (spec §5): the billing data prefilled from the profile (the order saves them back), the
// card when a card pays, the general conditions of sale; checked by core's CheckoutSchema and CardFormSchema
// through the one form layer. The services come from the cart, not from a field. The card is the form's own
// fields with the sandbox, Stripe's card element with Stripe (GET /v1/payments/config, ADR 015).

interface CheckoutFormValues extends FieldValues {
  invoice: BillingFormValues;
  salesConditionsAccepted: boolean;
  withdrawalWaiverAccepted: boolean;
  /** `element` only carries the error of Stripe's card element, which holds the card itself. */
  card: CardForm & { zip: string; element?: string };
}

type CheckoutBody = Checkout & { card?: SandboxCard };

type Outcome = { order: Order } | { refused: string };

const WITH_CARD = schemaResolver<CheckoutFormValues, CheckoutBody>(
  CheckoutSchema.extend({ card: CardFormSchema }),
);
const WITHOUT_CARD = schemaResolver<CheckoutFormValues, CheckoutBody>(CheckoutSchema);

const FIELD_NAMES = [
  ...BILLING_FIELDS.map((name) => `invoice.${name}` as const),
  ...(Object.keys(CARD_LABELS) as (keyof typeof CARD_LABELS)[]),
  "card.element",
  "salesConditionsAccepted",
  "withdrawalWaiverAccepted",
  "items",
] satisfies Path<CheckoutFormValues>[];

export function CheckoutForm(props: {
  practice: PracticeDetail;
  cart: CartState;
  view: CartView;
  plan: PaymentPlan;
  giftCard: GiftCard | null;
}) {
  const me = useQuery(meQueryOptions());
  if (!me.data) {
    return me.isError ? (
      <FormMessage tone="error">Non siamo riusciti a caricare i tuoi dati: {me.error.message}</FormMessage>
    ) : (
      <p role="status">Caricamento dei tuoi dati…</p>
    );
  }
  return <PaymentForm {...props} invoice={billingValues(me.data.invoice)} />;
}

function PaymentForm({
  practice,
  cart,
  view,
  plan,
  giftCard,
  invoice,
}: {
  practice: PracticeDetail;
  cart: CartState;
  view: CartView;
  plan: PaymentPlan;
  giftCard: GiftCard | null;
  invoice: BillingFormValues;
}) {
  const navigate = useNavigate();
  const refreshAfterOrder = useRefreshAfterOrder();
  const user = useCurrentUser();
  const payments = useQuery(paymentsConfigQueryOptions());
  const card = useCardPayment(payments.data);
  const needsCard = plan.cardAmount > 0;
  const provider = payments.data?.provider;
  const stripeKey = provider === "stripe" ? payments.data?.publishableKey : null;
  const mode: CardMode = !needsCard
    ? "none"
    : provider === "sandbox"
      ? "fields"
      : stripeKey
        ? "element"
        : payments.isPending
          ? "loading"
          : "unavailable";
  const items = view.lines.map((line) => line.code);
  // What Stripe's card element last reported (it holds the card; the form only knows whether it is ready).
  const element = useRef<CardElementState>({ complete: false, error: null });
  // The resolver reads what the page shows now: the services in the cart, how the card is asked.
  const current = useRef({ items, mode });
  current.current = { items, mode };
  const resolver: Resolver<CheckoutFormValues, unknown, CheckoutBody> = async (values, context, options) => {
    const now = current.current;
    const checked = await (now.mode === "fields" ? WITH_CARD : WITHOUT_CARD)(
      { ...values, items: now.items },
      context,
      options,
    );
    const cardIssue =
      now.mode === "element"
        ? element.current.complete
          ? null
          : (element.current.error ?? MESSAGES.paymentRequired)
        : now.mode === "unavailable"
          ? MESSAGES.cardPaymentUnavailable
          : now.mode === "loading"
            ? MESSAGES.paymentRequired
            : null;
    if (!cardIssue) return checked;
    return {
      values: {},
      errors: {
        ...checked.errors,
        card: { element: { type: "card", message: cardIssue } },
      } as FieldErrors<CheckoutFormValues>,
    };
  };

  const checkout = useCheckedForm<CheckoutFormValues, CheckoutBody, Outcome>({
    resolver,
    defaultValues: {
      invoice,
      salesConditionsAccepted: false,
      withdrawalWaiverAccepted: false,
      card: { number: "", expiry: "", cvc: "", zip: "" },
    },
    fieldNames: FIELD_NAMES,
    hideSpinner: true,
    send: async (body) => {
      trackCheckout("add_payment_info", user?.id, {
        items: body.items,
        amount: view.amount,
        paymentType: plan.type,
      });
      const request: CheckoutRequest = {
        practiceId: practice.practiceId,
        items: body.items,
        invoice: body.invoice,
        salesConditionsAccepted: body.salesConditionsAccepted,
        withdrawalWaiverAccepted: body.withdrawalWaiverAccepted,
        ...(cart.voucher?.isValid && cart.voucherCode ? { voucherCode: cart.voucherCode } : {}),
        ...(giftCard && plan.giftCardAmount > 0 ? { giftCardCode: giftCard.code } : {}),
      };
      try {
        const order = await payOrder(
          request,
          mode === "element" ? CARD_IN_ELEMENT : mode === "fields" ? (body.card ?? null) : null,
          {
            createOrder,
            abandonOrder,
            card,
          },
        );
        return { order };
      } catch (reason) {
        if (reason instanceof PaymentRefused) return { refused: reason.message };
        // Spec §8: an order's error is stored with its practice; the form shows it.
        dispatchCart({
          type: "orderError",
          practiceId: practice.practiceId,
          message: toHttpError(reason).message,
        });
        throw reason;
      }
    },
    onSuccess: async (outcome) => {
      refreshAfterOrder();
      if ("refused" in outcome) {
        dispatchCart({ type: "orderError", practiceId: practice.practiceId, message: outcome.refused });
        navigate(paymentErrorPath(practice.ticketCode));
        return;
      }
      trackCheckout("purchase", user?.id, {
        items: outcome.order.lines.map((line) => line.productCode),
        amount: outcome.order.amount,
        paymentType: outcome.order.paymentType,
      });
      dispatchCart({ type: "orderResult", practiceId: practice.practiceId, order: outcome.order });
      navigate(paymentSuccessPath(practice.ticketCode));
    },
  });
  const { formState } = checkout.form;
  const summaryFields: SummaryField<CheckoutFormValues>[] = [
    ...BILLING_FIELDS.map((name) => ({ name: `invoice.${name}` as const, label: BILLING_LABELS[name] })),
    ...(mode === "fields"
      ? Object.entries(CARD_LABELS).map(([name, label]) => ({
          name: name as Path<CheckoutFormValues>,
          label,
        }))
      : mode === "none"
        ? []
        : [{ name: "card.element" as const, label: STRIPE_CARD_LABEL }]),
    { name: "salesConditionsAccepted", label: "Condizioni generali di vendita" },
    { name: "withdrawalWaiverAccepted", label: "Avvio immediato dei servizi" },
  ];
  const itemsError = checkout.error("items");
  const fieldsMissing =
    formState.isSubmitted && Boolean(formState.errors.invoice || (needsCard && formState.errors.card));

  return (
    <form className={`${formStyles.form} ${formStyles.wide}`} noValidate onSubmit={checkout.onSubmit}>
      {itemsError ? <FormMessage tone="error">{itemsError}</FormMessage> : null}
      {fieldsMissing ? <FormMessage tone="error">{MESSAGES.checkoutFieldsRequired}</FormMessage> : null}
      <ErrorSummary
        formState={formState}
        fields={summaryFields}
        onSelect={(name) =>
          name === "card.element" && stripeKey
            ? void stripeCardOf(stripeKey).then((stripe) => stripe.focus())
            : checkout.form.setFocus(name)
        }
        summaryRef={checkout.summaryRef}
        headingLevel={2}
      />
      <section aria-labelledby="billing-title" className={styles.section}>
        <h2 id="billing-title" className={styles.sectionTitle}>
          Dati di fatturazione
        </h2>
        <p className={styles.muted}>
          Li prendiamo dal tuo profilo: se li cambi qui, li salviamo anche lì per i prossimi acquisti.
        </p>
        <div className={formStyles.form}>
          <RequiredNote />
          <BillingFields
            field={(name, rules) => checkout.field(`invoice.${name}`, rules)}
            country={checkout.form.watch("invoice.country")}
            clearProvince={() => checkout.form.setValue("invoice.province", "")}
          />
        </div>
      </section>
      {needsCard ? (
        <CardSection
          mode={mode}
          amount={plan.cardAmount}
          stripeKey={stripeKey}
          field={(name) =>
            name === "card.expiry"
              ? // "0828" or "8/28" is written back as the label asks, "08/28", once the field is left.
                checkout.field(name, {
                  onBlur: (event: { target: { value: string } }) => {
                    const typed = event.target.value;
                    if (normaliseCardExpiry(typed) !== typed) {
                      checkout.form.setValue(name, normaliseCardExpiry(typed), {
                        shouldValidate: formState.isSubmitted,
                      });
                    }
                  },
                })
              : checkout.field(name)
          }
          elementError={checkout.error("card.element")}
          onElementChange={(state) => {
            element.current = state;
            cardElementChanged();
            // The error of the last submit goes once the card is complete (the element says the rest).
            if (state.complete) checkout.form.clearErrors("card.element");
          }}
        />
      ) : null}
      <CheckboxField
        label={
          <>
            Ho letto e accetto le{" "}
            <a href="/general-condition" target="_blank" rel="noopener">
              condizioni generali di vendita
              <span className="visually-hidden"> (si apre in una nuova scheda)</span>
            </a>
          </>
        }
        required
        {...checkout.field("salesConditionsAccepted")}
      />
      <CheckboxField
        label={WITHDRAWAL_WAIVER_TEXT}
        hint="Puoi comunque recedere entro 14 giorni dal pagamento dai servizi non ancora iniziati, dalla pagina dei tuoi ordini."
        required
        {...checkout.field("withdrawalWaiverAccepted")}
      />
      <SendError error={checkout.submit.error} issuesPlaced={checkout.issuesPlaced} />
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.large}`}
          disabled={checkout.submit.isPending}
        >
          {checkout.submit.isPending
            ? "Pagamento in corso…"
            : needsCard
              ? `Paga ${formatAmount(plan.cardAmount)}`
              : "Conferma l'acquisto"}
        </button>
      </div>
    </form>
  );
}
