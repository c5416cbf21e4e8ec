import { describe, expect, it } from "vitest";
import { PSYCHOLOGICAL_SUPPORT, SHITSTORM } from "./practice-flags.ts";

describe("practice flags", () => {
  it("has the shitstorm values YES/NOT/UNKNOWN with labels", () => {
    expect(SHITSTORM.values).toEqual(["YES", "NOT", "UNKNOWN"]);
    expect(SHITSTORM.labels).toEqual({ YES: "Sì", NOT: "No", UNKNOWN: "Non so" });
    expect(SHITSTORM.is("NO")).toBe(false);
  });

  it("has the psychological support values with labels", () => {
    expect(PSYCHOLOGICAL_SUPPORT.values).toEqual(["NEEDED", "NOT_NEEDED", "UNKNOWN"]);
    expect(PSYCHOLOGICAL_SUPPORT.labels.NOT_NEEDED).toBe("Non necessario");
    expect(PSYCHOLOGICAL_SUPPORT.is("NEEDED")).toBe(true);
  });
});
