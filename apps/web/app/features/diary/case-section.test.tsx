import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ModalRoot } from "../../shared/modal/modal-root.tsx";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { PRACTICE } from "../practices/practice-test-helpers.ts";
import { NOT_SHARED, SHARE_LABEL } from "./case-section.tsx";
import { entry, version } from "./diary-test-helpers.ts";
import { DiaryCaseSection } from "./public.ts";

const ID = PRACTICE.practiceId;
const SHARE = `/v1/diary/shares/${ID}`;

function renderSection(staff: boolean, routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi(routes);
  renderWithApp(
    <>
      <DiaryCaseSection practice={PRACTICE} staff={staff} />
      <ModalRoot />
    </>,
  );
  return api;
}

/** The switch's API: what it holds now, and every change asked of it. */
function shareApi(initially: boolean) {
  let shared = initially;
  const answer = () => ({
    status: 200,
    body: { shared, sharedAt: shared ? "2026-12-04T09:00:00.000Z" : null },
  });
  return {
    [`GET ${SHARE}`]: answer,
    [`PUT ${SHARE}`]: (call: { body: unknown }) => {
      shared = (call.body as { shared: boolean }).shared;
      return answer();
    },
    "GET /v1/diary/entries": { status: 200, body: { entries: [entry([version()]), entry([version()])] } },
  };
}

describe("the diary on the case page", () => {
  it("counts the practice's episodes and links the diary filtered to it", async () => {
    renderSection(false, shareApi(false));
    expect(await screen.findByText("Hai annotato 2 episodi per questa pratica.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Apri il diario di questa pratica" }).getAttribute("href")).toBe(
      `/dashboard/diary?practiceId=${ID}`,
    );
  });

  it("asks before sharing with the practice's lawyers, and shares only once she confirms", async () => {
    const api = renderSection(false, shareApi(false));
    const toggle = await screen.findByRole("switch", { name: SHARE_LABEL });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Non vedranno gli altri episodi del tuo diario/)).toBeTruthy();
    // Cancelled, nothing is sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls.filter((c) => c.method === "PUT")).toEqual([]);
    expect((toggle as HTMLInputElement).checked).toBe(false);

    fireEvent.click(toggle);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sì, condividi" }));
    expect(await screen.findByText("Diario condiviso con gli avvocati di questa pratica.")).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(api.calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ shared: true }]);
  });

  it("stops sharing at once, without asking", async () => {
    const api = renderSection(false, shareApi(true));
    const toggle = await screen.findByRole("switch", { name: SHARE_LABEL });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    expect(
      await screen.findByText("Condivisione revocata: gli avvocati non vedono più il diario."),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ shared: false }]);
  });

  it("shows a lawyer the shared episodes read only, or that she has not shared them", async () => {
    renderSection(true, {
      "GET /v1/diary/entries": {
        status: 403,
        body: { code: "FORBIDDEN", message: DIARY_MESSAGES.notShared, requestId: "r1" },
      },
    });
    expect(await screen.findByText(NOT_SHARED)).toBeTruthy();
    expect(screen.queryByRole("switch")).toBeNull();
    // No error dialog on top of the line.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("lists the episodes a client shares with the lawyer", async () => {
    const api = renderSection(true, {
      "GET /v1/diary/entries": {
        status: 200,
        body: { entries: [entry([version({ what: "Il racconto intero." })])] },
      },
    });
    expect(await screen.findByText("Il racconto intero.")).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toEqual([
      expect.stringContaining(`/v1/diary/entries?practiceId=${ID}`),
    ]);
  });
});
