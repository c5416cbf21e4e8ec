import type { PracticeService } from "@argine/core/services/services-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { ServiceCard } from "./service-card.tsx";

const SERVICE_ID = "5a0c3f52-7a8e-4f6d-9a51-2e3c0b8f4d21";
const LETTER = {
  version: "2026-11-1",
  sections: [
    { title: "Chi incarichi", paragraphs: ["Tu, Giulia Rossi, incarichi un avvocato del team legale."] },
    { title: "Compenso già pagato", paragraphs: ["Per questa attività hai pagato 299,00 €."] },
  ],
  acceptedAt: null,
  acceptedVersion: null,
};
const ACCEPTED = { ...LETTER, acceptedAt: "2026-11-24T10:30:00.000Z", acceptedVersion: "2026-11-1" };

const service = (over: Partial<PracticeService> = {}): PracticeService => ({
  serviceId: SERVICE_ID,
  serviceType: "INJUCTION",
  status: "IN_PROGRESS",
  clientFile: null,
  document: null,
  assignedLawyer: null,
  mandateAcceptedAt: null,
  ...over,
});

function renderCard(
  card: PracticeService,
  { staff = false, practiceClosed = false } = {},
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const onChanged = vi.fn(async () => {});
  const api = stubApi(routes);
  renderWithApp(
    <ul>
      <ServiceCard service={card} staff={staff} practiceClosed={practiceClosed} onChanged={onChanged} />
    </ul>,
  );
  return { ...api, onChanged };
}

const CLIENT_WIDGET = { name: "I tuoi file per l'avvocato" };
const STAFF_WIDGET = { name: "Il documento finito per il cliente" };
const SENT_DOCUMENT = {
  fileName: "diffida.pdf",
  uploadDate: "2026-11-24T10:30:00.000Z",
  side: "STAFF" as const,
  size: 2048,
};

