import { groupCardNumber, SANDBOX_TEST_CARDS, sandboxCardOutcome } from "@argine/core/payments/sandbox-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount } from "@argine/core/shared/money";
import type { UseFormRegisterReturn } from "react-hook-form";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage, TextField } from "../../shared/ui/form-field.tsx";
import styles from "./orders.module.css";
import type { CardElementState } from "./stripe-card.ts";
import { StripeCardField } from "./stripe-card-field.tsx";

// The checkout's card step (spec §5 "Card payment"): the sandbox's own card fields with its test cards
// listed, or Stripe's card element (ADR 015), whichever GET /v1/payments/config names. The checkout form
// owns the values and their checks; this shows how the card is asked.

/**
 * How the card is asked: none needed, the sandbox's fields, Stripe's element, not yet (the provider is being
 * read), or not at all (no provider, or it could not be read).
 */
export type CardMode = "none" | "fields" | "element" | "loading" | "unavailable";

export const CARD_LABELS = {
  "card.number": "Numero della carta",
  "card.expiry": "Scadenza (MM/AA)",
  "card.cvc": "CVC",
  "card.zip": "CAP della carta",
} as const;

export function CardSection({
  mode,
  amount,
  stripeKey,
  field,
  elementError,
  onElementChange,
}: {
  mode: CardMode;
  /** What the card pays. */
  amount: number;
  stripeKey: string | null | undefined;
  /** A sandbox field's registration and visible error, from the checkout form. */
  field: (name: keyof typeof CARD_LABELS) => { registration: UseFormRegisterReturn; error?: string };
  elementError: string | undefined;
  onElementChange: (state: CardElementState) => void;
}) {
  return (
    <section aria-labelledby="card-title" className={styles.section}>
      <h2 id="card-title" className={styles.sectionTitle}>
        Pagamento con carta: {formatAmount(amount)}
      </h2>
      {mode === "element" && stripeKey ? (
        <div className={formStyles.form}>
          <StripeCardField publishableKey={stripeKey} error={elementError} onChange={onElementChange} />
        </div>
      ) : mode === "loading" ? (
        <p role="status">Caricamento del modulo di pagamento…</p>
      ) : mode === "unavailable" ? (
        <FormMessage tone="error">{MESSAGES.cardPaymentUnavailable}</FormMessage>
      ) : (
        <>
          <TestCardsHint />
          <div className={formStyles.form}>
            <TextField
              label={CARD_LABELS["card.number"]}
              inputMode="numeric"
              autoComplete="cc-number"
              spellCheck={false}
              required
              {...field("card.number")}
            />
            <div className={formStyles.row}>
              <TextField
                label={CARD_LABELS["card.expiry"]}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/AA"
                required
                {...field("card.expiry")}
              />
              <TextField
                label={CARD_LABELS["card.cvc"]}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                hint="Le 3 o 4 cifre sul retro."
                required
                {...field("card.cvc")}
              />
            </div>
            <TextField
              label={`${CARD_LABELS["card.zip"]} (facoltativo)`}
              inputMode="numeric"
              autoComplete="billing postal-code"
              maxLength={10}
              {...field("card.zip")}
            />
          </div>
        </>
      )}
    </section>
  );
}

/** The sandbox accepts only Stripe's test cards: the hint lists them (shown with the sandbox's fields only). */
function TestCardsHint() {
  return (
    <details className={`${styles.muted} ${styles.testCardsHint}`}>
      <summary>Modalità di prova: le carte da usare</summary>
      <p>Nessun addebito è reale. Scadenza: una data futura qualsiasi; CVC: tre cifre qualsiasi.</p>
      <ul className={styles.testCards}>
        {SANDBOX_TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code>{groupCardNumber(card.number)}</code>: {sandboxCardOutcome(card.scenario)}
          </li>
        ))}
      </ul>
    </details>
  );
}
