import { useEffect, useRef, useState } from "react";
import { FieldFrame } from "../../shared/ui/form-field.tsx";
import { stripeCardOf } from "./card-payment.ts";
import styles from "./orders.module.css";
import type { CardElementState } from "./stripe-card.ts";

export const STRIPE_CARD_LABEL = "Dati della carta";

/**
 * The checkout's card field with Stripe (ADR 015): Stripe's Elements card element (number, expiry, CVC in
 * Stripe's frame, in Italian), in our field's frame with its label and error. What it reports goes to the
 * form (`onChange`), which refuses to send an incomplete card with the message shown here.
 */
export function StripeCardField({
  publishableKey,
  error,
  onChange,
}: {
  publishableKey: string;
  /** The form's error for the card (on submit). */
  error?: string;
  onChange: (state: CardElementState) => void;
}) {
  const node = useRef<HTMLDivElement>(null);
  const report = useRef(onChange);
  report.current = onChange;
  const [typing, setTyping] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);

  useEffect(() => {
    let unmount: (() => void) | undefined;
    let gone = false;
    stripeCardOf(publishableKey).then(
      (card) => {
        if (gone || !node.current) return;
        unmount = card.mount(node.current, (state) => {
          setTyping(state.error);
          report.current(state);
        });
      },
      (reason: unknown) => {
        if (!gone) setUnavailable(reason instanceof Error ? reason.message : String(reason));
      },
    );
    return () => {
      gone = true;
      unmount?.();
    };
  }, [publishableKey]);

  return (
    <FieldFrame label={STRIPE_CARD_LABEL} required error={unavailable ?? typing ?? error}>
      {(control) => (
        // Stripe's frame names its own fields (number, expiry, CVC) in Italian and marks them invalid; this
        // box, no control itself, takes only the description that points at the error below.
        <div
          id={control.id}
          aria-describedby={control["aria-describedby"]}
          className={styles.cardElement}
          ref={node}
        />
      )}
    </FieldFrame>
  );
}