describe("a service on the case page", () => {
  it("gives the client its status, the lawyer's name and the widget for their file", () => {
    renderCard(service({ assignedLawyer: { id: SERVICE_ID, name: "Anna Neri" } }));
    expect(screen.getByText("Diffida", { exact: false }).textContent).toContain("(in corso)");
    expect(screen.getByText(/preso in carico dal nostro team/)).toBeTruthy();
    expect(screen.getByText("Avvocato: Anna Neri")).toBeTruthy();
    expect(screen.getByRole("group", CLIENT_WIDGET)).toBeTruthy();
    expect(screen.queryByRole("group", STAFF_WIDGET)).toBeNull();
  });

  it.each([
    ["a capture (its files come from its provider)", service({ serviceType: "LEGALIZATION" }), false],
    ["a cancelled service", service({ status: "CANCELLED" }), false],
    ["a closed practice", service(), true],
  ])("offers no upload on %s", (_case, card, practiceClosed) => {
    renderCard(card, { practiceClosed });
    expect(screen.queryByRole("group", CLIENT_WIDGET)).toBeNull();
  });

  it("opens the finished document in a tab opened at the click", async () => {
    const tab = { opener: {}, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const { calls } = renderCard(
      service({ status: "DOCUMENTS_READY", document: SENT_DOCUMENT }),
      {},
      {
        [`GET /v1/services/${SERVICE_ID}/upload`]: {
          status: 200,
          body: { url: "https://storage.test/objects/documento" },
        },
      },
    );
    fireEvent.click(screen.getByRole("button", { name: "Apri il documento" }));
    expect(open).toHaveBeenCalledWith("", "_blank");
    await waitFor(() => expect(tab.location.href).toBe("https://storage.test/objects/documento"));
    expect(tab.opener).toBeNull();
    expect(calls[0]?.url).toContain("fileName=diffida.pdf");
  });

  it("says 'Nessun documento disponibile' when the document is gone, and closes the empty tab", async () => {
    const tab = { opener: {}, location: { href: "" }, close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    renderCard(
      service({ status: "DOCUMENTS_READY", document: SENT_DOCUMENT }),
      {},
      {
        [`GET /v1/services/${SERVICE_ID}/upload`]: {
          status: 404,
          body: { code: "NOT_FOUND", message: "Risorsa non trovata." },
        },
      },
    );
    fireEvent.click(screen.getByRole("button", { name: "Apri il documento" }));
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.noDocument);
    expect(tab.close).toHaveBeenCalled();
  });

  it("gives staff the client's file to open and the widget for the finished document", () => {
    renderCard(service({ clientFile: { ...SENT_DOCUMENT, fileName: "prove.zip", side: "CLIENT" } }), {
      staff: true,
      practiceClosed: true,
    });
    expect(screen.getByText("prove.zip")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apri il file del cliente" })).toBeTruthy();
    expect(screen.getByRole("group", STAFF_WIDGET)).toBeTruthy();
    expect(screen.queryByRole("group", CLIENT_WIDGET)).toBeNull();
  });

  it("has the client read and accept the defence mandate before the work starts", async () => {
    let accepted = false;
    const { calls, onChanged } = renderCard(
      service({ serviceType: "DEFENCE", status: "TO_START" }),
      {},
      {
        [`GET /v1/services/${SERVICE_ID}/mandate`]: () => ({
          status: 200,
          body: accepted ? ACCEPTED : LETTER,
        }),
        [`POST /v1/services/${SERVICE_ID}/mandate`]: () => {
          accepted = true;
          return { status: 200, body: ACCEPTED };
        },
      },
    );
    const panel = await screen.findByRole("group", { name: "Il mandato per la difesa legale" });
    expect(await within(panel).findByText(/Finché non lo accetti il lavoro non può cominciare/)).toBeTruthy();
    expect(within(panel).getByText("Per questa attività hai pagato 299,00 €.")).toBeTruthy();
    // The letter's version as people read it, not its code.
    expect(
      within(panel).getByRole("heading", { name: "Lettera d'incarico (versione di novembre 2026, n. 1)" }),
    ).toBeTruthy();

    fireEvent.click(within(panel).getByRole("button", { name: "Accetto il mandato" }));
    expect(within(panel).getByText("Per iniziare devi leggere e accettare il mandato.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(within(panel).getByRole("checkbox", { name: "Ho letto e accetto il mandato" }));
    fireEvent.click(within(panel).getByRole("button", { name: "Accetto il mandato" }));
    expect(await within(panel).findByText(/^Mandato accettato il /)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ version: "2026-11-1", accepted: true });
    expect(onChanged).toHaveBeenCalled();
    expect(within(panel).queryByRole("checkbox")).toBeNull();
  });

  it("tells staff whether the client accepted the mandate, and which version", async () => {
    renderCard(
      service({ serviceType: "DEFENCE", status: "TO_START" }),
      { staff: true },
      {
        [`GET /v1/services/${SERVICE_ID}/mandate`]: { status: 200, body: ACCEPTED },
      },
    );
    expect(
      await screen.findByText(/^Mandato accettato il .* \(versione di novembre 2026, n\. 1\)$/),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accetto il mandato" })).toBeNull();
  });

  it("tells staff the defence waits for the client's mandate", async () => {
    renderCard(
      service({ serviceType: "DEFENCE", status: "TO_START" }),
      { staff: true },
      {
        [`GET /v1/services/${SERVICE_ID}/mandate`]: { status: 200, body: LETTER },
      },
    );
    expect(await screen.findByText("In attesa che il cliente accetti il mandato")).toBeTruthy();
  });

  it("says 'documenti pronti' of a legalization only once its files can be opened", async () => {
    const session = (filesReadyAt: string | null) => ({
      sessionId: "0b8f3c2d-1e03-4d7b-9a39-6f1c1a524a0e",
      provider: "Sandbox",
      state: "CLOSED",
      step: null,
      url: "https://example.org/post/1",
      startedAt: "2026-11-27T09:00:00.000Z",
      endedAt: "2026-11-27T09:05:00.000Z",
      filesReadyAt,
      reportSha256: null,
      filesDeletedAt: null,
    });
    let stored: string | null = null;
    renderCard(
      // The status moved by hand before the files were stored: the card follows the files, not the status.
      service({ serviceType: "LEGALIZATION", status: "DOCUMENTS_READY" }),
      {},
      {
        [`GET /v1/services/legalization/${SERVICE_ID}/session`]: () => ({
          status: 200,
          body: session(stored),
        }),
      },
    );
    expect(
      await screen.findByText(
        "I documenti sono in preparazione: saranno pronti entro 12 ore e ti scriveremo un'email.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/I documenti sono pronti/)).toBeNull();
    expect(screen.getByText("(documenti in preparazione)")).toBeTruthy();
    stored = "2026-11-27T09:06:00.000Z";
    expect(
      await screen.findByText("I documenti sono pronti: puoi scaricarli da questa pagina.", undefined, {
        timeout: 8000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apri i file della legalizzazione" })).toBeTruthy();
    // The panel asks again every 5 seconds while the files are awaited.
  }, 12_000);

  it("says a legalization's capture failed, neither 'in corso' nor 'Ci stiamo lavorando'", async () => {
    renderCard(
      service({ serviceType: "LEGALIZATION", status: "IN_PROGRESS" }),
      {},
      {
        [`GET /v1/services/legalization/${SERVICE_ID}/session`]: {
          status: 200,
          body: {
            sessionId: "0b8f3c2d-1e03-4d7b-9a39-6f1c1a524a0e",
            provider: "Sandbox",
            state: "VM_ABORTED_TIMEOUT_TERMINATED",
            step: null,
            url: "https://example.org/post/1",
            startedAt: "2026-11-27T09:00:00.000Z",
            endedAt: "2026-11-27T09:05:00.000Z",
            filesReadyAt: null,
            reportSha256: null,
            filesDeletedAt: null,
          },
        },
      },
    );
    expect(await screen.findByText(/L'ultima legalizzazione non è riuscita/)).toBeTruthy();
    expect(screen.queryByText(/Ci stiamo lavorando/)).toBeNull();
    // The header says what is true now: nothing under way, a new capture to start.
    expect(screen.getByText("(da ripetere)").parentElement?.textContent).toBe("Legalizzazione (da ripetere)");
    expect(screen.queryByText("(in corso)")).toBeNull();
  });

  it("says a legalization's files were deleted after a year, and offers none to open", async () => {
    renderCard(
      service({ serviceType: "LEGALIZATION", status: "DOCUMENTS_READY" }),
      {},
      {
        [`GET /v1/services/legalization/${SERVICE_ID}/session`]: {
          status: 200,
          body: {
            sessionId: "0b8f3c2d-1e03-4d7b-9a39-6f1c1a524a0e",
            provider: "Sandbox",
            state: "CLOSED",
            step: null,
            url: "https://example.org/post/1",
            startedAt: "2025-11-27T09:00:00.000Z",
            endedAt: "2025-11-27T09:05:00.000Z",
            filesReadyAt: "2025-11-27T09:06:00.000Z",
            reportSha256: null,
            filesDeletedAt: "2026-11-27T09:06:00.000Z",
          },
        },
      },
    );
    expect(await screen.findByText(/sono stati eliminati dopo un anno/)).toBeTruthy();
    expect(screen.queryByText(/I documenti sono pronti/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Apri i file della legalizzazione" })).toBeNull();
  });
});
