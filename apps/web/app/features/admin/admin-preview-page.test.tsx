import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubApi } from "../../test-render.tsx";
import { PREVIEW_OVERLAY_TEXT } from "../content/preview-overlay.tsx";
import { AdminPreviewPage } from "./admin-preview-page.tsx";
import { renderAsUser } from "./admin-test-helpers.tsx";

const DRAFT = `---
title: Bozza di prova
description: Una bozza per vedere come appare la pagina.
heading: Nuova guida allo stalking
---
Primo paragrafo della bozza, con un [collegamento](/faq).

## Cosa fare
- Conserva le prove`;

describe("/dashboard/admin/preview", () => {
  it("shows a draft page as the site will, behind the loading overlay", async () => {
    stubApi({ "GET /v1/products": { status: 200, body: [] } });
    renderAsUser(<AdminPreviewPage />);
    fireEvent.change(screen.getByLabelText("Pagina del sito"), { target: { value: "/education/stalking" } });
    fireEvent.change(screen.getByLabelText("Markdown della pagina"), { target: { value: DRAFT } });
    fireEvent.click(screen.getByRole("button", { name: "Mostra l'anteprima" }));
    expect(screen.getByText(PREVIEW_OVERLAY_TEXT)).toBeTruthy();
    const preview = await screen.findByRole("region", { name: "Anteprima" });
    expect(preview.querySelector("h1")?.textContent).toBe("Nuova guida allo stalking");
    expect(preview.querySelector("h2")?.textContent).toBe("Cosa fare");
    expect(preview.textContent).toContain("Conoscere i reati");
  });

  it("says what is wrong with a draft the build would refuse", async () => {
    renderAsUser(<AdminPreviewPage />);
    fireEvent.change(screen.getByLabelText("Markdown della pagina"), {
      target: { value: "# Solo un titolo" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Mostra l'anteprima" }));
    expect((await screen.findByRole("alert")).textContent).toContain("frontmatter mancante");
  });
});
