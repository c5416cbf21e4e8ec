import type { PaymentIntentStatus } from "@argine/core/payments/sandbox-api";
import { formatAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { Modal } from "../../shared/modal/modal.tsx";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { AUTHENTICATION_FAILED, type CardActionProps, type CardActionResult } from "./card-payment.ts";
import { cardChallengeQueryOptions, useAnswerCardChallenge } from "./order-queries.ts";
import styles from "./orders.module.css";

// The sandbox's 3-D Secure challenge (ADR 014), in the app's modal: the amount and two answers. With Stripe
// (ADR 015) the issuer's page takes its place inside Stripe's own frame.

/** After an approved challenge the intent waits for the server's confirmation, or is already through. */
const APPROVED: ReadonlySet<PaymentIntentStatus> = new Set([
  "requires_confirmation",
  "processing",
  "succeeded",
]);

/** The dialog's name (its title, with "3-D Secure" kept on one line). */
export const CARD_ACTION_TITLE = "Autenticazione 3-D Secure (simulata)";

function isCardActionProps(
  props: Record<string, unknown>,
): props is Record<string, unknown> & CardActionProps {
  return (
    typeof props.intentId === "string" &&
    typeof props.clientSecret === "string" &&
    typeof props.onResult === "function"
  );
}

/** Opened by useCardPayment's handleCardAction; closing it (×, Escape) refuses, as leaving the bank's page does. */
export function CardActionDialog(props: Record<string, unknown> & { onClose: () => void }) {
  if (!isCardActionProps(props)) return null;
  return <Challenge {...props} />;
}

function Challenge({ intentId, clientSecret, onResult }: CardActionProps) {
  const challenge = useQuery(cardChallengeQueryOptions(intentId, clientSecret));
  const decide = useAnswerCardChallenge(intentId, clientSecret, {
    meta: { hideError: true, hideSpinner: true },
    onSuccess: ({ status }, approve) =>
      onResult(
        approve && APPROVED.has(status)
          ? ({ paymentIntentId: intentId } satisfies CardActionResult)
          : { error: AUTHENTICATION_FAILED },
      ),
    onError: (error) => onResult({ error: error.message }),
  });
  const answer = (approve: boolean) => {
    if (!decide.isPending) decide.mutate(approve);
  };
  return (
    <Modal
      size="small"
      title={
        <>
          Autenticazione <span className={styles.nowrap}>3-D Secure</span> (simulata)
        </>
      }
      closeLabel="Chiudi e rifiuta il pagamento"
      onClose={() => answer(false)}
      footer={
        <>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            disabled={decide.isPending}
            onClick={() => answer(false)}
          >
            Rifiuta
          </button>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
            disabled={decide.isPending || !challenge.data}
            onClick={() => answer(true)}
          >
            Approva
          </button>
        </>
      }
    >
      <p>La tua banca chiede di confermare questo pagamento.</p>
      {challenge.data ? (
        <p className={styles.challengeAmount}>
          Importo: <strong>{formatAmount(challenge.data.amount)}</strong>
        </p>
      ) : challenge.isError ? (
        <FormMessage tone="error">{challenge.error.message}</FormMessage>
      ) : (
        <p role="status">Caricamento della richiesta della banca…</p>
      )}
      <p className={styles.muted}>
        È una simulazione della modalità di prova: nessuna banca è coinvolta e nessun addebito è reale.
      </p>
      {decide.isPending ? <p role="status">Invio della risposta…</p> : null}
    </Modal>
  );
}
