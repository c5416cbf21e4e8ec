import { describe, expect, it } from "vitest";
import { formatShortDay } from "../../shared/ui/dates.ts";
import { dayToIso, isoToDay, productList } from "./catalogue-format.ts";

describe("calendar days and instants", () => {
  it("takes a start day from its first moment and an end day to its last, and reads them back", () => {
    const start = dayToIso("2027-03-31", "start");
    const end = dayToIso("2027-03-31", "end");
    expect(start && end && Date.parse(end) - Date.parse(start)).toBe(24 * 3600 * 1000 - 1);
    expect(isoToDay(start)).toBe("2027-03-31");
    expect(isoToDay(end)).toBe("2027-03-31");
  });

  it("means no date for an empty or malformed day", () => {
    expect(dayToIso("", "end")).toBeNull();
    expect(dayToIso("31/03/2027", "end")).toBeNull();
    expect(isoToDay(null)).toBe("");
    expect(formatShortDay(null, "Non scade")).toBe("Non scade");
  });

  it("shows days the Italian way", () => {
    expect(formatShortDay(dayToIso("2027-01-05", "end"))).toBe("05/01/2027");
  });
});

describe("productList", () => {
  it("names the products, or all of them when none is listed", () => {
    expect(productList(["DEFENCE", "INJUCTION", "FEEDBACK"])).toBe("Difesa Legale, Diffida, Feedback");
    expect(productList([])).toBe("Tutti i servizi");
  });
});
