import { describe, expect, it } from "vitest";
import { italianDay, italianMoment, parseItalianDay, parseItalianMoment } from "./italian-date.ts";

describe("Italian dates", () => {
  it.each([
    ["31/12/2026", "2026-12-31"],
    ["1/2/2026", "2026-02-01"],
    ["01/02/2026", "2026-02-01"],
    ["31-12-2026", "2026-12-31"],
    ["31.12.2026", "2026-12-31"],
    [" 31 / 12 / 2026 ", "2026-12-31"],
    ["2026-12-31", "2026-12-31"],
    ["29/02/2028", "2028-02-29"],
  ])("reads %s as %s", (text, iso) => {
    expect(parseItalianDay(text)).toBe(iso);
  });

  it.each(["", "31/13/2026", "30/02/2026", "29/02/2027", "12/31/2026", "31/12/26", "domani", "2026-13-01"])(
    "refuses %j",
    (text) => {
      expect(parseItalianDay(text)).toBeNull();
    },
  );

  it("reads a day and a time", () => {
    expect(parseItalianMoment("21/11/2026 09:30")).toBe("2026-11-21T09:30");
    expect(parseItalianMoment("21/11/2026, 9.30")).toBe("2026-11-21T09:30");
    expect(parseItalianMoment("21-11-2026 alle 14:05")).toBe("2026-11-21T14:05");
    for (const text of ["21/11/2026", "21/11/2026 24:00", "21/11/2026 10:60", "31/11/2026 10:00", "10:00"])
      expect(parseItalianMoment(text)).toBeNull();
  });

  it("writes ISO days and moments the Italian way, and leaves anything else as typed", () => {
    expect(italianDay("2026-12-31")).toBe("31/12/2026");
    expect(italianDay("31/1")).toBe("31/1");
    expect(italianDay("")).toBe("");
    expect(italianMoment("2026-11-21T09:30")).toBe("21/11/2026 09:30");
    expect(italianMoment("21/11")).toBe("21/11");
  });
});
