import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxyErrorPage, type StubbedCall } from "../../test-render.tsx";
import { dispatchCart } from "./cart-store.ts";
import { INVOICE, PRACTICE_ID, paidOrder, renderShop } from "./orders-test-helpers.tsx";
import { STRIPE_CARD_LABEL } from "./stripe-card-field.tsx";

// The checkout with Stripe as the provider (ADR 015). Stripe.js cannot load here: window.Stripe is a small
// recording stand-in (loadStripe uses a Stripe already on the page), so these tests check what the page asks
// of Stripe.js and what it does with the answers; the real Stripe.js is the e2e's and the ADR's concern.

const KEY = "pk_test_paginaDiProva";

interface StandIn {
  calls: { method: string; args: unknown[] }[];
  onChange?: (event: unknown) => void;
  /** What the card element reports, as Stripe's change event. */
  type(event: { complete: boolean; error?: { code: string } }): void;
  mountedIn: HTMLElement | null;
  paymentMethod: { paymentMethod: { id: string } } | { error: { code?: string; decline_code?: string } };
  nextAction: { paymentIntent: { id: string; status: string } } | { error: { code: string } };
}

let standIn: StandIn;

// The page loads Stripe.js once per key and keeps it: the stand-in reads the current test's `standIn`.
beforeEach(() => {
  standIn = {
    calls: [],
    type: (event) => standIn.onChange?.({ elementType: "card", empty: false, ...event }),
    mountedIn: null,
    paymentMethod: { paymentMethod: { id: "pm_card_visa" } },
    nextAction: { paymentIntent: { id: "pi_3ds", status: "succeeded" } },
  };
  const record = (method: string, args: unknown[]) => standIn.calls.push({ method, args });
  const Stripe = (...args: unknown[]) => {
    record("Stripe", args);
    return {
      elements: (...options: unknown[]) => {
        record("elements", options);
        return {
          create: (...create: unknown[]) => {
            record("create", create);
            return {
              on: (name: string, handler: (event: unknown) => void) => {
                if (name === "change") standIn.onChange = handler;
              },
              mount: (node: HTMLElement) => {
                standIn.mountedIn = node;
              },
              destroy: () => record("destroy", []),
              focus: () => record("focus", []),
            };
          },
        };
      },
      createPaymentMethod: async (...data: unknown[]) => {
        record("createPaymentMethod", data);
        return standIn.paymentMethod;
      },
      handleNextAction: async (...options: unknown[]) => {
        record("handleNextAction", options);
        return standIn.nextAction;
      },
    };
  };
  Object.assign(Stripe, { version: "endive" });
  Object.assign(window, { Stripe });
});

afterEach(() => {
  dispatchCart({ type: "reset" });
  sessionStorage.clear();
  Reflect.deleteProperty(window, "Stripe");
});

const STRIPE_CONFIG = {
  "GET /v1/payments/config": { status: 200, body: { provider: "stripe", publishableKey: KEY } },
};

const orderCalls = (calls: StubbedCall[]) =>
  calls
    .filter((c) => c.method === "POST" && c.url.endsWith("/v1/orders"))
    .map((c) => c.body as Record<string, unknown>);

/** The checkout with TAKEDOWN in the cart and Stripe's card element mounted in the card field. */
async function openCheckout(routes: Parameters<typeof renderShop>[1] = {}) {
  dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items: ["TAKEDOWN"] });
  const shop = renderShop("add-services", { ...STRIPE_CONFIG, ...routes });
  await waitFor(() => expect(standIn.mountedIn).not.toBeNull());
  fireEvent.change(screen.getByLabelText(/^Provincia/), { target: { value: INVOICE.province } });
  fireEvent.click(screen.getByLabelText(/Ho letto e accetto/));
  fireEvent.click(screen.getByLabelText(/^Chiedo che i servizi inizino subito/));
  return shop;
}

