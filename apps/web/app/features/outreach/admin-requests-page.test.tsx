import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminRequestsPage } from "./admin-requests-page.tsx";

const day = (iso: string) =>
  new Intl.DateTimeFormat("it-IT", { day: "2-digit", month: "2-digit", year: "numeric" }).format(
    new Date(iso),
  );

const SUBSCRIPTIONS = {
  total: 2,
  data: [
    {
      id: "11111111-1111-4111-8111-000000000001",
      email: "nuova@example.it",
      status: "PENDING",
      createdAt: "2026-11-21T10:00:00.000Z",
      confirmedAt: null,
    },
    {
      id: "11111111-1111-4111-8111-000000000002",
      email: "giulia@example.it",
      status: "CONFIRMED",
      createdAt: "2026-11-18T10:00:00.000Z",
      confirmedAt: "2026-11-19T08:30:00.000Z",
    },
  ],
};

const PARTNERSHIPS = {
  total: 1,
  data: [
    {
      id: "22222222-2222-4222-8222-000000000001",
      name: "Maria D'Amico",
      email: "maria@studio.it",
      organization: null,
      kind: "FORENSIC_EXPERT",
      message: "Faccio perizie informatiche.\nPosso aiutare con le acquisizioni forensi.",
      createdAt: "2026-11-20T09:00:00.000Z",
    },
  ],
};

const IDEAS = {
  total: 1,
  data: [
    {
      id: "33333333-3333-4333-8333-000000000001",
      name: "Luca Bianchi",
      email: "luca@example.it",
      title: "Un corso per le scuole",
      description: "Tre incontri nelle scuole medie.\nCon esempi veri e un vademecum da portare a casa.",
      createdAt: "2026-11-19T15:00:00.000Z",
    },
  ],
};

describe("/dashboard/admin/requests", () => {
  it("shows subscribers with their state, partnership requests and ideas with their whole text", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/newsletter-subscriptions": { status: 200, body: SUBSCRIPTIONS },
      "GET /v1/admin/partnership-requests": { status: 200, body: PARTNERSHIPS },
      "GET /v1/admin/ideas": { status: 200, body: IDEAS },
    });
    renderAsUser(<AdminRequestsPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Richieste dal sito" })).toBeTruthy();

    const subscribers = await screen.findByRole("table", { name: /Iscrizioni: 2/ });
    const [, pending, confirmed] = within(subscribers).getAllByRole("row");
    expect(within(pending as HTMLElement).getByRole("rowheader").textContent).toBe("nuova@example.it");
    expect(within(pending as HTMLElement).getByText("in attesa di conferma")).toBeTruthy();
    expect(within(confirmed as HTMLElement).getByText("confermata")).toBeTruthy();
    expect(within(confirmed as HTMLElement).getByText(day("2026-11-19T08:30:00.000Z"))).toBeTruthy();
    expect(within(pending as HTMLElement).getByText("—")).toBeTruthy();

    const partnerships = await screen.findByRole("table", { name: /Richieste di collaborazione: 1/ });
    expect(within(partnerships).getByText("Esperto informatico forense")).toBeTruthy();
    const message = within(partnerships).getByText(/Faccio perizie informatiche/);
    expect(message.textContent).toBe(PARTNERSHIPS.data[0]?.message);
    expect(within(partnerships).getByRole("link", { name: "maria@studio.it" }).getAttribute("href")).toBe(
      "mailto:maria@studio.it",
    );

    const ideas = await screen.findByRole("table", { name: /Idee: 1/ });
    expect(within(ideas).getByRole("rowheader").textContent).toBe("Un corso per le scuole");
    expect(within(ideas).getByText(/Tre incontri/).textContent).toBe(IDEAS.data[0]?.description);
    expect(within(ideas).getByText(day("2026-11-19T15:00:00.000Z"))).toBeTruthy();
  });

  it("pages a long list", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/newsletter-subscriptions": { status: 200, body: { ...SUBSCRIPTIONS, total: 45 } },
      "GET /v1/admin/partnership-requests": { status: 200, body: { total: 0, data: [] } },
      "GET /v1/admin/ideas": { status: 200, body: { total: 0, data: [] } },
    });
    renderAsUser(<AdminRequestsPage />);
    await screen.findByRole("table", { name: /Iscrizioni: 45, i più recenti per primi \(pagina 1 di 3\)/ });
    expect(screen.getByText("Nessuna richiesta per ora.")).toBeTruthy();
    expect(screen.getByText("Nessuna idea per ora.")).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Pagine degli iscritti" });
    fireEvent.click(within(pager).getByRole("button", { name: "Pagina successiva" }));
    await screen.findByRole("table", { name: /pagina 2 di 3/ });
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes("/v1/admin/newsletter-subscriptions?page=2&pageSize=20"))).toBe(
        true,
      ),
    );
  });

  it("says when a list cannot be loaded, with a retry", async () => {
    stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/newsletter-subscriptions": {
        status: 403,
        body: { code: "FORBIDDEN", message: "Non hai i permessi per questa operazione.", requestId: "r" },
      },
      "GET /v1/admin/partnership-requests": { status: 200, body: { total: 0, data: [] } },
      "GET /v1/admin/ideas": { status: 200, body: { total: 0, data: [] } },
    });
    renderAsUser(<AdminRequestsPage />);
    expect(
      await screen.findByText(
        "Non siamo riusciti a caricare gli iscritti: Non hai i permessi per questa operazione.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Riprova" })).toBeTruthy();
  });
});
