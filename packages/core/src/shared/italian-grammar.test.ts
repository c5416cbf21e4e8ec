import { describe, expect, it } from "vitest";
import { countOf, withDayArticle } from "./italian-grammar.ts";

describe("Italian grammar of days and counts", () => {
  it("elides the article before the days read with a vowel", () => {
    expect(withDayArticle("al", "11 dicembre 2026")).toBe("all'11 dicembre 2026");
    expect(withDayArticle("dal", "8 marzo 2027")).toBe("dall'8 marzo 2027");
    expect(withDayArticle("il", "1 giugno 2026")).toBe("l'1 giugno 2026");
    expect(withDayArticle("al", "08/03/2027")).toBe("all'08/03/2027");
    expect(withDayArticle("il", "11/12/2026")).toBe("l'11/12/2026");
  });

  it("keeps it before every other day", () => {
    for (const day of ["2 dicembre 2026", "12 dicembre 2026", "18 aprile 2027", "31/12/2026", "10/01/2027"])
      expect(withDayArticle("al", day)).toBe(`al ${day}`);
    expect(withDayArticle("dal", "18/08/2026")).toBe("dal 18/08/2026");
  });

  it("makes the noun agree with its count", () => {
    expect(countOf(1, "nota di credito", "note di credito")).toBe("1 nota di credito");
    expect(countOf(2, "nota di credito", "note di credito")).toBe("2 note di credito");
    expect(countOf(0, "fattura", "fatture")).toBe("0 fatture");
  });
});
