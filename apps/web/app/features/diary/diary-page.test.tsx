import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { PRACTICE } from "../practices/practice-test-helpers.ts";
import { DiaryPage } from "./diary-page.tsx";
import { entry, version } from "./diary-test-helpers.ts";

const practices = (data: unknown[]) => ({
  "GET /v1/practices": { status: 200, body: { total: data.length, totalCapped: false, data } },
});

describe("the diary's page", () => {
  it("says what the diary is for while it is empty, and offers to add an episode", async () => {
    stubApi({ ...practices([]), "GET /v1/diary/entries": { status: 200, body: { entries: [] } } });
    renderWithApp(<DiaryPage />, { url: "/dashboard/diary" });
    expect(await screen.findByText("Il diario è ancora vuoto.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Diario degli episodi" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Aggiungi un episodio" }).getAttribute("href")).toBe(
      "/dashboard/diary/nuovo",
    );
    expect(screen.getByRole("link", { name: "Come presentare la querela" }).getAttribute("href")).toBe(
      "/dashboard/diary/querela",
    );
    // Without practices there is nothing to filter by.
    expect(screen.queryByRole("navigation", { name: "Filtra per pratica" })).toBeNull();
  });

  it("filters by practice, or the episodes in none, and prepares the dossier of what it shows", async () => {
    const inPractice = entry([version({ what: "Nella pratica." })], { practiceId: PRACTICE.practiceId });
    const alone = entry([version({ occurredOn: "2026-12-01", what: "Da sola." })]);
    stubApi({
      ...practices([{ ...PRACTICE, unreadComments: 0 }]),
      "GET /v1/diary/entries": (call) => ({
        status: 200,
        body: { entries: call.url.includes("practiceId=") ? [inPractice] : [alone, inPractice] },
      }),
    });
    const { router } = renderWithApp(<DiaryPage />, { url: "/dashboard/diary" });
    expect(await screen.findByRole("heading", { name: "Gli episodi: 2 episodi" })).toBeTruthy();
    const filters = screen.getByRole("navigation", { name: "Filtra per pratica" });
    expect(
      within(filters)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Tutti", `Pratica ${PRACTICE.ticketCode}`, "Senza pratica"]);
    expect(within(filters).getByRole("link", { name: "Tutti" }).getAttribute("aria-current")).toBe("page");

    await router.navigate(`/dashboard/diary?practiceId=${PRACTICE.practiceId}`);
    expect(await screen.findByRole("heading", { name: "Gli episodi: 1 episodio" })).toBeTruthy();
    expect(screen.getByText("Nella pratica.")).toBeTruthy();
    expect(
      screen.getByText(new RegExp(`gli episodi della pratica ${PRACTICE.ticketCode.toLowerCase()}`)),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Aggiungi un episodio" }).getAttribute("href")).toBe(
      `/dashboard/diary/nuovo?practiceId=${PRACTICE.practiceId}`,
    );

    await router.navigate("/dashboard/diary?practiceId=nessuna");
    expect(await screen.findByText("Da sola.")).toBeTruthy();
    expect(screen.queryByText("Nella pratica.")).toBeNull();
  });
});
