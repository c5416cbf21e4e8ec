import type { Order } from "@argine/core/orders/orders-api";
import { casePath } from "@argine/core/practices/case-path";
import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { vi } from "vitest";
import { CARD_ACTION_MODAL_ID, MODAL_REGISTRY, ModalRoot } from "../../shared/modal/modal-root.tsx";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, stubApi } from "../../test-render.tsx";
import { PRACTICE, PRACTICE_ID, TICKET } from "../practices/practice-test-helpers.ts";
import { ME as PROFILE_ME } from "../profile/profile-test-helpers.ts";
import { CardActionDialog } from "./card-action-dialog.tsx";
import { CheckoutPage } from "./checkout-page.tsx";
import { PaymentErrorPage, PaymentSuccessPage } from "./payment-outcome-pages.tsx";

// The shop's pages in the per-case area with the API stubbed: the practice, the catalogue, the profile.

const product = (code: string, name: string, price: number, discountedPrice: number, order: number) => ({
  code,
  name,
  description: `${name}: descrizione`,
  price,
  discountedPrice,
  vatRate: 22,
  meta: { order },
});

export const PRODUCTS = [
  product("TAKEDOWN", "Takedown", 150, 120, 2),
  product("INJUCTION", "Diffida", 1234.5, 1234.5, 3),
  product("DEFENCE", "Difesa Legale", 900, 900, 4),
  product("ADVICE", "Consulenza", 60, 60, 5),
];

export const INVOICE = {
  taxCode: "RSSMRA85T10A562S",
  address: "Via Roma 1",
  zip: "20121",
  city: "Milano",
  province: "MI",
  country: "IT",
};

export const ME = { ...PROFILE_ME, invoice: INVOICE };

export function paidOrder(extra: Partial<Order> = {}): Order {
  return {
    id: "0b8f3c1e-7a2d-4c55-9e61-3f7a8d2b1c40",
    practiceId: PRACTICE_ID,
    ticketCode: TICKET,
    practiceStatus: "OPEN",
    status: "PAID",
    paymentType: "STRIPE",
    lines: [
      {
        productCode: "TAKEDOWN",
        name: "Takedown",
        price: 150,
        discountedPrice: 120,
        campaignDiscount: 0,
        voucherDiscount: 0,
        finalPrice: 120,
        vatRate: 22,
        refunded: false,
        pendingRefundId: null,
        withdrawable: false,
      },
    ],
    total: 150,
    discount: 30,
    campaignDiscount: 0,
    voucherDiscount: 0,
    amount: 120,
    giftCardAmount: 0,
    cardAmount: 120,
    createdAt: "2026-11-24T10:00:00.000Z",
    paidAt: "2026-11-24T10:01:00.000Z",
    error: null,
    invoiceUrl: "http://localhost/v1/orders/invoice?token=fattura-di-prova",
    receiptUrl: "http://localhost/v1/orders/receipt?token=ricevuta-di-prova",
    creditNotes: [],
    withdrawableUntil: null,
    ...extra,
  };
}

/** The shop's routes of the per-case area, at `subPath`, with the API stubbed (the catalogue and profile). */
export function renderShop(
  subPath: string,
  routes: Parameters<typeof stubApi>[0] = {},
  { staff = false, signedIn = false }: { staff?: boolean; signedIn?: boolean } = {},
) {
  const api = stubApi({
    "GET /v1/products": { status: 200, body: PRODUCTS },
    [`GET /v1/practices/${PRACTICE_ID}/customService`]: {
      status: 200,
      body: { code: "ADVICE", price: null, discountedPrice: null },
    },
    "GET /v1/users/me": { status: 200, body: ME },
    "GET /v1/campaigns": { status: 200, body: [] },
    "GET /v1/payments/config": { status: 200, body: { provider: "sandbox", publishableKey: null } },
    ...routes,
  });
  const base = casePath(TICKET);
  const router = createMemoryRouter(
    [
      {
        path: base,
        element: (
          <AppProviders
            authClient={fakeOidcClient(
              signedIn ? { restore: vi.fn(async () => ({ sub: ME.id, given_name: ME.name })) } : {},
            )}
          >
            <Outlet />
            <ModalRoot registry={{ ...MODAL_REGISTRY, [CARD_ACTION_MODAL_ID]: CardActionDialog }} />
          </AppProviders>
        ),
        children: [
          { index: true, element: <p>La pagina della pratica</p> },
          { path: "add-services", element: <CheckoutPage practice={PRACTICE} staff={staff} /> },
          { path: "add-services/payment/success", element: <PaymentSuccessPage practice={PRACTICE} /> },
          { path: "add-services/payment/error", element: <PaymentErrorPage practice={PRACTICE} /> },
        ],
      },
    ],
    { initialEntries: [casePath(TICKET, subPath)] },
  );
  render(<RouterProvider router={router} />);
  return { ...api, router };
}

export { PRACTICE, PRACTICE_ID, TICKET };
