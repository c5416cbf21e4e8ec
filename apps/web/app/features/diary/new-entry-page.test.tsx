import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../shell/providers/app-providers.tsx";
import { fakeOidcClient, stubApi } from "../../test-render.tsx";
import { PRACTICE } from "../practices/practice-test-helpers.ts";
import {
  attachment,
  entry,
  fakeCaches,
  sharedFile,
  version,
  withBrowserSelects,
} from "./diary-test-helpers.ts";
import { NewEntryPage } from "./new-entry-page.tsx";

withBrowserSelects();

vi.mock("../services/public.ts", () => ({
  putFile: vi.fn(async (_link: unknown, _file: Blob, onProgress: (fraction: number) => void) =>
    onProgress(1),
  ),
}));

const shot = attachment({ fileName: "Screenshot_20261203.png" });
const SAVED = entry([version()]);

function renderNew(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AppProviders authClient={fakeOidcClient()}>
            <Outlet />
          </AppProviders>
        ),
        children: [
          { path: "/dashboard/diary/nuovo", element: <NewEntryPage /> },
          { path: "/dashboard/diary/:id", element: <p>La pagina dell'episodio</p> },
        ],
      },
    ],
    { initialEntries: ["/dashboard", url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const practices = (data: unknown[]) => ({
  "GET /v1/practices": { status: 200, body: { total: data.length, totalCapped: false, data } },
});

describe("a new episode", () => {
  it("takes what the phone shared: the screenshot attached, the link and the words written in", async () => {
    const caches = fakeCaches({
      "https://argine.test/shared-files/1-a/file-0": sharedFile("png", shot.fileName, "image/png"),
      "https://argine.test/shared-files/1-a/words": Response.json({
        title: "",
        text: "Guarda qui https://instagram.com/p/xyz",
        url: "",
      }),
    });
    vi.stubGlobal("caches", caches);
    const api = stubApi({
      ...practices([]),
      "POST /v1/diary/attachments": {
        status: 201,
        body: {
          attachment: { ...shot, receivedAt: null, sha256: null, sealedAt: null },
          upload: {
            url: "https://storage.test/put",
            method: "PUT",
            headers: {},
            expiresAt: "2026-12-03T21:00:00Z",
          },
        },
      },
      [`POST /v1/diary/attachments/${shot.id}/received`]: { status: 200, body: shot },
      "POST /v1/diary/entries": { status: 201, body: SAVED },
    });
    const router = renderNew("/dashboard/diary/nuovo?condiviso=1");
    expect(await screen.findByText(/Il file che hai condiviso viene allegato/)).toBeTruthy();
    expect(await screen.findByText("Caricato")).toBeTruthy();
    expect((screen.getByLabelText("Indirizzo 1") as HTMLInputElement).value).toBe(
      "https://instagram.com/p/xyz",
    );
    expect((screen.getByLabelText(/Che cosa è successo/) as HTMLTextAreaElement).value).toBe("Guarda qui");
    // Taken: nothing of it stays on the device, and the address forgets the share.
    expect(await caches.has("argine-shared-files")).toBe(false);
    await waitFor(() => expect(router.state.location.search).toBe(""));

    fireEvent.change(screen.getByLabelText(/Dove è successo/), { target: { value: "INSTAGRAM" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Non ricordo l'ora" }));
    fireEvent.click(screen.getByRole("button", { name: "Salva l'episodio" }));
    expect(await screen.findByText("La pagina dell'episodio")).toBeTruthy();
    expect(api.calls.find((c) => c.url.endsWith("/v1/diary/entries"))?.body).toMatchObject({
      occurredAt: null,
      platform: "INSTAGRAM",
      urls: ["https://instagram.com/p/xyz"],
      what: "Guarda qui",
      practiceId: null,
      attachmentIds: [shot.id],
    });
    // The episode's page takes the form's place: Back leaves the diary's form behind.
    expect(router.state.location.pathname).toBe(`/dashboard/diary/${SAVED.id}`);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("says when nothing shared arrived (the app opened without its service worker)", async () => {
    vi.stubGlobal("caches", fakeCaches({}));
    stubApi(practices([]));
    renderNew("/dashboard/diary/nuovo?condiviso=1");
    expect(await screen.findByText(/Non è arrivato nulla di quello che hai condiviso/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Salva l'episodio" })).toBeTruthy();
  });

  it("puts the episode in the practice she came from", async () => {
    const api = stubApi({ ...practices([PRACTICE]), "POST /v1/diary/entries": { status: 201, body: SAVED } });
    renderNew(`/dashboard/diary/nuovo?practiceId=${PRACTICE.practiceId}`);
    const practice = (await screen.findByLabelText("Pratica")) as HTMLSelectElement;
    expect(practice.value).toBe(PRACTICE.practiceId);
    fireEvent.change(screen.getByLabelText(/Dove è successo/), { target: { value: "TELEGRAM" } });
    fireEvent.change(screen.getByLabelText("Ora"), { target: { value: "23:10" } });
    fireEvent.change(screen.getByLabelText(/Che cosa è successo/), {
      target: { value: "Un altro messaggio." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Salva l'episodio" }));
    await screen.findByText("La pagina dell'episodio");
    expect(api.calls.find((c) => c.url.endsWith("/v1/diary/entries"))?.body).toMatchObject({
      practiceId: PRACTICE.practiceId,
      occurredAt: "23:10",
      attachmentIds: [],
    });
  });
});
