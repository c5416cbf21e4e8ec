import { DEFENCE_SCOPE } from "@argine/core/services/mandate";
import { MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, stubApi } from "../../test-render.tsx";
import type { CaseContext } from "../practices/case-area.tsx";
import { CasePage } from "../practices/case-page.tsx";
import { dispatchCart, useCart } from "./cart-store.ts";
import { checkoutPath } from "./order-paths.ts";
import { PRACTICE, PRACTICE_ID, PRODUCTS } from "./orders-test-helpers.tsx";
import { ServicePicker } from "./service-picker.tsx";

afterEach(() => {
  dispatchCart({ type: "reset" });
  sessionStorage.clear();
});

function CartProbe() {
  return <output aria-label="carrello">{useCart().items.join(",")}</output>;
}

function renderCase(staff = false) {
  stubApi({
    "GET /v1/products": { status: 200, body: PRODUCTS },
    [`GET /v1/practices/${PRACTICE_ID}/customService`]: {
      status: 200,
      body: { code: "ADVICE", price: null, discountedPrice: null },
    },
    [`GET /v1/practices/${PRACTICE_ID}/emails`]: { status: 200, body: [] },
    [`GET /v1/practices/${PRACTICE_ID}/comments`]: { status: 200, body: [] },
  });
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <AppProviders authClient={fakeOidcClient()}>
            <Outlet context={{ practice: PRACTICE, staff } satisfies CaseContext} />
            <CartProbe />
          </AppProviders>
        ),
        children: [{ path: "*", element: <CasePage ServicePicker={ServicePicker} /> }],
      },
    ],
    { initialEntries: ["/dashboard/practices/case/AR-7KM2Q9XD"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("picking services on the case page", () => {
  it("puts the chosen services in the cart and leads to the purchase summary", async () => {
    const router = renderCase();
    const takedown = await screen.findByRole("checkbox", { name: /Takedown/ });
    fireEvent.click(takedown);
    fireEvent.click(screen.getByRole("checkbox", { name: /Diffida/ }));
    expect(screen.getByText("2 servizi scelti: 1.354,50 €, IVA inclusa.")).toBeTruthy();
    expect(screen.getByRole("status", { name: "carrello" }).textContent).toBe("TAKEDOWN,INJUCTION");
    fireEvent.click(takedown);
    expect(screen.getByText("1 servizio scelto: 1.234,50 €, IVA inclusa.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Vai al riepilogo dell'acquisto" }));
    expect(router.state.location.pathname).toBe(checkoutPath("AR-7KM2Q9XD"));
  });

  it("asks for a service before going on", async () => {
    const router = renderCase();
    fireEvent.click(await screen.findByRole("button", { name: "Vai al riepilogo dell'acquisto" }));
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.serviceRequired);
    expect(router.state.location.pathname).toBe("/dashboard/practices/case/AR-7KM2Q9XD");
  });

  it("keeps the cart in session storage, so a reload keeps the choice", async () => {
    renderCase();
    fireEvent.click(await screen.findByRole("checkbox", { name: /Difesa Legale/ }));
    expect(JSON.parse(sessionStorage.getItem("cart") ?? "{}")).toMatchObject({
      practiceId: PRACTICE_ID,
      items: ["DEFENCE"],
    });
  });

  it("gives the staff the plain list, with nothing to buy", async () => {
    renderCase(true);
    const offer = await screen.findByText("Takedown: descrizione");
    expect(within(offer.closest("ul") as HTMLElement).queryByRole("checkbox")).toBeNull();
  });

  it("shows beside the defence's price what its mandate covers and excludes, with the whole letter a link away", async () => {
    renderCase();
    await screen.findByRole("checkbox", { name: /Difesa Legale/ });
    const scope = screen.getByRole("region", { name: "Che cosa copre la Difesa Legale" });
    const items = (name: string) =>
      within(within(scope).getByRole("list", { name }))
        .getAllByRole("listitem")
        .map((item) => item.textContent);
    expect(items("Che cosa comprende")).toEqual(DEFENCE_SCOPE.includes);
    expect(items("Che cosa non comprende")).toEqual(DEFENCE_SCOPE.excludes);
    expect(
      within(scope)
        .getByRole("link", { name: /Leggi la lettera d'incarico completa/ })
        .getAttribute("href"),
    ).toBe("/services/difesa#incarico");
    // The other services carry no such section.
    expect(screen.getAllByRole("region", { name: "Che cosa copre la Difesa Legale" })).toHaveLength(1);
  });
});
