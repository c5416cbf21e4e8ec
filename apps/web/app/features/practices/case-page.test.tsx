import { MINOR_SEXUAL_CONTENT_HELP } from "@argine/core/practices/human-review";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { parseEuroAmount } from "@argine/core/shared/money";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ADMIN_ME } from "../../shared/admin/admin-test-helpers.tsx";
import { ModalRoot } from "../../shared/modal/modal-root.tsx";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, proxyErrorPage, stubApi } from "../../test-render.tsx";
import type { CaseContext } from "./case-area.tsx";
import { CasePage, PracticeRecap } from "./case-page.tsx";
import { PRACTICE, PRACTICE_ID } from "./practice-test-helpers.ts";

const ID = PRACTICE_ID;
const MINOR: PracticeDetail = {
  ...PRACTICE,
  humanReview: true,
  urgent: true,
  humanReviewReason: "MINOR_SEXUAL_CONTENT",
  minorSexualContent: true,
};

const product = (code: string, name: string, order: number) => ({
  code,
  name,
  description: `${name}: descrizione`,
  price: 99,
  discountedPrice: 99,
  vatRate: 22,
  meta: { order },
});
const PRODUCTS = [
  product("LEGALIZATION", "Legalizzazione", 1),
  product("TAKEDOWN", "Takedown", 2),
  product("INJUCTION", "Diffida", 3),
  product("DEFENCE", "Difesa Legale", 4),
  product("PACKAGE", "Pacchetto Legalizzazione, Takedown e Diffida", 5),
];

function renderCase(
  practice: PracticeDetail,
  staff: boolean,
  routes: Parameters<typeof stubApi>[0] = {},
  authClient = fakeOidcClient(),
) {
  const api = stubApi({
    "GET /v1/products": { status: 200, body: PRODUCTS },
    [`GET /v1/practices/${ID}/customService`]: {
      status: 200,
      body: { code: "ADVICE", price: null, discountedPrice: null },
    },
    [`GET /v1/practices/${ID}/emails`]: { status: 200, body: [] },
    [`GET /v1/practices/${ID}/comments`]: { status: 200, body: [] },
    [`GET /v1/practices/${ID}/questions`]: { status: 200, body: {} },
    [`GET /v1/practices/${ID}/reminders`]: {
      status: 200,
      body: { enabled: false, complaintDeadline: null, daysLeft: null, canChange: true },
    },
    ...routes,
  });
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <AppProviders authClient={authClient}>
            <Outlet context={{ practice, staff } satisfies CaseContext} />
            <ModalRoot />
          </AppProviders>
        ),
        children: [{ path: "*", element: <CasePage /> }],
      },
    ],
    { initialEntries: ["/dashboard/practices/case/AR-7KM2Q9XD"] },
  );
  render(<RouterProvider router={router} />);
  return api;
}

const available = () =>
  screen.getByRole("heading", { name: "Servizi disponibili" }).nextElementSibling as HTMLElement;

describe("the case page", () => {
  it("lists no 'Servizi disponibili' on a closed case", async () => {
    renderCase({ ...PRACTICE, status: "CLOSED" }, false);
    await screen.findByText("Nessun servizio attivo su questa pratica.");
    expect(screen.queryByRole("heading", { name: "Servizi disponibili" })).toBeNull();
    expect(screen.queryByText("Legalizzazione", { exact: false })).toBeNull();
  });

  it("offers a capture and a takedown on an ordinary case", async () => {
    renderCase(PRACTICE, false);
    const offer = await waitForOffer();
    expect(within(offer).getByText("Legalizzazione: descrizione")).toBeTruthy();
    expect(within(offer).getByText("Takedown: descrizione")).toBeTruthy();
  });

  it("gives the client of a minor's case a calm banner, the authorities and Take It Down, and no capture or takedown", async () => {
    renderCase(MINOR, false);
    const banner = screen.getByRole("region", { name: "Un avvocato esamina per primo il tuo caso" });
    expect(banner.textContent).not.toContain("Da esaminare subito");
    const help = screen.getByRole("region", { name: "Dove chiedere aiuto subito" });
    const links = within(help)
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(links).toEqual(MINOR_SEXUAL_CONTENT_HELP.map((h) => h.href));
    expect(links.join(" ")).toMatch(/commissariatodips\.it.*garanteprivacy\.it.*takeitdown\.ncmec\.org/);
    const offer = await waitForOffer();
    expect(within(offer).getByText("Diffida: descrizione")).toBeTruthy();
    expect(offer.textContent).not.toMatch(/Legalizzazione|Takedown/);
  });

  it("tells staff why the case comes first, and which colleague has it when taking it fails", async () => {
    const api = renderCase(MINOR, true, {
      [`POST /v1/practices/${ID}/assignment`]: {
        status: 409,
        body: {
          code: "CONFLICT",
          message: "La pratica è già presa in carico da Avv. Anna Neri dal 24/11/2026.",
        },
      },
    });
    const banner = screen.getByRole("region", { name: "Da esaminare subito" });
    expect(banner.textContent).toContain("Vittima minorenne e contenuti sessuali:");
    fireEvent.click(screen.getByRole("button", { name: "Prendi in carico" }));
    expect(
      await screen.findByText("La pratica è già presa in carico da Avv. Anna Neri dal 24/11/2026."),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.method === "POST" && c.url.endsWith("/assignment"))).toBe(true);
  });
});

