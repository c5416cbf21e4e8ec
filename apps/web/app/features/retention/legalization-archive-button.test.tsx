import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { LegalizationArchiveButton } from "./public.ts";

const SERVICE_ID = "5b0e6f9a-3c1d-4e8f-9a2b-7c6d5e4f3a22";
const ARCHIVE = `GET /v1/services/${SERVICE_ID}/legalization-archive`;
const BUTTON = "Scarica tutti i file della legalizzazione (.zip)";

describe("the legalization files' archive", () => {
  it("saves every file as one .zip under the practice's number, and says why when there is none", async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:argine", revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let gone = false;
    stubApi({
      [ARCHIVE]: () =>
        gone
          ? { status: 404, body: { code: "NOT_FOUND", message: "Non ci sono file da scaricare." } }
          : { status: 200, body: "PK" },
    });
    renderWithApp(<LegalizationArchiveButton serviceId={SERVICE_ID} ticketCode="AR-7KQ2M9XD" />);

    fireEvent.click(screen.getByRole("button", { name: BUTTON }));
    await waitFor(() => expect(saved).toEqual(["legalizzazione-AR-7KQ2M9XD.zip"]));

    gone = true;
    fireEvent.click(screen.getByRole("button", { name: BUTTON }));
    expect(
      await screen.findByText("I file non sono stati scaricati: Non ci sono file da scaricare."),
    ).toBeTruthy();
  });
});
