import { casePath } from "@argine/core/practices/case-path";
import { italianMoment, parseItalianMoment } from "@argine/core/shared/italian-date";
import { isoToLocalMoment, localMomentToIso } from "@argine/core/shared/local-moment";
import { MESSAGES } from "@argine/core/shared/messages";
import { TAKEDOWN_RECORD_ERRORS, type TakedownNotice } from "@argine/core/takedown/takedown-api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { TakedownPanel } from "./takedown-panel.tsx";

const SERVICE_ID = "5a0c3f52-7a8e-4f6d-9a51-2e3c0b8f4d21";
const NOTICE_ID = "0b6f7c1e-3a2d-4e5f-8a9b-1c2d3e4f5a6b";
const CASE = casePath("AR-TEST0001");
const NOTICES_PATH = `GET /v1/services/takedown/${SERVICE_ID}/notices`;
const RECORD_PATH = `PATCH /v1/services/takedown/${SERVICE_ID}/notices/${NOTICE_ID}`;

const notice = (over: Partial<TakedownNotice> = {}): TakedownNotice => ({
  noticeId: NOTICE_ID,
  position: 1,
  url: "https://www.instagram.com/p/abc/",
  platform: {
    code: "INSTAGRAM",
    name: "Instagram (Meta)",
    reportTo: "https://help.instagram.com/x",
    reviewed: false,
  },
  status: "REMOVED",
  createdAt: "2026-11-20T10:00:00.000Z",
  sentAt: "2026-11-21T10:00:00.000Z",
  answeredAt: "2026-11-22T10:00:00.000Z",
  sentVia: null,
  staffNote: null,
  text: "Segnalazione di contenuto illegale…",
  ...over,
});

function renderPanel(routes: Parameters<typeof stubApi>[0], { staff = false, open = true } = {}) {
  const api = stubApi(routes);
  const onChanged = vi.fn(async () => {});
  const view = renderWithApp(
    <TakedownPanel serviceId={SERVICE_ID} staff={staff} open={open} onChanged={onChanged} />,
    {
      url: CASE,
    },
  );
  return { ...api, ...view, onChanged };
}

