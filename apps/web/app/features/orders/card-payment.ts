import type { PaymentsConfigView } from "@argine/core/payments/payments-api";
import type { SandboxCard } from "@argine/core/payments/sandbox-api";
import { SANDBOX_ROUTES } from "@argine/core/payments/sandbox-routes";
import { cardErrorMessage } from "@argine/core/shared/messages";
import { useMemo } from "react";
import { call } from "../../shared/http/call.ts";
import { CARD_ACTION_MODAL_ID } from "../../shared/modal/modal-root.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";

// The card step, and the one seam the payment provider's browser side goes through (ADR 014, ADR 015): a
// card becomes a payment method id, and a client secret's card action (3-D Secure) is done. With the
// sandbox, the form's own card fields go to its card endpoint and the challenge is the app's dialog; with
// Stripe, the card is in Stripe's Elements card element (stripe-card.ts, loaded on demand) and the challenge
// in Stripe's own frame. As with Stripe's React binding (useStripe), the functions come from a hook, since
// the sandbox's dialog opens through the app's modal store. The sandbox never runs in production, so its
// test cards may be listed in the form.

/** The card action's outcome: the intent to confirm, or the Italian message of why it failed. */
export type CardActionResult = { paymentIntentId: string } | { error: string };

/** Where the card is: the form's own fields (the sandbox), or the provider's element (Stripe). */
export type CardSource = SandboxCard | typeof CARD_IN_ELEMENT;
export const CARD_IN_ELEMENT = "element";

export interface CardPayment {
  /** The card → a payment method; a refused card rejects with the provider's Italian message (spec §8). */
  createPaymentMethod(card: CardSource): Promise<{ id: string }>;
  /** Runs the 3-D Secure challenge and resolves once the user approved or refused it. */
  handleCardAction(clientSecret: string): Promise<CardActionResult>;
}

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

/** Stripe's side, loaded only when Stripe is the provider (its module pulls in Stripe.js's loader). */
export const stripeCardOf = (publishableKey: string) =>
  import("./stripe-card.ts").then(({ stripeCard }) => stripeCard(publishableKey));

/** The card step for the configured provider (GET /v1/payments/config); the sandbox's without it. */
export function useCardPayment(provider?: PaymentsConfigView): CardPayment {
  const modal = useModalStore();
  const stripeKey = provider?.provider === "stripe" ? provider.publishableKey : null;
  return useMemo((): CardPayment => {
    if (stripeKey) {
      return {
        createPaymentMethod: async () => (await stripeCardOf(stripeKey)).createPaymentMethod(),
        handleCardAction: (clientSecret) =>
          stripeCardOf(stripeKey)
            .then((card) => card.handleNextAction(clientSecret))
            .catch(() => ({ error: cardErrorMessage(undefined) })),
      };
    }
    return {
      createPaymentMethod: async (card) => {
        if (card === CARD_IN_ELEMENT) throw new Error(cardErrorMessage(undefined));
        return call(SANDBOX_ROUTES.createPaymentMethod, { body: card });
      },
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
    };
  }, [modal, stripeKey]);
}
