import { describe, expect, it } from "vitest";
import { firstWords, visitorLabel } from "./support-api.ts";

// How the inbox names a visitor's thread: a label from its random id, and its first words, never cut mid-word.

describe("the inbox's names for a visitor's thread", () => {
  it("labels a visitor by the thread id's first three hex digits", () => {
    expect(visitorLabel("4f2a9c1e-0000-4000-8000-000000000000")).toBe("Visitatore 4F2");
    expect(visitorLabel("0a1b2c3d-0000-4000-8000-000000000000")).not.toBe(
      visitorLabel("4f2a9c1e-0000-4000-8000-000000000000"),
    );
  });

  it("keeps a short first line whole, its line breaks as spaces", () => {
    expect(firstWords("Aiuto,\nmi hanno\n\nrubato il profilo")).toBe("Aiuto, mi hanno rubato il profilo");
  });

  it("cuts a long first line at the end of a word, with an ellipsis", () => {
    const line = "Buonasera, un mio ex sta pubblicando sui social delle foto private che mi ritraggono";
    const words = firstWords(line);
    expect(words.length).toBeLessThanOrEqual(61);
    expect(words).toBe("Buonasera, un mio ex sta pubblicando sui social delle foto…");
    expect(line.startsWith(words.slice(0, -1))).toBe(true);
  });
});
