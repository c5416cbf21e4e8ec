import type { Dossier } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { DossierPanel } from "./dossier-panel.tsx";

const DOSSIER_ID = "0b5d7c1e-3a2f-4e6d-8c9b-1a2b3c4d5e6f";
const QUEUED: Dossier = {
  id: DOSSIER_ID,
  practiceId: null,
  state: "QUEUED",
  progress: 0,
  createdAt: "2026-12-04T09:00:00.000Z",
  readyAt: null,
  entries: 3,
  pdf: null,
  zip: null,
};
const later = new Date(Date.now() + 10 * 60_000).toISOString();
const READY: Dossier = {
  ...QUEUED,
  state: "READY",
  progress: 100,
  readyAt: "2026-12-04T09:00:05.000Z",
  pdf: { url: "https://storage.test/dossier.pdf?sig=1", expiresAt: later },
  zip: { url: "https://storage.test/dossier.zip?sig=1", expiresAt: later },
};

describe("the dossier", () => {
  it("shows its progress while the job makes it, then the links to the PDF and the ZIP", async () => {
    const answers: Dossier[] = [{ ...QUEUED, state: "RUNNING", progress: 40 }, READY];
    const api = stubApi({
      "POST /v1/diary/dossiers": { status: 201, body: QUEUED },
      [`GET /v1/diary/dossiers/${DOSSIER_ID}`]: () => ({ status: 200, body: answers.shift() ?? READY }),
    });
    renderWithApp(<DossierPanel practiceId={null} entries={3} scope="tutti gli episodi del diario" />);
    fireEvent.click(screen.getByRole("button", { name: "Prepara il dossier" }));
    const bar = await screen.findByRole("progressbar");
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ practiceId: null });
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByRole("button", { name: "Prepara il dossier" })).toHaveProperty("disabled", true);
    await screen.findByText("Preparazione del dossier: 40%");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
    const pdf = await screen.findByRole("link", { name: /Scarica il PDF/ });
    expect(pdf.getAttribute("href")).toBe(READY.pdf?.url);
    expect(screen.getByRole("link", { name: "Scarica lo ZIP" }).getAttribute("href")).toBe(READY.zip?.url);
    expect(screen.getByText("Il dossier è pronto: 3 episodi.")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("says why it failed, and may be asked again", async () => {
    stubApi({
      "POST /v1/diary/dossiers": { status: 201, body: { ...QUEUED, state: "FAILED" } },
    });
    renderWithApp(<DossierPanel practiceId={null} entries={1} scope="tutti gli episodi del diario" />);
    fireEvent.click(screen.getByRole("button", { name: "Prepara il dossier" }));
    expect(await screen.findByText(DIARY_MESSAGES.dossierFailed)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Prepara di nuovo il dossier" })).toBeTruthy();
  });

  it("has nothing to prepare without episodes", () => {
    renderWithApp(<DossierPanel practiceId={null} entries={0} scope="tutti gli episodi del diario" />);
    expect(screen.getByText(DIARY_MESSAGES.dossierEmpty)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
