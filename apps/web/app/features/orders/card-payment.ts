import type { SandboxCard, SandboxPaymentMethod } from "@argine/core/payments/sandbox-api";
import { SANDBOX_ROUTES } from "@argine/core/payments/sandbox-routes";
import { cardErrorMessage } from "@argine/core/shared/messages";
import { useMemo } from "react";
import { call } from "../../shared/http/call.ts";
import { CARD_ACTION_MODAL_ID } from "../../shared/modal/modal-root.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";

// The card step, and the one seam where Stripe.js replaces the sandbox (issue 16): a card becomes a payment
// method id, and a client secret's card action (3-D Secure) is done in a dialog. As with Stripe's React
// binding (useStripe), the two functions come from a hook, since the dialog opens through the app's modal
// store. The sandbox never runs in production (ADR 014), so its test cards may be listed in the form.

/** The card action's outcome: the intent to confirm, or the Italian message of why it failed. */
export type CardActionResult = { paymentIntentId: string } | { error: string };

export interface CardPayment {
  /** The card → a payment method; a refused card rejects with the provider's Italian message (spec §8). */
  createPaymentMethod(card: SandboxCard): Promise<SandboxPaymentMethod>;
  /** Opens the 3-D Secure challenge and resolves once the user approved or refused it. */
  handleCardAction(clientSecret: string): Promise<CardActionResult>;
}

/** Whether the card form may list the sandbox's test cards: true while the sandbox is the provider. */
export const SHOW_TEST_CARDS = true;

/** The intent a client secret belongs to: Stripe writes it `pi_…_secret_…`. */
export function intentIdOf(clientSecret: string): string | null {
  const match = /^(pi_[A-Za-z0-9]+)_secret_/.exec(clientSecret);
  return match?.[1] ?? null;
}

export const AUTHENTICATION_FAILED = cardErrorMessage("payment_intent_authentication_failure");

/** What the 3-D Secure dialog is opened with. */
export interface CardActionProps {
  intentId: string;
  clientSecret: string;
  onResult: (result: CardActionResult) => void;
}

export function useCardPayment(): CardPayment {
  const modal = useModalStore();
  return useMemo(
    () => ({
      createPaymentMethod: (card) => call(SANDBOX_ROUTES.createPaymentMethod, { body: card }),
      handleCardAction: (clientSecret) => {
        const intentId = intentIdOf(clientSecret);
        if (!intentId) return Promise.resolve({ error: cardErrorMessage(undefined) });
        return new Promise<CardActionResult>((resolve) => {
          let settled = false;
          const onResult = (result: CardActionResult) => {
            if (settled) return;
            settled = true;
            modal.close();
            resolve(result);
          };
          modal.open(CARD_ACTION_MODAL_ID, { intentId, clientSecret, onResult } satisfies CardActionProps);
        });
      },
    }),
    [modal],
  );
}
