import { casePath } from "@argine/core/practices/case-path";
import { CARD_ERROR_MESSAGES, MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { proxyErrorPage, type StubbedCall } from "../../test-render.tsx";
import { CARD_ACTION_TITLE } from "./card-action-dialog.tsx";
import { AUTHENTICATION_FAILED } from "./card-payment.ts";
import { dispatchCart } from "./cart-store.ts";
import { INVOICE, ME, PRACTICE_ID, paidOrder, renderShop, TICKET } from "./orders-test-helpers.tsx";

afterEach(() => {
  dispatchCart({ type: "reset" });
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the consent cookie the data layer reads
  document.cookie = "argine_analytics_consent=; Max-Age=0; Path=/";
  window.dataLayer = undefined;
});

const choose = (...items: string[]) => dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items });

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fillCard(number: string) {
  fireEvent.change(field(/^Numero della carta/), { target: { value: number } });
  fireEvent.change(field(/^Scadenza/), { target: { value: "12/30" } });
  fireEvent.change(field(/^CVC/), { target: { value: "123" } });
}

/**
 * Accepts the conditions of sale and asks for the services to start at once. The province is chosen again first: happy-dom reads a select whose first
 * option is empty as "edited" when react-hook-form registers it, so its stored value is not preselected there
 * (browsers preselect it).
 */
function acceptConditions() {
  fireEvent.change(screen.getByLabelText(/^Provincia/), { target: { value: INVOICE.province } });
  fireEvent.click(screen.getByLabelText(/Ho letto e accetto/));
  fireEvent.click(screen.getByLabelText(/^Chiedo che i servizi inizino subito/));
}

const orderCalls = (calls: StubbedCall[]) =>
  calls
    .filter((c) => c.method === "POST" && c.url.endsWith("/v1/orders"))
    .map((c) => c.body as Record<string, unknown>);

