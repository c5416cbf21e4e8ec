import { cardErrorMessage, cardRefusalCode, MESSAGES } from "@argine/core/shared/messages";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// Stripe.js behind card-payment.ts (ADR 015), loaded only when Stripe is the provider: the `pure` entry
// injects https://js.stripe.com's script on the first call, not on import. One Elements card element at a
// time (the checkout's card field mounts it); Stripe's errors become core's Italian card messages (spec §8).

/** The card as the form knows it: complete, or the Italian message of what is wrong or missing. */
export interface CardElementState {
  complete: boolean;
  error: string | null;
}

export interface StripeCard {
  /** Mounts Stripe's card element in `node`; returns what unmounts it. */
  mount(node: HTMLElement, onChange: (state: CardElementState) => void): () => void;
  focus(): void;
  /** The mounted card → a payment method id; rejects with the Italian message of Stripe's refusal. */
  createPaymentMethod(): Promise<{ id: string }>;
  /** The 3-D Secure challenge in Stripe's own frame: the intent's id, or the Italian message of the refusal. */
  handleNextAction(clientSecret: string): Promise<{ paymentIntentId: string } | { error: string }>;
}

/** Stripe's error → core's Italian message (spec §8): the decline code, else the code, else the generic. */
const messageOf = (error: { code?: string; decline_code?: string } | undefined) =>
  cardErrorMessage(cardRefusalCode(error) ?? undefined);

const loaded = new Map<string, Promise<StripeCard>>();

/** Stripe.js for this publishable key, loaded once per page. */
export function stripeCard(publishableKey: string): Promise<StripeCard> {
  let card = loaded.get(publishableKey);
  if (!card) {
    card = loadStripe(publishableKey, { locale: "it" }).then(
      (stripe) => {
        if (!stripe) throw new Error(MESSAGES.cardPaymentUnavailable);
        return cardOf(stripe);
      },
      // Stripe.js did not load (offline, blocked): the person is told in Italian, not Stripe's English.
      () => {
        throw new Error(MESSAGES.cardPaymentUnavailable);
      },
    );
    // A failed load (offline, blocked) is tried again by the next checkout.
    card.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, card);
  }
  return card;
}

function cardOf(stripe: Stripe): StripeCard {
  let element: StripeCardElement | null = null;
  return {
    mount(node, onChange) {
      const mounted = stripe.elements({ locale: "it" }).create("card", {
        // The billing section asks the address; Stripe checks the postal code where the card's bank wants it.
        hidePostalCode: true,
        disableLink: true,
      });
      mounted.on("change", (event) =>
        onChange({ complete: event.complete, error: event.error ? messageOf(event.error) : null }),
      );
      mounted.mount(node);
      element = mounted;
      return () => {
        mounted.destroy();
        if (element === mounted) element = null;
      };
    },
    focus() {
      element?.focus();
    },
    async createPaymentMethod() {
      if (!element) throw new Error(cardErrorMessage(undefined));
      const result = await stripe.createPaymentMethod({ type: "card", card: element });
      if (result.error) throw new Error(messageOf(result.error));
      return { id: result.paymentMethod.id };
    },
    async handleNextAction(clientSecret) {
      const result = await stripe.handleNextAction({ clientSecret });
      if (result.error) return { error: messageOf(result.error) };
      const intent = "paymentIntent" in result ? result.paymentIntent : undefined;
      return intent ? { paymentIntentId: intent.id } : { error: cardErrorMessage(undefined) };
    },
  };
}
