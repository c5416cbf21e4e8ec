import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test-render.tsx";
import { episodeDay, firstLine, romeMoment, sealText } from "./diary-format.ts";
import { attachment, entry, version } from "./diary-test-helpers.ts";
import { EntryList } from "./entry-list.tsx";

describe("the diary's list", () => {
  it("shows the episodes in the order they happened, the unknown time first on its day", () => {
    const shot = attachment();
    const entries = [
      entry([version({ occurredOn: "2026-12-05", occurredAt: "08:15", what: "Il terzo." })]),
      entry([version({ occurredOn: "2026-12-03", occurredAt: "21:30", what: "Il secondo." })]),
      entry([version({ occurredOn: "2026-12-03", occurredAt: null, what: "Il primo.\nAltre righe." })], {
        attachments: [shot],
        versions: [
          version(
            { occurredOn: "2026-12-03", occurredAt: null, what: "Il primo.\nAltre righe." },
            { attachmentIds: [shot.id] },
          ),
        ],
      }),
    ];
    renderWithApp(<EntryList entries={entries} />);
    const cards = screen.getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual([
      "giovedì 3 dicembre 2026, ora non ricordata",
      "giovedì 3 dicembre 2026, alle 21:30",
      "sabato 5 dicembre 2026, alle 08:15",
    ]);
    expect(cards.map((card) => card.querySelector("p:nth-of-type(2)")?.textContent)).toEqual([
      "Il primo.",
      "Il secondo.",
      "Il terzo.",
    ]);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText("Instagram · 1 allegato")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText("Instagram · nessun allegato")).toBeTruthy();
    // Each card opens its episode.
    expect(within(first).getByRole("link").getAttribute("href")).toBe(`/dashboard/diary/${entries[2]?.id}`);
  });

  it("says when each version was sealed, on Rome's clock, or that the seal is on its way", () => {
    renderWithApp(
      <EntryList
        entries={[
          entry([version({ occurredOn: "2026-12-01" }, { sealedAt: "2026-12-03T20:30:00.000Z" })]),
          entry([version({ occurredOn: "2026-12-02" }, { sealedAt: null, sealSerial: null })]),
        ]}
      />,
    );
    const cards = screen.getAllByRole("article");
    expect(within(cards[0] as HTMLElement).getByText("Sigillato il 3 dicembre 2026 alle 21:30")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText("Sigillo in corso")).toBeTruthy();
  });

  it("marks a corrected episode, and shows it whole to a lawyer, without a link", () => {
    const corrected = entry([
      version({ what: "Testo corretto." }, { version: 2 }),
      version({ what: "Testo originale." }, { version: 1 }),
    ]);
    renderWithApp(<EntryList entries={[corrected]} readOnly />);
    const card = screen.getByRole("article");
    expect(within(card).getByText(/corretto \(2 versioni\)/)).toBeTruthy();
    expect(within(card).getByText("Testo corretto.")).toBeTruthy();
    expect(within(card).queryByRole("link")).toBeNull();
  });
});

describe("the diary's words", () => {
  it("writes days, times and seals the Italian way", () => {
    expect(episodeDay("2027-03-28")).toBe("domenica 28 marzo 2027");
    // Summer time: 19:05 UTC is 21:05 in Rome.
    expect(romeMoment("2027-07-01T19:05:00.000Z")).toBe("1 luglio 2027 alle 21:05");
    expect(sealText(null)).toBe("Sigillo in corso");
    expect(firstLine(`${"parola ".repeat(30)}fine`, 40)).toBe("parola parola parola parola parola…");
  });
});
