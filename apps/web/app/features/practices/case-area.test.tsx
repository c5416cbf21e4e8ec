import { MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ModalRoot } from "../../shared/modal/modal-root.tsx";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, proxyErrorPage, stubApi } from "../../test-render.tsx";
import { CaseArea } from "./case-area.tsx";
import { CasePage } from "./case-page.tsx";
import { PRACTICE, PRACTICE_ID, TICKET } from "./practice-test-helpers.ts";

const LAWYER = { id: "33333333-3333-4333-8333-333333333333", name: "Luca", roles: ["lawyer"] };

/** The per-case area as the route has it, for a lawyer: the case found by its ticket code, then its page. */
function renderArea(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    "GET /v1/users/me": { status: 200, body: { ...LAWYER, email: "luca@example.it", lastname: "Bianchi" } },
    "GET /v1/practices": { status: 200, body: { total: 1, totalCapped: false, data: [PRACTICE] } },
    "GET /v1/products": { status: 200, body: [] },
    [`GET /v1/practices/${PRACTICE_ID}/customService`]: {
      status: 200,
      body: { code: "ADVICE", price: null, discountedPrice: null },
    },
    [`GET /v1/practices/${PRACTICE_ID}/emails`]: { status: 200, body: [] },
    [`GET /v1/practices/${PRACTICE_ID}/comments`]: { status: 200, body: [] },
    [`GET /v1/practices/${PRACTICE_ID}/comments/read`]: { status: 200, body: { mine: null, theirs: null } },
    [`GET /v1/practices/${PRACTICE_ID}/questions`]: { status: 200, body: {} },
    [`GET /v1/practices/${PRACTICE_ID}/reminders`]: {
      status: 200,
      body: { enabled: false, complaintDeadline: null, daysLeft: null, canChange: true },
    },
    ...routes,
  });
  const authClient = fakeOidcClient({
    restore: vi.fn(async () => ({ sub: LAWYER.id, given_name: LAWYER.name, roles: LAWYER.roles })),
  });
  const router = createMemoryRouter(
    [
      {
        path: "/dashboard/practices/case/:ticketCode",
        element: (
          <AppProviders authClient={authClient}>
            <CaseArea />
            <ModalRoot />
          </AppProviders>
        ),
        children: [{ index: true, element: <CasePage /> }],
      },
    ],
    { initialEntries: [`/dashboard/practices/case/${TICKET}`] },
  );
  render(<RouterProvider router={router} />);
  return api;
}

describe("the per-case area", () => {
  it("keeps the case and the message being typed when reading the case again meets the proxy's 502", async () => {
    let reads = 0;
    renderArea({
      // Shown once, then the process behind the proxy restarts: every later read fails.
      [`GET /v1/practices/${PRACTICE_ID}`]: () =>
        ++reads === 1 ? { status: 200, body: PRACTICE } : proxyErrorPage(),
      // "Prendi in carico" fails the same way, and its failure reads the case again (who has it?).
      [`POST /v1/practices/${PRACTICE_ID}/assignment`]: proxyErrorPage(),
    });
    const text = (await screen.findByLabelText("Scrivi al cliente")) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: "Le scrivo per la diffida" } });
    fireEvent.click(screen.getByRole("button", { name: "Prendi in carico" }));

    // The case's read failed twice (the query client tries once more): the modal says so, in Italian.
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Si è verificato un errore" },
      { timeout: 5_000 },
    );
    expect(dialog.textContent).toContain(MESSAGES.serviceUnavailable);
    expect(reads).toBe(3);
    expect(screen.queryByText("Pratica non disponibile")).toBeNull();
    expect((screen.getByLabelText("Scrivi al cliente") as HTMLTextAreaElement).value).toBe(
      "Le scrivo per la diffida",
    );
  }, 10_000);

  it("says the case cannot be read when its first read fails", async () => {
    renderArea({ [`GET /v1/practices/${PRACTICE_ID}`]: proxyErrorPage() });
    expect(
      await screen.findByRole("heading", { name: "Pratica non disponibile" }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByLabelText("Scrivi al cliente")).toBeNull();
  }, 10_000);
});
