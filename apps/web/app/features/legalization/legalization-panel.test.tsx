import type { LegalizationSession } from "@argine/core/legalization/legalization-api";
import { LEGALIZATION_FAILURE_TEXTS } from "@argine/core/legalization/legalization-messages";
import { LEGALIZATION_FAILURE_STATES } from "@argine/core/legalization/session-state";
import { MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { LegalizationPanel } from "./legalization-panel.tsx";

const ID = "5a0c3f52-7a8e-4f6d-9a51-2e3c0b8f4d21";
const PATH = `/v1/services/legalization/${ID}`;
const CASE = "/dashboard/practices/case/AR-DEMO0006";

const session = (over: Partial<LegalizationSession> = {}): LegalizationSession => ({
  sessionId: "0b8f3c2d-1e03-4d7b-9a39-6f1c1a524a0e",
  provider: "Sandbox",
  state: "VM_PREPARING",
  step: null,
  url: "https://example.org/post/1",
  startedAt: new Date().toISOString(),
  endedAt: null,
  filesReadyAt: null,
  reportSha256: null,
  filesDeletedAt: null,
  ...over,
});

function renderPanel(routes: Parameters<typeof stubApi>[0]) {
  const onChanged = vi.fn(async () => {});
  const api = stubApi(routes);
  const view = renderWithApp(
    <LegalizationPanel serviceId={ID} practiceClosed={false} onChanged={onChanged} />,
    {
      url: CASE,
    },
  );
  return { ...api, ...view, onChanged };
}

describe("the legalization on the case page", () => {
  it("starts a session for the page typed, polls it while it runs, and goes to the success route", async () => {
    const states = ["LIVE", "CLOSING", "CLOSED"];
    let started = false;
    const { calls, router, onChanged } = renderPanel({
      [`GET ${PATH}/session`]: () =>
        started
          ? { status: 200, body: session({ state: states.shift() ?? "CLOSED" }) }
          : { status: 200, body: null },
      [`POST ${PATH}/session`]: () => {
        started = true;
        return { status: 201, body: session() };
      },
      [`POST ${PATH}/stop`]: { status: 200, body: session({ state: "CLOSING" }) },
    });
    const field = await screen.findByLabelText(/Indirizzo della pagina da legalizzare/);
    fireEvent.change(field, { target: { value: "non un indirizzo" } });
    fireEvent.click(screen.getByRole("button", { name: "Avvia la legalizzazione" }));
    expect(await screen.findByText(/inizia con http/)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    fireEvent.change(field, { target: { value: "https://example.org/post/1" } });
    fireEvent.click(screen.getByRole("button", { name: "Avvia la legalizzazione" }));
    expect(await screen.findByRole("heading", { name: "Sessione di legalizzazione" })).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ url: "https://example.org/post/1" });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${CASE}/service/legalization/success`), {
      timeout: 6000,
    });
    expect(onChanged).toHaveBeenCalled();
  });

  it.each(LEGALIZATION_FAILURE_STATES)(
    "explains %s in Italian, with the provider's text as the technical detail, and offers a new start",
    async (state) => {
      renderPanel({ [`GET ${PATH}/session`]: { status: 200, body: session({ state }) } });
      const alert = await screen.findByRole("alert");
      expect(within(alert).getByRole("heading", { name: "La legalizzazione non è riuscita" })).toBeTruthy();
      expect(within(alert).getByText(LEGALIZATION_FAILURE_TEXTS[state].happened)).toBeTruthy();
      const todo = LEGALIZATION_FAILURE_TEXTS[state].todo;
      expect(within(alert).getByText((_, element) => element?.textContent === todo)).toBeTruthy();
      expect(within(alert).getByText(`Dettaglio tecnico: Sandbox Error : ${state}`)).toBeTruthy();
      expect(screen.getByRole("button", { name: "Avvia una nuova legalizzazione" })).toBeTruthy();
    },
  );

  it("makes the failure's «scrivici» a link that opens the support chat", async () => {
    const { router } = renderPanel({
      [`GET ${PATH}/session`]: { status: 200, body: session({ state: "FATAL_FAILED_TERMINATED" }) },
    });
    const alert = await screen.findByRole("alert");
    fireEvent.click(within(alert).getByRole("link", { name: "scrivici" }));
    await waitFor(() => expect(router.state.location.hash).toBe("#scrivi-al-team"));
    expect(router.state.location.pathname).toBe(CASE);
  });

  it("shows the illustrated steps, no empty video frame, before the first capture", async () => {
    renderPanel({ [`GET ${PATH}/session`]: { status: 200, body: null } });
    expect(await screen.findByRole("heading", { name: "Come funziona" })).toBeTruthy();
    expect(screen.queryByText(/Video guida/)).toBeNull();
    // Four steps, each drawn; the drawings repeat the words, so screen readers skip them.
    const steps = screen.getAllByRole("listitem");
    expect(steps.map((step) => step.querySelector("p")?.textContent)).toEqual([
      "Scrivi l'indirizzo",
      "Attendi l'ambiente sicuro",
      "Mostra i contenuti",
      "Termina e ricevi i file",
    ]);
    for (const step of steps) expect(step.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("stops a live session", async () => {
    const { calls } = renderPanel({
      [`GET ${PATH}/session`]: { status: 200, body: session({ state: "LIVE" }) },
      [`POST ${PATH}/stop`]: { status: 200, body: session({ state: "CLOSING" }) },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Termina l'acquisizione" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url.endsWith("/stop"))).toBe(true));
  });

  it("opens the files in a modal with the report's hash", async () => {
    const hash = "ab".repeat(32);
    renderPanel({
      [`GET ${PATH}/session`]: {
        status: 200,
        body: session({ state: "CLOSED", filesReadyAt: new Date().toISOString(), reportSha256: hash }),
      },
      [`GET ${PATH}/session-files`]: {
        status: 200,
        body: {
          reportSha256: hash,
          expiresAt: new Date().toISOString(),
          files: [
            {
              name: "report.pdf",
              contentType: "application/pdf",
              size: 10,
              sha256: hash,
              url: "https://f/r",
            },
          ],
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Apri i file della legalizzazione" }));
    const dialog = await screen.findByRole("dialog", { name: "I file della legalizzazione" });
    expect(within(dialog).getByRole("link", { name: "Scarica report.pdf" }).getAttribute("href")).toBe(
      "https://f/r",
    );
    expect(within(dialog).getAllByText(hash).length).toBeGreaterThan(0);
    // Everything as one .zip, from the same place.
    expect(
      within(dialog).getByRole("button", { name: "Scarica tutti i file della legalizzazione (.zip)" }),
    ).toBeTruthy();
  });

  it("says when the service is not a legalization", async () => {
    renderPanel({
      [`GET ${PATH}/session`]: {
        status: 404,
        body: { code: "NOT_FOUND", message: MESSAGES.legalizationNotFound },
      },
    });
    expect(await screen.findByText(MESSAGES.legalizationNotFound)).toBeTruthy();
  });
});
