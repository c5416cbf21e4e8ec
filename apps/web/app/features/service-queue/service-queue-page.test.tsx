import type { ServiceQueueItem } from "@argine/core/services/services-api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "../../test-render.tsx";
import { ServiceQueuePage, waitingText } from "./service-queue-page.tsx";
import { COLLEAGUE, daysAgo, LAWYERS, ME, queueItem, renderAsStaff } from "./service-queue-test-helpers.tsx";

const MINE = queueItem({
  serviceId: "a0000000-0000-4000-8000-000000000001",
  ticketCode: "AR-MINE0001",
  status: "IN_PROGRESS",
  assignedLawyer: ME,
  paidAt: daysAgo(1),
});
const OLD_FREE = queueItem({
  serviceId: "a0000000-0000-4000-8000-000000000002",
  ticketCode: "AR-FREE0001",
  serviceType: "DEFENCE",
  mandateAccepted: false,
  paidAt: daysAgo(9),
});
const NEW_FREE = queueItem({
  serviceId: "a0000000-0000-4000-8000-000000000003",
  ticketCode: "AR-FREE0002",
  paidAt: daysAgo(3),
});
const THEIRS = queueItem({
  serviceId: "a0000000-0000-4000-8000-000000000004",
  ticketCode: "AR-THEM0001",
  serviceType: "ADVICE",
  status: "IN_PROGRESS",
  assignedLawyer: COLLEAGUE,
  paidAt: daysAgo(20),
});

const section = (name: RegExp) => screen.getByRole("region", { name });
const tickets = (region: HTMLElement) =>
  within(region)
    .queryAllByRole("article")
    .map((article) => within(article).getByRole("link").textContent);
const itemOf = (ticket: string) =>
  screen.getByRole("link", { name: `Pratica ${ticket}` }).closest("article") as HTMLElement;