describe("the checkout with Stripe", () => {
  it("mounts Stripe's card element, in Italian, in the labelled card field; no test cards, no card inputs", async () => {
    await openCheckout();
    expect(standIn.calls.find((c) => c.method === "Stripe")?.args).toEqual([KEY, { locale: "it" }]);
    expect(standIn.calls.find((c) => c.method === "elements")?.args).toEqual([{ locale: "it" }]);
    expect(standIn.calls.find((c) => c.method === "create")?.args[0]).toBe("card");
    expect(screen.getByText(STRIPE_CARD_LABEL).closest("div")?.contains(standIn.mountedIn)).toBe(true);
    expect(screen.queryByText("Modalità di prova: le carte da usare")).toBeNull();
    expect(screen.queryByLabelText(/^Numero della carta/)).toBeNull();
  });

  it("sends nothing while the card is incomplete, and says what is missing in Italian", async () => {
    const { calls } = await openCheckout();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect((await screen.findAllByText(MESSAGES.paymentRequired)).length).toBeGreaterThan(0);

    standIn.type({ complete: false, error: { code: "incomplete_number" } });
    expect((await screen.findAllByText(CARD_ERROR_MESSAGES.incomplete_number)).length).toBeGreaterThan(0);
    expect(standIn.calls.some((c) => c.method === "createPaymentMethod")).toBe(false);
    expect(orderCalls(calls)).toEqual([]);

    // Completed, the card field's error goes.
    standIn.type({ complete: true });
    await waitFor(() => expect(screen.queryByText(CARD_ERROR_MESSAGES.incomplete_number)).toBeNull());
    expect(screen.queryByText(MESSAGES.paymentRequired)).toBeNull();
  });

  it("pays with 3-D Secure: Stripe's payment method, its next action, then the order again with the intent", async () => {
    let orders = 0;
    const { calls } = await openCheckout({
      "POST /v1/orders": () =>
        ++orders === 1
          ? {
              status: 200,
              body: { order: null, requires_action: true, payment_intent_client_secret: "pi_3ds_secret_x" },
            }
          : {
              status: 200,
              body: { order: paidOrder(), requires_action: false, payment_intent_client_secret: null },
            },
    });
    standIn.type({ complete: true });
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));

    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    const [first, second] = orderCalls(calls);
    expect(first?.payment).toEqual({ type: "STRIPE", code: '{"payment_method_id":"pm_card_visa"}' });
    expect(second?.payment).toEqual({ type: "STRIPE", code: '{"payment_intent_id":"pi_3ds"}' });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(standIn.calls.find((c) => c.method === "createPaymentMethod")?.args[0]).toMatchObject({
      type: "card",
    });
    expect(standIn.calls.find((c) => c.method === "handleNextAction")?.args).toEqual([
      { clientSecret: "pi_3ds_secret_x" },
    ]);
    // Stripe's challenge is its own frame: the sandbox's dialog never opens.
    expect(calls.some((c) => c.url.includes("/sandbox/"))).toBe(false);
  });

  it("a card Stripe.js refuses lands on the payment error page with core's Italian message", async () => {
    standIn.paymentMethod = { error: { code: "card_declined", decline_code: "insufficient_funds" } };
    const { calls } = await openCheckout();
    standIn.type({ complete: true });
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(
      await screen.findByRole("heading", { name: "Il pagamento non è andato a buon fine" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(CARD_ERROR_MESSAGES.insufficient_funds);
    expect(orderCalls(calls)).toEqual([]);
  });

  it("a refused 3-D Secure challenge is a payment ko with the authentication message", async () => {
    standIn.nextAction = { error: { code: "payment_intent_authentication_failure" } };
    const { calls } = await openCheckout({
      "POST /v1/orders": {
        status: 200,
        body: { order: null, requires_action: true, payment_intent_client_secret: "pi_3ds_secret_x" },
      },
    });
    standIn.type({ complete: true });
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(
      await screen.findByRole("heading", { name: "Il pagamento non è andato a buon fine" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      CARD_ERROR_MESSAGES.payment_intent_authentication_failure,
    );
    expect(orderCalls(calls)).toHaveLength(1);
  });

  it("after a proxy's 502, 'Paga' again sends the same key and payment method; a card changed makes a new one", async () => {
    let orders = 0;
    const { calls } = await openCheckout({
      "POST /v1/orders": () =>
        ++orders <= 2
          ? proxyErrorPage(502)
          : {
              status: 200,
              body: { order: paidOrder(), requires_action: false, payment_intent_client_secret: null },
            },
    });
    standIn.type({ complete: true });
    const pay = () => fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    pay();
    expect(await screen.findByText(MESSAGES.serviceUnavailable)).toBeTruthy();
    pay();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(2));
    const made = () => standIn.calls.filter((c) => c.method === "createPaymentMethod").length;
    expect(made()).toBe(1);
    const [lost, retried] = orderCalls(calls);
    expect(retried).toEqual(lost);

    // Another card typed into Stripe's element: a new payment method, still the same attempt.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Paga 120,00 €" })).toHaveProperty("disabled", false),
    );
    standIn.paymentMethod = { paymentMethod: { id: "pm_card_mastercard" } };
    standIn.type({ complete: true });
    pay();
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    expect(made()).toBe(2);
    const third = orderCalls(calls)[2];
    expect(third?.idempotencyKey).toBe(lost?.idempotencyKey);
    expect(third?.payment).toEqual({ type: "STRIPE", code: '{"payment_method_id":"pm_card_mastercard"}' });
  });

  it("says card payments are unavailable when no provider takes cards", async () => {
    dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items: ["TAKEDOWN"] });
    renderShop("add-services", {
      "GET /v1/payments/config": { status: 200, body: { provider: "none", publishableKey: null } },
    });
    expect((await screen.findAllByText(MESSAGES.cardPaymentUnavailable)).length).toBeGreaterThan(0);
  });
});