describe("the cart and purchase summary", () => {
  it("lists the services with the list price, the discounts and the total VAT included as '1.234,50 €'", async () => {
    choose("INJUCTION", "TAKEDOWN");
    const { calls } = renderShop("add-services");
    const cart = await screen.findByRole("region", { name: "I servizi scelti" });
    const lines = within(cart).getAllByRole("listitem");
    // Catalogue order (meta.order), whatever the order of choice.
    expect(lines.map((li) => li.querySelector("p")?.textContent)).toEqual(["Takedown", "Diffida"]);
    expect(lines[0]?.textContent).toContain("invece di 150,00 €");
    expect(lines[1]?.textContent).toContain("1.234,50 €");
    const totals = cart.querySelector("dl")?.textContent;
    expect(totals).toContain("Prezzo di listino1.384,50 €");
    expect(totals).toContain("Sconti− 30,00 €");
    expect(totals).toContain("Totale (IVA inclusa)1.354,50 €");
    // Spec §7: the campaigns are asked with the cart's amount.
    await waitFor(() => expect(calls.some((c) => c.url.includes("/v1/campaigns?amount=1354.5"))).toBe(true));
  });

  it("says a service must be chosen when the cart is empty, and offers no payment", async () => {
    renderShop("add-services");
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.serviceRequired);
    expect(screen.getByRole("link", { name: "Scegli i servizi dalla pagina della pratica" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Paga/ })).toBeNull();
  });

  it("removes a service from the cart", async () => {
    choose("TAKEDOWN", "INJUCTION");
    renderShop("add-services");
    fireEvent.click(await screen.findByRole("button", { name: "Rimuovi Diffida" }));
    const cart = screen.getByRole("region", { name: "I servizi scelti" });
    expect(within(cart).queryByText("Diffida")).toBeNull();
    expect(cart.textContent).toContain("Totale (IVA inclusa)120,00 €");
  });

  it("checks the voucher's length, says when it is refused, and applies a valid one", async () => {
    choose("INJUCTION");
    const { calls } = renderShop("add-services", {
      "POST /v1/voucher/verify": ({ body }) => ({
        status: 200,
        body:
          (body as { voucherCode: string }).voucherCode === "DEMO10"
            ? { isValid: true, discountAmount: 10 }
            : { isValid: false },
      }),
    });
    const code = await screen.findByLabelText("Hai un voucher?");
    fireEvent.change(code, { target: { value: "AB" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    expect(await screen.findByText(MESSAGES.voucherMinLength)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("/voucher/verify"))).toBe(false);

    fireEvent.change(code, { target: { value: "NOPE" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    expect(await screen.findByText(MESSAGES.voucherRefused)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Hai un voucher?"), { target: { value: "DEMO10" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    expect(await screen.findByText(/applicato: sconto del 10%/)).toBeTruthy();
    const cart = screen.getByRole("region", { name: "I servizi scelti" });
    expect(cart.textContent).toContain("Voucher DEMO10− 123,45 €");
    expect(cart.textContent).toContain("Totale (IVA inclusa)1.111,05 €");
  });
});

describe("the checkout form", () => {
  it("prefills the billing data from the profile", async () => {
    choose("TAKEDOWN");
    renderShop("add-services");
    expect((await screen.findByLabelText(/^Codice fiscale/)) as HTMLInputElement).toHaveProperty(
      "value",
      INVOICE.taxCode,
    );
    expect(field(/^Città/).value).toBe("Milano");
  });

  it("says every field must be filled, the conditions of sale accepted and the start asked, and sends nothing", async () => {
    choose("TAKEDOWN");
    const { calls } = renderShop("add-services");
    fireEvent.change(await screen.findByLabelText(/^Città/), { target: { value: "" } });
    // The card's fields come with the provider's configuration (the sandbox here).
    await screen.findByLabelText(/^Numero della carta/);
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(await screen.findByText(MESSAGES.checkoutFieldsRequired)).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.salesConditionsRequired).length).toBeGreaterThan(0);
    expect(screen.getAllByText(MESSAGES.withdrawalWaiverRequired).length).toBeGreaterThan(0);
    expect(field(/^Numero della carta/).getAttribute("aria-invalid")).toBe("true");
    expect(field(/^Città/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("heading", { name: /errori da correggere/ })).toBeTruthy();
    expect(calls.some((c) => c.url.includes("/sandbox/") || c.url.endsWith("/v1/orders"))).toBe(false);
  });

  it("lists the sandbox's test cards in the card form", async () => {
    choose("TAKEDOWN");
    renderShop("add-services");
    const hint = (await screen.findByText("Modalità di prova: le carte da usare")).closest("details");
    expect(hint?.textContent).toContain(
      "4000 0027 6000 3184: Chiede la verifica 3-D Secure (da approvare o rifiutare)",
    );
  });
});

describe("the payment (spec §4 'Payment flow')", () => {
  it("pays with 3-D Secure: the order, the approved challenge, the order again with the intent, then payment ok", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: analytics consent for this test
    document.cookie = "argine_analytics_consent=true; Path=/";
    choose("TAKEDOWN");
    let orders = 0;
    const { calls } = renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": {
        status: 200,
        body: { id: "pm_3ds", last4: "3184", brand: "visa" },
      },
      "POST /v1/orders": () =>
        ++orders === 1
          ? {
              status: 200,
              body: { order: null, requires_action: true, payment_intent_client_secret: "pi_123_secret_abc" },
            }
          : {
              status: 200,
              body: { order: paidOrder(), requires_action: false, payment_intent_client_secret: null },
            },
      "GET /v1/sandbox/3ds/pi_123": { status: 200, body: { amount: 120, status: "requires_action" } },
      "POST /v1/sandbox/3ds/pi_123": { status: 200, body: { status: "requires_confirmation" } },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4000 0027 6000 3184");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));

    const dialog = await screen.findByRole("dialog", { name: CARD_ACTION_TITLE });
    expect(await within(dialog).findByText("120,00 €")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Approva" }));

    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    // The order just paid: its invoice and receipt, to download.
    expect(screen.getByRole("link", { name: "Scarica la fattura" }).getAttribute("href")).toBe(
      paidOrder().invoiceUrl,
    );
    expect(screen.getByRole("link", { name: "Scarica la ricevuta" }).hasAttribute("download")).toBe(true);
    const [first, second] = orderCalls(calls);
    expect(calls.find((c) => c.url.endsWith("/sandbox/payment-methods"))?.body).toEqual({
      number: "4000002760003184",
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
    });
    expect(first).toEqual({
      practiceId: PRACTICE_ID,
      items: ["TAKEDOWN"],
      invoice: INVOICE,
      salesConditionsAccepted: true,
      withdrawalWaiverAccepted: true,
      idempotencyKey: expect.any(String),
      payment: { type: "STRIPE", code: '{"payment_method_id":"pm_3ds"}' },
    });
    expect(second).toEqual({
      ...first,
      payment: { type: "STRIPE", code: '{"payment_intent_id":"pi_123"}' },
    });
    expect(calls.find((c) => c.method === "POST" && c.url.includes("/3ds/"))?.body).toEqual({
      client_secret: "pi_123_secret_abc",
      approve: true,
    });
    // The checkout's steps, with codes and amounts only.
    const events = (window.dataLayer ?? []).map((entry) => entry.event);
    expect(events).toEqual(["begin_checkout", "add_payment_info", "purchase"]);
    expect(JSON.stringify(window.dataLayer)).not.toMatch(
      new RegExp(`${INVOICE.taxCode}|${PRACTICE_ID}|${TICKET}|4000`),
    );
  });

  it("a refused challenge is a payment ko; 'Riprova' keeps the cart and pays with a new key", async () => {
    choose("TAKEDOWN");
    let orders = 0;
    const { calls, router } = renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": ({ body }) => ({
        status: 200,
        body: {
          id: (body as { number: string }).number === "4242424242424242" ? "pm_ok" : "pm_3ds",
          last4: "0000",
          brand: "visa",
        },
      }),
      "POST /v1/orders": ({ body }) =>
        (body as { payment: { code: string } }).payment.code.includes("pm_3ds") && ++orders === 1
          ? {
              status: 200,
              body: { order: null, requires_action: true, payment_intent_client_secret: "pi_9_secret_x" },
            }
          : {
              status: 200,
              body: { order: paidOrder(), requires_action: false, payment_intent_client_secret: null },
            },
      "GET /v1/sandbox/3ds/pi_9": { status: 200, body: { amount: 120, status: "requires_action" } },
      "POST /v1/sandbox/3ds/pi_9": { status: 200, body: { status: "requires_payment_method" } },
      "POST /v1/orders/abandon": { status: 200, body: { status: "FAILED", order: null } },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4000 0027 6000 3184");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    const dialog = await screen.findByRole("dialog", { name: CARD_ACTION_TITLE });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));

    expect(
      await screen.findByRole("heading", { name: "Il pagamento non è andato a buon fine" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(AUTHENTICATION_FAILED);
    expect(router.state.location.pathname).toBe(casePath(TICKET, "add-services/payment/error"));
    expect(orderCalls(calls)).toHaveLength(1);
    // The attempt is given up on the server, so what it reserved goes back at once (ADR 014).
    const given = calls.filter((c) => c.method === "POST" && c.url.endsWith("/v1/orders/abandon"));
    expect(given.map((c) => c.body)).toEqual([{ idempotencyKey: orderCalls(calls)[0]?.idempotencyKey }]);

    fireEvent.click(screen.getByRole("link", { name: "Riprova" }));
    const cart = await screen.findByRole("region", { name: "I servizi scelti" });
    expect(within(cart).getByRole("button", { name: "Rimuovi Takedown" })).toBeTruthy();
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4242 4242 4242 4242");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    const [refused, retried] = orderCalls(calls);
    expect(retried?.idempotencyKey).not.toBe(refused?.idempotencyKey);
  });

  it("takes the expiry typed as 0828, writes it as 08/28 and pays with August 2028", async () => {
    choose("TAKEDOWN");
    const { calls } = renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": {
        status: 200,
        body: { id: "pm_ok", last4: "4242", brand: "visa" },
      },
      "POST /v1/orders": {
        status: 200,
        body: { order: paidOrder(), requires_action: false, payment_intent_client_secret: null },
      },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4242 4242 4242 4242");
    fireEvent.change(field(/^Scadenza/), { target: { value: "0828" } });
    fireEvent.blur(field(/^Scadenza/));
    await waitFor(() => expect(field(/^Scadenza/).value).toBe("08/28"));
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/sandbox/payment-methods"))?.body).toMatchObject({
      expMonth: 8,
      expYear: 2028,
    });
  });

  it("'Riprova' after a refused 3-D Secure keeps the gift card typed in and the voucher", async () => {
    choose("TAKEDOWN");
    let orders = 0;
    const { calls } = renderShop("add-services", {
      "POST /v1/voucher/verify": { status: 200, body: { isValid: true, discountAmount: 10 } },
      "POST /v1/giftcard/verify": {
        status: 200,
        body: { code: "GIFT-HALF", amount: 50, balance: 50, productCodes: [], expiresAt: null },
      },
      "POST /v1/sandbox/payment-methods": {
        status: 200,
        body: { id: "pm_3ds", last4: "3184", brand: "visa" },
      },
      "POST /v1/orders": () =>
        ++orders === 1
          ? {
              status: 200,
              body: { order: null, requires_action: true, payment_intent_client_secret: "pi_7_secret_x" },
            }
          : {
              status: 200,
              body: { order: paidOrder(), requires_action: false, payment_intent_client_secret: null },
            },
      "GET /v1/sandbox/3ds/pi_7": { status: 200, body: { amount: 58, status: "requires_action" } },
      "POST /v1/sandbox/3ds/pi_7": { status: 200, body: { status: "requires_payment_method" } },
    });
    fireEvent.change(await screen.findByLabelText("Hai un voucher?"), { target: { value: "DEMO10" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    expect(await screen.findByText(/applicato: sconto del 10%/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Gift card/));
    fireEvent.change(screen.getByLabelText("Codice della gift card"), { target: { value: "GIFT-HALF" } });
    fireEvent.click(screen.getByRole("button", { name: "Usa la gift card" }));
    const split = "La gift card GIFT-HALF paga 50,00 €; il resto, 58,00 €, con la carta.";
    expect(await screen.findByText(split)).toBeTruthy();
    fillCard("4000 0027 6000 3184");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 58,00 €" }));
    const dialog = await screen.findByRole("dialog", { name: CARD_ACTION_TITLE });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    expect(
      await screen.findByRole("heading", { name: "Il pagamento non è andato a buon fine" }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: "Riprova" }));
    expect(await screen.findByText(split)).toBeTruthy();
    expect(screen.getByText(/Voucher DEMO10/)).toBeTruthy();
    fillCard("4000 0027 6000 3184");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 58,00 €" }));
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    const [refused, retried] = orderCalls(calls);
    expect(refused).toMatchObject({ voucherCode: "DEMO10", giftCardCode: "GIFT-HALF" });
    expect(retried).toMatchObject({ voucherCode: "DEMO10", giftCardCode: "GIFT-HALF" });
    expect(retried?.idempotencyKey).not.toBe(refused?.idempotencyKey);
  });

  it("a card the provider refuses shows its Italian message on the payment error page", async () => {
    choose("TAKEDOWN");
    const { calls } = renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": {
        status: 400,
        body: { code: "BAD_REQUEST", message: CARD_ERROR_MESSAGES.incorrect_number, requestId: "r" },
      },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4242 4242 4242 4241");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(
      await screen.findByRole("heading", { name: "Il pagamento non è andato a buon fine" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(CARD_ERROR_MESSAGES.incorrect_number);
    expect(orderCalls(calls)).toHaveLength(0);
  });

  it("an order refused by the card at creation lands on the error page with the order's message", async () => {
    choose("TAKEDOWN");
    renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": {
        status: 200,
        body: { id: "pm_funds", last4: "9995", brand: "visa" },
      },
      "POST /v1/orders": {
        status: 200,
        body: {
          order: paidOrder({ status: "FAILED", paidAt: null, error: CARD_ERROR_MESSAGES.insufficient_funds }),
          requires_action: false,
          payment_intent_client_secret: null,
        },
      },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4000 0000 0000 9995");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(await screen.findByText(CARD_ERROR_MESSAGES.insufficient_funds)).toBeTruthy();
  });

  it("a card the API refuses with 402 lands on the error page with the card's message", async () => {
    choose("TAKEDOWN");
    renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": {
        status: 200,
        body: { id: "pm_declined", last4: "0002", brand: "visa" },
      },
      // What the orders service answers for an order its card refused (orders.integration.test.ts).
      "POST /v1/orders": {
        status: 402,
        body: { code: "PAYMENT_FAILED", message: CARD_ERROR_MESSAGES.card_declined, requestId: "r" },
      },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4000 0000 0000 0002");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(
      await screen.findByRole("heading", { name: "Il pagamento non è andato a buon fine" }),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(CARD_ERROR_MESSAGES.card_declined);
  });

  it("an order the API refuses stays on the checkout with the API's message", async () => {
    choose("TAKEDOWN");
    renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": {
        status: 200,
        body: { id: "pm_ok", last4: "4242", brand: "visa" },
      },
      "POST /v1/orders": {
        status: 409,
        body: {
          code: "CONFLICT",
          message: "Questo servizio non si può più acquistare su questa pratica.",
          requestId: "r",
        },
      },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4242 4242 4242 4242");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 120,00 €" }));
    expect(
      await screen.findByText("Questo servizio non si può più acquistare su questa pratica."),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Riepilogo dell'acquisto" })).toBeTruthy();
  });

  it("asks no card when a campaign covers the whole total", async () => {
    choose("TAKEDOWN");
    const { calls } = renderShop("add-services", {
      "GET /v1/campaigns": {
        status: 200,
        body: [
          {
            id: "c1",
            code: "SPONSOR",
            name: "Difendiamoci",
            sponsor: "Fondazione Esempio",
            coveragePercent: 100,
            maxAmount: null,
            productCodes: [],
            meta: { order: 1 },
          },
        ],
      },
      "POST /v1/orders": {
        status: 200,
        body: {
          order: paidOrder({ paymentType: "CAMPAIGN", amount: 0, cardAmount: 0 }),
          requires_action: false,
          payment_intent_client_secret: null,
        },
      },
    });
    expect(await screen.findByText(/coperto dalla campagna sponsorizzata "Difendiamoci"/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Numero della carta/)).toBeNull();
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Conferma l'acquisto" }));
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    expect(orderCalls(calls)[0]?.payment).toBeUndefined();
    expect(calls.some((c) => c.url.includes("/sandbox/"))).toBe(false);
  });

  it("pays the whole total with a gift card typed in, with no card", async () => {
    choose("TAKEDOWN");
    const { calls } = renderShop("add-services", {
      "POST /v1/giftcard/verify": {
        status: 200,
        body: { code: "GIFT-DEMO", amount: 500, balance: 500, productCodes: [], expiresAt: null },
      },
      "POST /v1/orders": {
        status: 200,
        body: {
          order: paidOrder({ paymentType: "GIFT_CARD", giftCardAmount: 120, cardAmount: 0 }),
          requires_action: false,
          payment_intent_client_secret: null,
        },
      },
    });
    fireEvent.click(await screen.findByLabelText(/^Gift card/));
    fireEvent.change(screen.getByLabelText("Codice della gift card"), { target: { value: "GIFT-DEMO" } });
    fireEvent.click(screen.getByRole("button", { name: "Usa la gift card" }));
    expect(await screen.findByText(/La gift card GIFT-DEMO paga tutto: 120,00 €/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Numero della carta/)).toBeNull();
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Conferma l'acquisto" }));
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    expect(orderCalls(calls)[0]).toMatchObject({ giftCardCode: "GIFT-DEMO" });
    expect(orderCalls(calls)[0]?.payment).toBeUndefined();
  });
});

