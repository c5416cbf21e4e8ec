// A stand-in of Stripe.js (https://js.stripe.com/*), served by the Stripe journeys (checkout-stripe.spec.ts)
// since the real one cannot load here. Only what the checkout calls: Stripe(key), elements(), create("card")
// with mount, on("change"), focus, destroy; createPaymentMethod and handleNextAction, which talk to
// https://api.stripe.com as Stripe.js does (the journey routes it to the loopback stand-in of Stripe's API).
// The card element is a plain input here, where Stripe's is an iframe; the challenge opens nothing and is
// approved, as a bank that asks no question would.
(() => {
  function Stripe(key) {
    const api = "https://api.stripe.com/v1";
    const post = (path, form) =>
      fetch(api + path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ key, ...form }),
      }).then((response) => response.json());
    let current = null;
    return {
      elements: () => ({
        create: (type) => {
          if (type !== "card") throw new Error(`stand-in: no ${type} element`);
          const handlers = [];
          const input = document.createElement("input");
          input.setAttribute("aria-label", "Numero della carta");
          input.inputMode = "numeric";
          input.autocomplete = "cc-number";
          input.style.cssText = "border:0;width:100%;font:inherit;background:transparent";
          input.addEventListener("input", () => {
            const digits = input.value.replace(/\D/g, "");
            const event = { elementType: "card", empty: digits.length === 0, complete: digits.length === 16 };
            if (digits.length > 0 && digits.length < 16)
              event.error = { type: "validation_error", code: "incomplete_number" };
            for (const handler of handlers) handler(event);
          });
          current = {
            number: () => input.value.replace(/\D/g, ""),
            mount: (node) => node.appendChild(input),
            on: (name, handler) => name === "change" && handlers.push(handler),
            focus: () => input.focus(),
            destroy: () => input.remove(),
          };
          return current;
        },
      }),
      createPaymentMethod: async () => {
        const answer = await post("/payment_methods", {
          type: "card",
          "card[number]": current?.number() ?? "",
        });
        return answer.error ? { error: answer.error } : { paymentMethod: answer };
      },
      handleNextAction: async ({ clientSecret }) => {
        const intent = clientSecret.split("_secret_")[0];
        const answer = await post(`/payment_intents/${intent}/authenticate`, { client_secret: clientSecret });
        return answer.error ? { error: answer.error } : { paymentIntent: answer };
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
