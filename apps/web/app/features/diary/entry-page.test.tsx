import type { DiaryEntry } from "@argine/core/diary/diary-api";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { prefilledUrls } from "../../shared/navigation/navigation.ts";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, stubApi } from "../../test-render.tsx";
import { PRACTICE } from "../practices/practice-test-helpers.ts";
import { attachment, entry, version, withBrowserSelects } from "./diary-test-helpers.ts";
import { EntryPage } from "./entry-page.tsx";

withBrowserSelects();

const shot = attachment({ fileName: "minaccia.png" });
const ORIGINAL: DiaryEntry = entry(
  [
    version(
      { urls: ["https://instagram.com/p/1", "https://instagram.com/p/2"], what: "Mi ha scritto alle 21." },
      { attachmentIds: [shot.id] },
    ),
  ],
  { practiceId: PRACTICE.practiceId, attachments: [shot] },
);

function CaseProbe() {
  const location = useLocation();
  return <p>Pratica aperta con {prefilledUrls(location.state).join(" e ") || "nessun link"}</p>;
}

function renderEntry(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  const router = createMemoryRouter(
    [
      {
        element: (
          <AppProviders authClient={fakeOidcClient()}>
            <Outlet />
          </AppProviders>
        ),
        children: [
          { path: "/dashboard/diary/:id", element: <EntryPage /> },
          { path: "/dashboard/practices/case/:ticketCode", element: <CaseProbe /> },
        ],
      },
    ],
    { initialEntries: [`/dashboard/diary/${ORIGINAL.id}`] },
  );
  render(<RouterProvider router={router} />);
  return { ...api, router };
}

const ENTRY_PATH = `/v1/diary/entries/${ORIGINAL.id}`;
const PRACTICE_PATH = `/v1/practices/${PRACTICE.practiceId}`;
const withServices = (...types: string[]) => ({
  ...PRACTICE,
  services: types.map((serviceType, i) => ({
    serviceId: `00000000-0000-4000-9000-00000000000${i}`,
    serviceType,
    status: "IN_PROGRESS",
    clientFile: null,
    document: null,
    assignedLawyer: null,
    mandateAcceptedAt: null,
  })),
});

describe("an episode's page", () => {
  it("corrects the episode: the whole of it is sent with the attachments it keeps, and the history shows both versions", async () => {
    const corrected: DiaryEntry = {
      ...ORIGINAL,
      versions: [
        version(
          { ...ORIGINAL.versions[0]?.fields, what: "Mi ha scritto alle 22." },
          {
            version: 2,
            attachmentIds: [shot.id],
            receivedAt: "2026-12-04T08:00:00.000Z",
            sealedAt: null,
            sealSerial: null,
          },
        ),
        ...ORIGINAL.versions,
      ],
    };
    const api = renderEntry({
      [`GET ${ENTRY_PATH}`]: { status: 200, body: ORIGINAL },
      [`POST ${ENTRY_PATH}/versions`]: { status: 201, body: corrected },
      [`GET ${PRACTICE_PATH}`]: { status: 200, body: withServices() },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "giovedì 3 dicembre 2026" })).toBeTruthy();
    expect(screen.getByText("Mi ha scritto alle 21.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apri minaccia.png" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Correggi" }));
    expect((screen.getByLabelText(/Dove è successo/) as HTMLSelectElement).value).toBe("INSTAGRAM");
    const what = screen.getByLabelText(/Che cosa è successo/) as HTMLTextAreaElement;
    expect(what.value).toBe("Mi ha scritto alle 21.");
    fireEvent.change(what, { target: { value: "Mi ha scritto alle 22." } });
    fireEvent.click(screen.getByRole("button", { name: "Salva la correzione" }));
    expect(await screen.findByText(/Correzione salvata: è la versione 2/)).toBeTruthy();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      occurredOn: "2026-12-03",
      occurredAt: "21:30",
      platform: "INSTAGRAM",
      urls: ["https://instagram.com/p/1", "https://instagram.com/p/2"],
      who: "",
      what: "Mi ha scritto alle 22.",
      // It stays in its practice (the correction may move it to another of hers).
      practiceId: "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11",
      attachmentIds: [shot.id],
    });
    const history = screen.getByRole("region", { name: "Le versioni" });
    expect(within(history).getByText(/Versione 2 del 4 dicembre 2026 alle 09:00 \(attuale\)/)).toBeTruthy();
    expect(within(history).getByText(/Versione 1 del 3 dicembre 2026 alle 21:35/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.tagName).toBe("H1"));
  });

  it("hands its links to the takedown of its practice in one step, in the navigation's state", async () => {
    const { router } = renderEntry({
      [`GET ${ENTRY_PATH}`]: { status: 200, body: ORIGINAL },
      [`GET ${PRACTICE_PATH}`]: { status: 200, body: withServices("TAKEDOWN") },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Usa questi link per la rimozione" }));
    expect(
      await screen.findByText("Pratica aperta con https://instagram.com/p/1 e https://instagram.com/p/2"),
    ).toBeTruthy();
    // The links are not in the address (it stays in the browser's history).
    expect(router.state.location.pathname).toBe(`/dashboard/practices/case/${PRACTICE.ticketCode}`);
    expect(router.state.location.search).toBe("");
  });

  it("says where to buy the capture when the practice has none, and hands one page to it when it has", async () => {
    renderEntry({
      [`GET ${ENTRY_PATH}`]: { status: 200, body: ORIGINAL },
      [`GET ${PRACTICE_PATH}`]: { status: 200, body: withServices("TAKEDOWN") },
    });
    expect(await screen.findByText(/L'acquisizione forense non è attiva sulla pratica/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Cattura questa pagina/ })).toBeNull();
  });

  it("hands a single page to the capture", async () => {
    renderEntry({
      [`GET ${ENTRY_PATH}`]: { status: 200, body: ORIGINAL },
      [`GET ${PRACTICE_PATH}`]: { status: 200, body: withServices("LEGALIZATION") },
    });
    fireEvent.click(
      await screen.findByRole("button", { name: "Cattura questa pagina: https://instagram.com/p/2" }),
    );
    expect(await screen.findByText("Pratica aperta con https://instagram.com/p/2")).toBeTruthy();
    expect(screen.queryByText(/La rimozione dei contenuti non è attiva/)).toBeNull();
  });
});