// Issue 39: a submit whose answer was lost is sent again as the same attempt (checkout-attempt.ts).
describe("a payment whose answer was lost", () => {
  /** The sandbox's card endpoint, a new payment method at each call. */
  const paymentMethods = () => {
    let made = 0;
    return () => ({ status: 200, body: { id: `pm_${++made}`, last4: "4242", brand: "visa" } });
  };
  const paid = {
    status: 200,
    body: { order: paidOrder(), requires_action: false, payment_intent_client_secret: null },
  };
  const pay = (amount = "120,00 €") =>
    fireEvent.click(screen.getByRole("button", { name: `Paga ${amount}` }));

  it.each([
    ["nginx's 502 page", () => proxyErrorPage(502)],
    [
      "a network failure",
      () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])(
    "after %s, the Italian message, the form kept, and 'Paga' again is the same attempt with the same body",
    async (_, lost) => {
      choose("TAKEDOWN");
      let orders = 0;
      const { calls } = renderShop("add-services", {
        "POST /v1/sandbox/payment-methods": paymentMethods(),
        "POST /v1/orders": () => (++orders === 1 ? lost() : paid),
      });
      await screen.findByLabelText(/^Numero della carta/);
      fillCard("4242 4242 4242 4242");
      acceptConditions();
      pay();
      expect(await screen.findByText(MESSAGES.serviceUnavailable)).toBeTruthy();
      expect(screen.getByRole("heading", { name: "Riepilogo dell'acquisto" })).toBeTruthy();
      expect(field(/^Numero della carta/).value).toBe("4242 4242 4242 4242");

      pay();
      expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
      const [lostOne, retried] = orderCalls(calls);
      expect(lostOne?.idempotencyKey).toEqual(expect.any(String));
      expect(retried).toEqual(lostOne);
      expect(calls.filter((c) => c.url.endsWith("/sandbox/payment-methods"))).toHaveLength(1);
      // Paid: the attempt is over, nothing of it is kept.
      expect(sessionStorage.getItem("cart") ?? "").not.toContain(String(lostOne?.idempotencyKey));
    },
  );

  it("keeps the attempt with the cart in the tab's session storage, for a reload, while its answer is lost", async () => {
    choose("TAKEDOWN");
    const { calls } = renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": paymentMethods(),
      "POST /v1/orders": proxyErrorPage(504, "Gateway Time-out"),
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4242 4242 4242 4242");
    acceptConditions();
    pay();
    expect(await screen.findByText(MESSAGES.serviceUnavailable)).toBeTruthy();
    const [lostOne] = orderCalls(calls);
    expect(JSON.parse(sessionStorage.getItem("cart") ?? "{}").attempt?.key).toBe(lostOne?.idempotencyKey);
  });

  it("a cart changed after the lost answer is a new attempt", async () => {
    choose("TAKEDOWN", "INJUCTION");
    let orders = 0;
    const { calls } = renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": paymentMethods(),
      "POST /v1/orders": () =>
        ++orders === 1 ? proxyErrorPage(503, "Service Temporarily Unavailable") : paid,
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4242 4242 4242 4242");
    acceptConditions();
    pay("1.354,50 €");
    expect(await screen.findByText(MESSAGES.serviceUnavailable)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Rimuovi Diffida" }));
    pay();
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    const [lostOne, changed] = orderCalls(calls);
    expect(changed?.items).toEqual(["TAKEDOWN"]);
    expect(changed?.idempotencyKey).not.toBe(lostOne?.idempotencyKey);
  });

  it("an order the API refused is answered for good: sent again, it is a new attempt", async () => {
    choose("TAKEDOWN");
    const { calls } = renderShop("add-services", {
      "POST /v1/sandbox/payment-methods": paymentMethods(),
      "POST /v1/orders": {
        status: 409,
        body: { code: "CONFLICT", message: MESSAGES.practiceHasOrderInProgress, requestId: "r" },
      },
    });
    await screen.findByLabelText(/^Numero della carta/);
    fillCard("4242 4242 4242 4242");
    acceptConditions();
    pay();
    expect(await screen.findByText(MESSAGES.practiceHasOrderInProgress)).toBeTruthy();
    pay();
    await waitFor(() => expect(orderCalls(calls)).toHaveLength(2));
    const [refused, again] = orderCalls(calls);
    expect(again?.idempotencyKey).not.toBe(refused?.idempotencyKey);
  });
});

describe("gift cards at checkout", () => {
  const PROMO = {
    code: "PROMO-7KQ2-M9XD",
    amount: 150,
    balance: 150,
    productCodes: ["DEFENCE"],
    expiresAt: "2099-06-30T00:00:00.000Z",
  };

  it("offers the user's gift card, which pays what it covers, and the card the rest", async () => {
    choose("DEFENCE", "TAKEDOWN");
    const { calls } = renderShop(
      "add-services",
      {
        [`GET /v1/giftcard/user/assigned/${ME.id}`]: { status: 200, body: [PROMO] },
        "POST /v1/sandbox/payment-methods": {
          status: 200,
          body: { id: "pm_ok", last4: "4242", brand: "visa" },
        },
        "POST /v1/orders": {
          status: 200,
          body: {
            order: paidOrder({ giftCardAmount: 150, cardAmount: 870 }),
            requires_action: false,
            payment_intent_client_secret: null,
          },
        },
      },
      { signedIn: true },
    );
    fireEvent.click(await screen.findByLabelText(/^Gift card/));
    expect(
      await screen.findByText(/150,00 € disponibili · valida fino al 30 giugno 2099 · solo Difesa Legale/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: `Usa questa gift card ${PROMO.code}` }));
    expect(
      await screen.findByText(`La gift card ${PROMO.code} paga 150,00 €; il resto, 870,00 €, con la carta.`),
    ).toBeTruthy();
    fillCard("4242 4242 4242 4242");
    acceptConditions();
    fireEvent.click(screen.getByRole("button", { name: "Paga 870,00 €" }));
    expect(await screen.findByRole("heading", { name: "Pagamento riuscito" })).toBeTruthy();
    expect(orderCalls(calls)[0]).toMatchObject({
      items: ["TAKEDOWN", "DEFENCE"],
      giftCardCode: PROMO.code,
      payment: { type: "STRIPE", code: '{"payment_method_id":"pm_ok"}' },
    });
  });

  it("requests the promo gift card with a promo code and uses it", async () => {
    choose("DEFENCE");
    let issued = false;
    const { calls } = renderShop(
      "add-services",
      {
        [`GET /v1/giftcard/user/assigned/${ME.id}`]: () => ({ status: 200, body: issued ? [PROMO] : [] }),
        "POST /v1/giftcard/request": () => {
          issued = true;
          return { status: 201, body: PROMO };
        },
      },
      { signedIn: true },
    );
    fireEvent.click(await screen.findByLabelText(/^Gift card/));
    fireEvent.change(screen.getByLabelText(/^Codice promozionale/), { target: { value: "DIFESA150" } });
    fireEvent.click(screen.getByRole("button", { name: "Richiedi la gift card promozionale" }));
    expect(await screen.findByText(/Gift card promozionale attivata: 150,00 € disponibili/)).toBeTruthy();
    expect(
      await screen.findByText(`La gift card ${PROMO.code} paga 150,00 €; il resto, 750,00 €, con la carta.`),
    ).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/giftcard/request"))?.body).toEqual({ promo: "DIFESA150" });
  });
});

describe("the payment outcome pages", () => {
  it("the error page shows the stored message for this practice, or the generic one", async () => {
    dispatchCart({ type: "merge", practiceId: PRACTICE_ID, items: ["TAKEDOWN"] });
    dispatchCart({ type: "orderError", practiceId: PRACTICE_ID, message: CARD_ERROR_MESSAGES.expired_card });
    renderShop("add-services/payment/error");
    expect((await screen.findByRole("alert")).textContent).toBe(CARD_ERROR_MESSAGES.expired_card);
    expect(screen.getByRole("link", { name: "Riprova" }).getAttribute("href")).toBe(
      casePath(TICKET, "add-services"),
    );
  });

  it("the error page without a stored message says the generic one", async () => {
    renderShop("add-services/payment/error");
    expect((await screen.findByRole("alert")).textContent).toBe(CARD_ERROR_MESSAGES.generic);
  });

  it("the staff see the summary but cannot buy", async () => {
    choose("TAKEDOWN");
    renderShop("add-services", {}, { staff: true });
    expect(await screen.findByText(/Gli acquisti li fa il cliente/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Paga/ })).toBeNull();
  });
});
