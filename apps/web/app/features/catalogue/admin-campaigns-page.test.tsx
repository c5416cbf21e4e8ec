import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ADMIN_ME, renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminCampaignsPage } from "./admin-campaigns-page.tsx";

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe("/dashboard/admin/campaigns", () => {
  it("creates a campaign with chosen services and a day range, refusing an end before the start", async () => {
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 200, body: ADMIN_ME },
      "GET /v1/admin/campaigns": { status: 200, body: [] },
      "POST /v1/admin/campaigns": ({ body }) => ({
        status: 201,
        body: {
          ...(body as object),
          id: "55555555-5555-4555-8555-555555555555",
          createdAt: "2026-11-02T10:00:00Z",
        },
      }),
    });
    renderAsUser(<AdminCampaignsPage />);
    await screen.findByRole("table", { name: /Campagne: 0/ });
    fireEvent.change(input(/^Codice/), { target: { value: "scudo-27" } });
    fireEvent.change(input(/^Nome/), { target: { value: "Scudo 2027" } });
    fireEvent.change(input(/^Sponsor/), { target: { value: "Fondazione di prova" } });
    fireEvent.change(input(/^Copertura/), { target: { value: "40" } });
    fireEvent.change(input(/^Tetto per ordine/), { target: { value: "150,00" } });
    const services = screen.getByRole("group", { name: "Servizi coperti" });
    fireEvent.click(within(services).getByLabelText("Difesa Legale"));
    fireEvent.click(within(services).getByLabelText("Consulenza"));
    fireEvent.change(input(/^Inizio/), { target: { value: "2027-02-01" } });
    fireEvent.change(input(/^Fine/), { target: { value: "2027-01-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Crea la campagna" }));

    const summary = await screen.findByRole("region", { name: "C'è un errore da correggere" });
    expect(summary.textContent).toContain(
      "Fine: La data di fine deve essere successiva alla data di inizio.",
    );
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(input(/^Fine/), { target: { value: "2027-02-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Crea la campagna" }));
    expect(await screen.findByText("Campagna SCUDO-27 creata.")).toBeTruthy();
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      code: "SCUDO-27",
      coveragePercent: 40,
      maxAmount: 150,
      minAmount: 0,
      productCodes: ["ADVICE", "DEFENCE"],
      order: 0,
      active: true,
    });
    expect(Date.parse(String(body.endsAt)) - Date.parse(String(body.startsAt))).toBe(24 * 3600 * 1000 - 1);
  });
});