/** The "Servizi disponibili" list, once the catalogue has loaded. */
async function waitForOffer(): Promise<HTMLElement> {
  await screen.findByText("Diffida: descrizione");
  return available();
}

function renderRecap(practice: PracticeDetail, staff: boolean) {
  const router = createMemoryRouter([
    { path: "*", element: <PracticeRecap practice={practice} staff={staff} /> },
  ]);
  render(<RouterProvider router={router} />);
}

/** The value shown beside a term of the recap. */
function fact(term: string): string | null | undefined {
  const recap = screen.getByRole("region", { name: "Riepilogo" });
  return within(recap).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
}

describe("PracticeRecap", () => {
  it.each([
    ["YES", "Sì", false],
    ["NOT", "No", true],
    ["UNKNOWN", "Non so", true],
  ] as const)("shows the shitstorm flag %s in plain Italian, as '%s'", (shitstorm, shown, staff) => {
    renderRecap({ ...PRACTICE, shitstorm }, staff);
    expect(fact("Attacco di massa")).toBe(shown);
    expect(screen.queryByText(/shitstorm/i)).toBeNull();
  });
});

describe("the staff's and the client's forms on the case page", () => {
  it("checks the email to the client with core's rules before sending it, then empties the form", async () => {
    const api = renderCase(PRACTICE, true, {
      [`POST /v1/practices/${ID}/emails`]: { status: 201, body: {} },
    });
    fireEvent.click(screen.getByRole("button", { name: "Invia l'email" }));
    const subject = screen.getByLabelText("Oggetto") as HTMLInputElement;
    const message = screen.getByLabelText("Messaggio") as HTMLTextAreaElement;
    await waitFor(() => expect(subject.getAttribute("aria-invalid")).toBe("true"));
    expect(message.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText(MESSAGES.required).length).toBe(2);
    expect(api.calls.some((c) => c.url.endsWith("/emails") && c.method === "POST")).toBe(false);

    fireEvent.change(subject, { target: { value: "  Aggiornamento  " } });
    fireEvent.change(message, { target: { value: "Buongiorno" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia l'email" }));
    expect(await screen.findByText("Email inviata al cliente.")).toBeTruthy();
    const sent = api.calls.find((c) => c.url.endsWith("/emails") && c.method === "POST");
    expect(sent?.body).toEqual({ subject: "Aggiornamento", body: "Buongiorno" });
    await waitFor(() => expect(subject.value).toBe(""));
  });

  it("reads the advice price as typed in euros and refuses what is not a price", async () => {
    const saved = { ...PRACTICE, advicePrice: parseEuroAmount("49,90") ?? null };
    const api = renderCase(PRACTICE, true, {
      [`PUT /v1/practices/${ID}/customService`]: { status: 200, body: saved },
    });
    const price = screen.getByLabelText("Prezzo in euro, IVA inclusa");
    fireEvent.click(screen.getByRole("button", { name: "Salva il prezzo" }));
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    fireEvent.change(price, { target: { value: "abc" } });
    expect(await screen.findByText(MESSAGES.invalidNumber)).toBeTruthy();
    fireEvent.change(price, { target: { value: "49,90" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il prezzo" }));
    expect(await screen.findByText("Prezzo della consulenza salvato.")).toBeTruthy();
    const sent = api.calls.find((c) => c.method === "PUT" && c.url.endsWith("/customService"));
    expect(sent?.body).toEqual({ price: parseEuroAmount("49,90") });
  });

  it("lets staff reopen a closed practice after confirming", async () => {
    const api = renderCase({ ...PRACTICE, status: "CLOSED" }, true, {
      [`PATCH /v1/practices/${ID}/status`]: { status: 200, body: { ...PRACTICE, status: "OPEN" } },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Riapri la pratica" }));
    const dialog = await screen.findByRole("dialog", { name: "Vuoi riaprire la pratica?" });
    expect(api.calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, riapri la pratica" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({ status: "OPEN" });
  });

  it("lets the client hide who she is from lawyers after confirming", async () => {
    const api = renderCase(PRACTICE, false, {
      [`PUT /v1/practices/${ID}/anonymity`]: { status: 200, body: { ...PRACTICE, anonymous: true } },
    });
    const section = await screen.findByRole("region", { name: "Chi vede il tuo nome" });
    fireEvent.click(within(section).getByRole("button", { name: "Nascondi la mia identità agli avvocati" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Vuoi nascondere la tua identità agli avvocati?",
    });
    expect(api.calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, nascondi la mia identità" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ anonymous: true });
  });

  it("offers the client of a closed practice no way to reopen it", async () => {
    renderCase({ ...PRACTICE, status: "CLOSED" }, false);
    await screen.findByRole("region", { name: "Pratica conclusa" });
    expect(screen.queryByRole("button", { name: "Riapri la pratica" })).toBeNull();
  });

  it("sends a comment trimmed, and not an empty one", async () => {
    const api = renderCase(PRACTICE, false, {
      [`POST /v1/practices/${ID}/comments`]: { status: 201, body: {} },
    });
    const text = screen.getByLabelText("Scrivi al tuo avvocato") as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole("button", { name: "Invia il messaggio" }));
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    fireEvent.change(text, { target: { value: "  Ho una domanda  " } });
    fireEvent.click(screen.getByRole("button", { name: "Invia il messaggio" }));
    expect(await screen.findByText("Messaggio inviato.")).toBeTruthy();
    const sent = api.calls.find((c) => c.method === "POST" && c.url.endsWith("/comments"));
    expect(sent?.body).toEqual({ comment: "Ho una domanda" });
    await waitFor(() => expect(text.value).toBe(""));
  });

  it("sends a message with Enter, and Shift+Enter starts a new line instead (spec §4)", async () => {
    const api = renderCase(PRACTICE, false, {
      [`POST /v1/practices/${ID}/comments`]: { status: 201, body: {} },
    });
    expect(screen.getByRole("link", { name: "Contatta l'avvocato" }).getAttribute("href")).toBe(
      "#conversazione",
    );
    const text = screen.getByLabelText("Scrivi al tuo avvocato") as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: "Prima riga" } });
    fireEvent.keyDown(text, { key: "Enter", shiftKey: true });
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.keyDown(text, { key: "Enter" });
    expect(await screen.findByText("Messaggio inviato.")).toBeTruthy();
    const sent = api.calls.filter((c) => c.method === "POST" && c.url.endsWith("/comments"));
    expect(sent.map((c) => c.body)).toEqual([{ comment: "Prima riga" }]);
  });

  it("keeps the message typed when the proxy answers 502 (a process restarting), says why in Italian, and sends it again", async () => {
    let posts = 0;
    const api = renderCase(PRACTICE, false, {
      [`POST /v1/practices/${ID}/comments`]: () =>
        ++posts === 1 ? proxyErrorPage() : { status: 201, body: {} },
    });
    const text = screen.getByLabelText("Scrivi al tuo avvocato") as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: "Mi ha scritto di nuovo stanotte" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia il messaggio" }));

    const dialog = await screen.findByRole("dialog", { name: "Si è verificato un errore" });
    expect(dialog.textContent).toContain(MESSAGES.serviceUnavailable);
    expect(dialog.textContent).not.toContain("Server Error");
    expect(text.value).toBe("Mi ha scritto di nuovo stanotte");
    expect(screen.queryByText("Messaggio inviato.")).toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Ho capito" }));
    fireEvent.click(screen.getByRole("button", { name: "Invia il messaggio" }));
    expect(await screen.findByText("Messaggio inviato.")).toBeTruthy();
    const sent = api.calls.filter((c) => c.method === "POST" && c.url.endsWith("/comments"));
    expect(sent.map((c) => c.body)).toEqual([
      { comment: "Mi ha scritto di nuovo stanotte" },
      { comment: "Mi ha scritto di nuovo stanotte" },
    ]);
    await waitFor(() => expect(text.value).toBe(""));
  });

  it("marks the conversation read while it shows, and says 'Letto dall'avvocato' under what the lawyer saw", async () => {
    const me = { ...ADMIN_ME, roles: [] };
    const message = (n: number, authorId: string, comment: string, at: string) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      practiceId: ID,
      comment,
      authorId,
      author: null,
      createdAt: at,
      updatedAt: at,
    });
    const mine = message(1, me.id, "Ho una domanda", "2026-11-27T10:00:00.000Z");
    const answer = message(2, "22222222-2222-4222-8222-222222222222", "Eccomi", "2026-11-27T10:05:00.000Z");
    const api = renderCase(
      PRACTICE,
      false,
      {
        "GET /v1/users/me": { status: 200, body: me },
        [`GET /v1/practices/${ID}/comments`]: { status: 200, body: [mine, answer] },
        [`GET /v1/practices/${ID}/comments/read`]: {
          status: 200,
          body: { mine: null, theirs: mine.createdAt },
        },
        [`PUT /v1/practices/${ID}/comments/read`]: {
          status: 200,
          body: { mine: answer.createdAt, theirs: mine.createdAt },
        },
      },
      fakeOidcClient({ restore: vi.fn(async () => ({ sub: me.id, given_name: me.name, roles: [] })) }),
    );
    await screen.findByText("Eccomi");
    const seen = await screen.findByText("Letto dall'avvocato");
    expect(seen.previousElementSibling?.textContent).toBe("Ho una domanda");
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ upTo: answer.id }]),
    );
  });
});
