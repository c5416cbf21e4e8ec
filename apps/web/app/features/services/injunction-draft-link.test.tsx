import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { InjunctionDraftLink } from "./public.ts";

const SERVICE_ID = "5b0e6f9a-3c1d-4e8f-9a2b-7c6d5e4f3a21";
const DRAFT = `GET /v1/services/${SERVICE_ID}/injunction-draft`;

describe("the formal notice's draft link", () => {
  it("saves the draft under the practice's number, and says why when it is refused", async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:argine", revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let refuse = false;
    const { calls } = stubApi({
      [DRAFT]: () =>
        refuse
          ? { status: 404, body: { code: "NOT_FOUND", message: "Risorsa non trovata." } }
          : { status: 200, body: "PK" },
    });
    renderWithApp(<InjunctionDraftLink serviceId={SERVICE_ID} ticketCode="AR-7KQ2M9XD" />);

    fireEvent.click(screen.getByRole("button", { name: "Scarica la bozza della diffida (.docx)" }));
    await waitFor(() => expect(saved).toEqual(["bozza-diffida-AR-7KQ2M9XD.docx"]));
    expect(
      calls.filter((call) => `${call.method} ${call.url.replace(/^https?:\/\/[^/]+/, "")}` === DRAFT),
    ).toHaveLength(1);

    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Scarica la bozza della diffida (.docx)" }));
    expect(await screen.findByText("La bozza non è stata scaricata: Risorsa non trovata.")).toBeTruthy();
  });
});
