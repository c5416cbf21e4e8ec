import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAsUser } from "../../shared/admin/admin-test-helpers.tsx";
import { stubApi } from "../../test-render.tsx";
import { AdminPreviewPage } from "./admin-preview-page.tsx";
import { PREVIEW_OVERLAY_TEXT } from "./preview-overlay.tsx";

const DRAFT = `---
title: Bozza di prova
description: Una bozza per vedere come appare la pagina.
heading: Nuova guida allo stalking
---
Primo paragrafo della bozza, con un [collegamento](/faq).

## Cosa fare
- Conserva le prove`;

/** A content page's Markdown as committed in the repository. */
function committed(file: string): string {
  return readFileSync(join(import.meta.dirname, "../../../content", file), "utf8");
}

const editor = () => screen.getByLabelText("Markdown della pagina") as HTMLTextAreaElement;

describe("/dashboard/admin/preview", () => {
  it("puts the selected page's current Markdown in the editor, and previews it", async () => {
    stubApi({ "GET /v1/products": { status: 200, body: [] } });
    renderAsUser(<AdminPreviewPage />);
    // The first page is selected on arrival, with its Markdown.
    expect((screen.getByLabelText("Pagina del sito") as HTMLSelectElement).value).toBe("/whoweare");
    await waitFor(() => expect(editor().value).toBe(committed("whoweare.md")));

    fireEvent.change(screen.getByLabelText("Pagina del sito"), { target: { value: "/education/stalking" } });
    await waitFor(() => expect(editor().value).toBe(committed("education/stalking.md")));
    fireEvent.change(screen.getByLabelText("Pagina del sito"), { target: { value: "/services" } });
    await waitFor(() => expect(editor().value).toBe(committed("services/index.md")));

    fireEvent.click(screen.getByRole("button", { name: "Mostra l'anteprima" }));
    const preview = await screen.findByRole("region", { name: "Anteprima" });
    const heading = /^heading: (.+)$/m.exec(committed("services/index.md"))?.[1];
    expect(preview.querySelector("h1")?.textContent).toBe(heading);
  });

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
