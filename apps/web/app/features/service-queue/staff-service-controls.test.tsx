import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { SERVICE_STATUS_ERRORS } from "@argine/core/services/lifecycle";
import type { PracticeService } from "@argine/core/services/services-api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "../../test-render.tsx";
import { PRACTICE } from "../practices/practice-test-helpers.ts";
import { COLLEAGUE, LAWYERS, ME, renderAsStaff } from "./service-queue-test-helpers.tsx";
import { StaffServiceControls } from "./staff-service-controls.tsx";

const OPEN: PracticeDetail = { ...PRACTICE, status: "OPEN" };
const SERVICE: PracticeService = {
  serviceId: "33333333-3333-4333-8333-333333333333",
  serviceType: "INJUCTION",
  status: "IN_PROGRESS",
  clientFile: null,
  document: null,
  assignedLawyer: ME,
  mandateAcceptedAt: null,
};
const STATUS_PATH = `PATCH /v1/services/${SERVICE.serviceId}/status`;
const QUEUE = { "GET /v1/services/team": { status: 200, body: LAWYERS } };

function renderControls(service: PracticeService, practice: PracticeDetail = OPEN) {
  return renderAsStaff(<StaffServiceControls service={service} practice={practice} />);
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((option) => option.textContent);

describe("the lawyer's controls of a service", () => {
  it.each([
    ["TO_START", ["in corso"]],
    ["IN_PROGRESS", ["documenti pronti", "completato"]],
    ["DOCUMENTS_READY", ["completato", "in corso"]],
    ["COMPLETED", ["in corso"]],
  ])("offers from '%s' only the statuses staff may move it to: %j", async (status, offered) => {
    stubApi(QUEUE);
    renderControls({ ...SERVICE, status });
    const select = await screen.findByLabelText(/^Nuovo stato/);
    expect(optionsOf(select)).toEqual(["Scegli lo stato", ...offered]);
  });

  it("offers no change on a cancelled service, nor on a closed practice", async () => {
    stubApi(QUEUE);
    const { unmount } = renderControls({ ...SERVICE, status: "CANCELLED" });
    expect(await screen.findByText("Lo stato di questo servizio non si può più cambiare.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Aggiorna lo stato" })).toBeNull();
    unmount();
    renderControls(SERVICE, { ...OPEN, status: "CLOSED" });
    expect(
      await screen.findByText("La pratica è chiusa: riaprila per cambiare lo stato del servizio."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Aggiorna lo stato" })).toBeNull();
  });

  it("shows the API's reason when the change is refused (no document yet)", async () => {
    const { calls } = stubApi({
      ...QUEUE,
      [STATUS_PATH]: {
        status: 409,
        body: { code: "CONFLICT", message: SERVICE_STATUS_ERRORS.documentMissing },
      },
    });
    renderControls(SERVICE);
    fireEvent.change(await screen.findByLabelText(/^Nuovo stato/), { target: { value: "DOCUMENTS_READY" } });
    fireEvent.click(screen.getByRole("button", { name: "Aggiorna lo stato" }));
    expect((await screen.findByRole("alert")).textContent).toBe(SERVICE_STATUS_ERRORS.documentMissing);
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      serviceType: "INJUCTION",
      status: "DOCUMENTS_READY",
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says the new status once the API accepts it", async () => {
    stubApi({ ...QUEUE, [STATUS_PATH]: { status: 200, body: { ...SERVICE, status: "COMPLETED" } } });
    renderControls(SERVICE);
    fireEvent.change(await screen.findByLabelText(/^Nuovo stato/), { target: { value: "COMPLETED" } });
    fireEvent.click(screen.getByRole("button", { name: "Aggiorna lo stato" }));
    expect(await screen.findByText("Stato aggiornato: completato.")).toBeTruthy();
  });

  it("puts one's own service back in the queue, or hands it to a colleague", async () => {
    const { calls } = stubApi({
      ...QUEUE,
      [`PUT /v1/services/${SERVICE.serviceId}/assignment`]: { status: 200, body: SERVICE },
    });
    renderControls(SERVICE);
    expect(await screen.findByText("Assegnato a te")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Prendi in carico" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Rimetti in coda" }));
    expect(await screen.findByText("Di nuovo da assegnare: il servizio Diffida.")).toBeTruthy();

    const select = await screen.findByLabelText("Assegna a");
    // Whoever has it already is not offered.
    await waitFor(() => expect(optionsOf(select)).toEqual(["Scegli chi", "Anna Neri"]));
    fireEvent.change(select, { target: { value: COLLEAGUE.id } });
    fireEvent.click(screen.getByRole("button", { name: "Assegna" }));
    expect(await screen.findByText("Hai assegnato il servizio Diffida a Anna Neri.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { lawyerId: null },
      { lawyerId: COLLEAGUE.id },
    ]);
  });

  it("lets staff take a service nobody has", async () => {
    const { calls } = stubApi({
      ...QUEUE,
      [`PUT /v1/services/${SERVICE.serviceId}/assignment`]: { status: 200, body: SERVICE },
    });
    renderControls({ ...SERVICE, status: "TO_START", assignedLawyer: null });
    expect(await screen.findByText("Non ancora assegnato")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Rimetti in coda" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Prendi in carico" }));
    expect(await screen.findByText("Hai preso in carico il servizio Diffida.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ lawyerId: ME.id });
  });
});
