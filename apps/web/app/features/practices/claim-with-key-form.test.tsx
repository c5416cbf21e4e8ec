import { CLAIM_MESSAGES } from "@argine/core/practices/claim";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { ClaimWithKeyForm } from "./claim-with-key-form.tsx";

const control = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fill(ticketCode: string, claimKey: string) {
  fireEvent.change(control(/^Codice pratica/), { target: { value: ticketCode } });
  fireEvent.change(control(/^Chiave di recupero/), { target: { value: claimKey } });
  fireEvent.click(screen.getByRole("button", { name: "Aggiungi la pratica al mio account" }));
}

describe("Ho un codice pratica", () => {
  it("asks for the code and the key in Italian, with the summary focused, and sends nothing", async () => {
    const { calls } = stubApi({});
    renderWithApp(<ClaimWithKeyForm />, { url: "/dashboard" });
    expect(screen.getByRole("heading", { level: 2, name: "Ho un codice pratica" })).toBeTruthy();
    fill("", "K7QM");
    const summary = await screen.findByRole("region", { name: "Ci sono 2 errori da correggere" });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary).getByRole("button", { name: `Codice pratica: ${CLAIM_MESSAGES.ticketCodeRequired}` }),
    );
    expect(control(/^Chiave di recupero/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText(CLAIM_MESSAGES.claimKeyFormat).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it("shows the API's refusal and stays on the page", async () => {
    stubApi({
      "POST /v1/practices/claim": {
        status: 403,
        body: { code: "FORBIDDEN", message: CLAIM_MESSAGES.keyRefused, requestId: "r" },
      },
    });
    const { router } = renderWithApp(<ClaimWithKeyForm />, { url: "/dashboard" });
    fill("AR-7KM2Q9XD", "K7QM-2XFD");
    expect((await screen.findByRole("alert")).textContent).toContain(CLAIM_MESSAGES.keyRefused);
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("claims with the code and the key as typed, then shows the practice", async () => {
    const { calls } = stubApi({
      "POST /v1/practices/claim": {
        status: 200,
        body: { practiceId: "p-1", ticketCode: "AR-7KM2Q9XD", status: "PENDING" },
      },
    });
    const { router } = renderWithApp(<ClaimWithKeyForm />, { url: "/dashboard" });
    fill(" ar-7km2q9xd ", "k7qm 2xfd");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/practices/case/AR-7KM2Q9XD"));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      ticketCode: "ar-7km2q9xd",
      claimKey: "k7qm 2xfd",
    });
  });
});