describe("the takedown on the case page", () => {
  it("writes in the links a diary's episode hands over (issue 40), to check before they are sent", async () => {
    stubApi({ [NOTICES_PATH]: { status: 200, body: { notices: [] } } });
    renderWithApp(
      <TakedownPanel serviceId={SERVICE_ID} staff={false} open onChanged={vi.fn(async () => {})} />,
      { url: { pathname: CASE, state: { prefilledUrls: ["https://instagram.com/p/1", "https://x.com/a"] } } },
    );
    expect(await screen.findByText(/Abbiamo scritto qui i link dal tuo diario/)).toBeTruthy();
    expect((screen.getByLabelText(/Primo link/) as HTMLInputElement).value).toBe("https://instagram.com/p/1");
    expect((screen.getByLabelText("Link 2 (facoltativo)") as HTMLInputElement).value).toBe("https://x.com/a");
    expect((screen.getByLabelText("Link 3 (facoltativo)") as HTMLInputElement).value).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Primo link/)));
  });

  it("advises to keep the evidence first, refuses an empty first link, has the links checked, then sends them and shows the success page", async () => {
    const { calls, router, onChanged } = renderPanel({
      [NOTICES_PATH]: { status: 200, body: { notices: [] } },
      [`PATCH /v1/services/takedown/${SERVICE_ID}/urls`]: { status: 200, body: { notices: [notice()] } },
    });
    expect(await screen.findByText(/Prima di chiedere la rimozione, conserva le prove/)).toBeTruthy();
    expect(screen.getByText(/30 secondi prima e i 30 secondi dopo/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Controlla i link" }));
    expect(await screen.findByText(MESSAGES.takedownFirstUrlRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    // Typed without https://: it is added, and shown so in the list to check.
    fireEvent.change(screen.getByRole("textbox", { name: /Primo link/ }), {
      target: { value: "www.instagram.com/p/abc/" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: /Link 3/ }), {
      target: { value: "https://example.org/x" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Controlla i link" }));
    const check = await screen.findByRole("heading", {
      name: "Controlla i link: dopo l'invio non potrai modificarli",
    });
    await waitFor(() => expect(document.activeElement).toBe(check));
    const listed = within(check.parentElement as HTMLElement).getAllByRole("listitem");
    expect(listed.map((item) => item.textContent)).toEqual([
      "https://www.instagram.com/p/abc/",
      "https://example.org/x",
    ]);
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
    expect(screen.queryByRole("textbox", { name: /Primo link/ })).toBeNull();

    // "Modifica" goes back to the form with what was typed.
    fireEvent.click(screen.getByRole("button", { name: "Modifica" }));
    const first = screen.getByRole("textbox", { name: /Primo link/ }) as HTMLInputElement;
    expect(first.value).toBe("www.instagram.com/p/abc/");
    fireEvent.click(screen.getByRole("button", { name: "Controlla i link" }));
    fireEvent.click(await screen.findByRole("button", { name: "Conferma e invia" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${CASE}/service/takedown/success`));
    expect(calls.filter((call) => call.method === "PATCH").map((call) => call.body)).toEqual([
      { urls: ["https://www.instagram.com/p/abc/", "https://example.org/x"] },
    ]);
    expect(onChanged).toHaveBeenCalled();
  });

  it("goes back to the links when the API refuses them, with its reason", async () => {
    renderPanel({
      [NOTICES_PATH]: { status: 200, body: { notices: [] } },
      [`PATCH /v1/services/takedown/${SERVICE_ID}/urls`]: {
        status: 409,
        body: { code: "CONFLICT", message: "I link sono già stati inviati." },
      },
    });
    fireEvent.change(await screen.findByRole("textbox", { name: /Primo link/ }), {
      target: { value: "https://example.org/x" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Controlla i link" }));
    fireEvent.click(await screen.findByRole("button", { name: "Conferma e invia" }));
    expect((await screen.findByRole("alert")).textContent).toContain("I link sono già stati inviati.");
    expect(screen.getByRole("textbox", { name: /Primo link/ })).toBeTruthy();
  });

  it("shows the client each link's state, the notice as PDF and text, the platform's reporting page", async () => {
    renderPanel({ [NOTICES_PATH]: { status: 200, body: { notices: [notice()] } } });
    expect(await screen.findByText("https://www.instagram.com/p/abc/")).toBeTruthy();
    expect(screen.getByText("contenuto rimosso")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Scarica la segnalazione (PDF)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copia il testo" })).toBeTruthy();
    expect(
      screen.getByRole("link", { name: /Pagina per le segnalazioni di Instagram/ }).getAttribute("href"),
    ).toBe("https://help.instagram.com/x");
    expect(screen.queryByRole("button", { name: "Registra" })).toBeNull();
  });

  it("lets staff record where the notice went and the platform's answer, keeping when it was sent", async () => {
    const { calls } = renderPanel(
      {
        [NOTICES_PATH]: { status: 200, body: { notices: [notice({ status: "SENT", answeredAt: null })] } },
        [RECORD_PATH]: { status: 200, body: notice({ sentVia: "Modulo DSA" }) },
      },
      { staff: true },
    );
    const sentVia = await screen.findByRole("textbox", { name: /Inviata tramite/ });
    // The moment recorded so far, in the browser's time zone; left as it is, it is not sent again.
    expect((screen.getByLabelText(/Inviata il/) as HTMLInputElement).value).toBe(
      italianMoment(isoToLocalMoment("2026-11-21T10:00:00.000Z")),
    );
    fireEvent.change(sentVia, { target: { value: "Modulo DSA" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Risposta della piattaforma" }), {
      target: { value: "REMOVED" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Registra" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
        sentVia: "Modulo DSA",
        answer: "REMOVED",
        note: null,
      }),
    );
  });

  it("prefills a notice not sent yet with now, and sends the moment staff type", async () => {
    const { calls } = renderPanel(
      {
        [NOTICES_PATH]: { status: 200, body: { notices: [notice({ status: "PENDING", sentAt: null })] } },
        [RECORD_PATH]: { status: 200, body: notice({ status: "SENT", sentVia: "Modulo DSA" }) },
      },
      { staff: true },
    );
    const sentAt = (await screen.findByLabelText(/Inviata il/)) as HTMLInputElement;
    // Typed the Italian way, whatever the browser's language: "gg/mm/aaaa hh:mm".
    expect(sentAt.placeholder).toBe("gg/mm/aaaa hh:mm");
    const shown = new Date(localMomentToIso(parseItalianMoment(sentAt.value) ?? "")).getTime();
    expect(Math.abs(Date.now() - shown)).toBeLessThan(2 * 60_000);
    fireEvent.change(sentAt, { target: { value: "21/11/2026 09:30" } });
    fireEvent.click(screen.getByRole("button", { name: "Registra" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({
        sentVia: "https://help.instagram.com/x",
        sentAt: localMomentToIso("2026-11-21T09:30"),
        answer: null,
        note: null,
      }),
    );
  });

  it("refuses an empty sending moment, and puts the API's refusal under the field", async () => {
    const { calls } = renderPanel(
      {
        [NOTICES_PATH]: { status: 200, body: { notices: [notice({ status: "PENDING", sentAt: null })] } },
        [RECORD_PATH]: {
          status: 400,
          body: {
            code: "BAD_REQUEST",
            message: TAKEDOWN_RECORD_ERRORS.sentAtFuture,
            details: { issues: [{ path: ["sentAt"], message: TAKEDOWN_RECORD_ERRORS.sentAtFuture }] },
            requestId: "r",
          },
        },
      },
      { staff: true },
    );
    const sentAt = (await screen.findByLabelText(/Inviata il/)) as HTMLInputElement;
    fireEvent.change(sentAt, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Registra" }));
    const required = await screen.findByText(TAKEDOWN_RECORD_ERRORS.sentAtRequired);
    expect(sentAt.getAttribute("aria-describedby")).toContain(required.closest("p")?.id);
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    fireEvent.change(sentAt, { target: { value: "01/01/2099 10:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Registra" }));
    const future = await screen.findByText(TAKEDOWN_RECORD_ERRORS.sentAtFuture);
    await waitFor(() => expect(sentAt.getAttribute("aria-invalid")).toBe("true"));
    expect(sentAt.getAttribute("aria-describedby")).toContain(future.closest("p")?.id);
  });

  it("tells staff when the client has not sent links yet", async () => {
    renderPanel({ [NOTICES_PATH]: { status: 200, body: { notices: [] } } }, { staff: true });
    expect(await screen.findByText("Il cliente non ha ancora indicato i link da rimuovere.")).toBeTruthy();
  });

  it("shows no form to the client of a closed practice or a cancelled service", async () => {
    const { calls } = renderPanel(
      { [NOTICES_PATH]: { status: 200, body: { notices: [] } } },
      { open: false },
    );
    await waitFor(() => expect(screen.queryByText("Caricamento dei link…")).toBeNull());
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Controlla i link" })).toBeNull();
  });
});