/** The value shown beside a term of an item. */
const fact = (item: HTMLElement, term: string) =>
  within(item).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("/dashboard/services, the staff's queue", () => {
  it("shows the signed-in lawyer's work, then the unassigned, then the colleagues', oldest first as the API lists them", async () => {
    stubApi({
      "GET /v1/services/team": { status: 200, body: LAWYERS },
      "GET /v1/services/queue": {
        status: 200,
        body: { items: [MINE, OLD_FREE, NEW_FREE, THEIRS] },
      },
    });
    renderAsStaff(<ServiceQueuePage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Lavori da fare" })).toBeTruthy();
    await screen.findByRole("heading", { name: "Assegnati a te (1)" });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Assegnati a te (1)", "Da assegnare (2)", "Ai colleghi (1)"]);
    expect(tickets(section(/^Assegnati a te/))).toEqual(["Pratica AR-MINE0001"]);
    expect(tickets(section(/^Da assegnare/))).toEqual(["Pratica AR-FREE0001", "Pratica AR-FREE0002"]);
    expect(tickets(section(/^Ai colleghi/))).toEqual(["Pratica AR-THEM0001"]);

    const defence = itemOf("AR-FREE0001");
    expect(within(defence).getByRole("link").getAttribute("href")).toBe(
      "/dashboard/practices/case/AR-FREE0001",
    );
    expect(defence.textContent).toContain("Difesa Legale");
    expect(fact(defence, "Stato")).toBe("da avviare");
    expect(fact(defence, "Pagato il")).toMatch(/^\d{1,2} \w+ \d{4}, in attesa da 9 giorni$/);
    expect(fact(defence, "Avvocato")).toBe("nessuno");
    expect(fact(defence, "Mandato")).toBe("mandato da accettare");
    expect(itemOf("AR-FREE0002").textContent).not.toContain("mandato");

    const mine = itemOf("AR-MINE0001");
    expect(fact(mine, "Avvocato")).toBe("Marco Rinaldi (tu)");
    expect(fact(mine, "Stato")).toBe("in corso");
    // One's own work is not taken again; a colleague's is handed over by an admin only.
    expect(within(mine).queryByRole("button", { name: "Prendi in carico" })).toBeNull();
    const theirs = itemOf("AR-THEM0001");
    expect(fact(theirs, "Avvocato")).toBe("Anna Neri");
    expect(within(theirs).queryByRole("button", { name: "Prendi in carico" })).toBeNull();
    expect(within(theirs).queryByRole("combobox", { name: "Assegna a" })).toBeNull();
  });

  it("lets an admin take or hand over a colleague's work", async () => {
    stubApi({
      "GET /v1/services/team": { status: 200, body: LAWYERS },
      "GET /v1/services/queue": { status: 200, body: { items: [THEIRS] } },
    });
    renderAsStaff(<ServiceQueuePage />, { roles: ["admin"] });
    await screen.findByRole("heading", { name: "Ai colleghi (1)" });
    const theirs = itemOf("AR-THEM0001");
    expect(within(theirs).getByRole("button", { name: "Prendi in carico" })).toBeTruthy();
    expect(within(theirs).getByRole("combobox", { name: "Assegna a" })).toBeTruthy();
  });

  it("takes an unassigned service: it moves under 'Assegnati a te', in progress", async () => {
    let items: ServiceQueueItem[] = [NEW_FREE];
    const { calls } = stubApi({
      "GET /v1/services/team": { status: 200, body: LAWYERS },
      "GET /v1/services/queue": () => ({ status: 200, body: { items } }),
      [`PUT /v1/services/${NEW_FREE.serviceId}/assignment`]: () => {
        items = [{ ...NEW_FREE, assignedLawyer: ME, status: "IN_PROGRESS" }];
        return { status: 200, body: {} };
      },
    });
    renderAsStaff(<ServiceQueuePage />);
    await screen.findByRole("heading", { name: "Da assegnare (1)" });
    expect(within(section(/^Assegnati a te/)).getByText("Non hai lavori assegnati in attesa.")).toBeTruthy();
    fireEvent.click(within(itemOf("AR-FREE0002")).getByRole("button", { name: "Prendi in carico" }));

    expect(
      await screen.findByText("Hai preso in carico il servizio Diffida della pratica AR-FREE0002."),
    ).toBeTruthy();
    await screen.findByRole("heading", { name: "Assegnati a te (1)" });
    expect(tickets(section(/^Assegnati a te/))).toEqual(["Pratica AR-FREE0002"]);
    // The button pressed is gone with the section it was in: the focus follows the service.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("link", { name: "Pratica AR-FREE0002" })),
    );
    expect(fact(itemOf("AR-FREE0002"), "Stato")).toBe("in corso");
    expect(within(section(/^Da assegnare/)).getByText("Nessun lavoro da assegnare.")).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ lawyerId: ME.id });
  });

  it("assigns a service to a colleague chosen in 'Assegna a'", async () => {
    const { calls } = stubApi({
      "GET /v1/services/team": { status: 200, body: LAWYERS },
      "GET /v1/services/queue": { status: 200, body: { items: [NEW_FREE] } },
      [`PUT /v1/services/${NEW_FREE.serviceId}/assignment`]: { status: 200, body: {} },
    });
    renderAsStaff(<ServiceQueuePage />);
    await screen.findByRole("heading", { name: "Da assegnare (1)" });
    const item = itemOf("AR-FREE0002");
    const assign = within(item).getByRole("button", { name: "Assegna" }) as HTMLButtonElement;
    expect(assign.disabled).toBe(true);
    const select = within(item).getByLabelText("Assegna a");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Scegli chi", "Anna Neri", "Marco Rinaldi"]);
    fireEvent.change(select, { target: { value: COLLEAGUE.id } });
    fireEvent.click(assign);
    expect(
      await screen.findByText("Hai assegnato il servizio Diffida della pratica AR-FREE0002 a Anna Neri."),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ lawyerId: COLLEAGUE.id });
  });

  it("says why the assignment was refused, next to the service", async () => {
    stubApi({
      "GET /v1/services/team": { status: 200, body: LAWYERS },
      "GET /v1/services/queue": { status: 200, body: { items: [NEW_FREE] } },
      [`PUT /v1/services/${NEW_FREE.serviceId}/assignment`]: {
        status: 400,
        body: { code: "BAD_REQUEST", message: "La persona scelta non fa parte del team legale." },
      },
    });
    renderAsStaff(<ServiceQueuePage />);
    await screen.findByRole("heading", { name: "Da assegnare (1)" });
    fireEvent.click(within(itemOf("AR-FREE0002")).getByRole("button", { name: "Prendi in carico" }));
    const alert = await within(itemOf("AR-FREE0002")).findByRole("alert");
    expect(alert.textContent).toBe("La persona scelta non fa parte del team legale.");
  });

  it("keeps the service-type filter in the address and asks the API for that type only", async () => {
    const { calls } = stubApi({
      "GET /v1/services/team": { status: 200, body: LAWYERS },
      "GET /v1/services/queue": { status: 200, body: { items: [] } },
    });
    const { router } = renderAsStaff(<ServiceQueuePage />, {
      url: "/dashboard/services?serviceType=DEFENCE",
    });
    const filter = (await screen.findByLabelText("Tipo di servizio")) as HTMLSelectElement;
    await waitFor(() => expect(filter.value).toBe("DEFENCE"));
    const typeAsked = () =>
      calls
        .filter((c) => c.url.includes("/v1/services/queue"))
        .map((c) => new URL(c.url, "http://x").searchParams.get("serviceType"))
        .at(-1);
    await waitFor(() => expect(typeAsked()).toBe("DEFENCE"));

    fireEvent.change(filter, { target: { value: "INJUCTION" } });
    await waitFor(() => expect(router.state.location.search).toBe("?serviceType=INJUCTION"));
    await waitFor(() => expect(typeAsked()).toBe("INJUCTION"));
    fireEvent.change(filter, { target: { value: "" } });
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(typeAsked()).toBeNull());
    expect(within(section(/^Da assegnare/)).getByText("Nessun lavoro da assegnare.")).toBeTruthy();
    expect(
      within(section(/^Ai colleghi/)).getByText("Nessun lavoro in attesa presso i colleghi."),
    ).toBeTruthy();
  });

  it("is for staff only", async () => {
    const { calls } = stubApi({});
    const { authClient } = renderAsStaff(<ServiceQueuePage />, { roles: [] });
    await waitFor(() => expect(authClient.restore).toHaveBeenCalled());
    expect(await screen.findByRole("heading", { level: 1, name: "Area riservata" })).toBeTruthy();
    expect(calls.some((c) => c.url.includes("/v1/services/queue"))).toBe(false);
  });
});

describe("waitingText", () => {
  const now = Date.parse("2026-11-24T12:00:00.000Z");
  it.each([
    ["2026-11-24T08:00:00.000Z", "in attesa da oggi"],
    ["2026-11-23T11:00:00.000Z", "in attesa da 1 giorno"],
    ["2026-11-21T09:00:00.000Z", "in attesa da 3 giorni"],
  ])("counts whole days since %s: '%s'", (paidAt, text) => {
    expect(waitingText(paidAt, now)).toBe(text);
  });
});
