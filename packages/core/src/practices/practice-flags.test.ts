import { describe, expect, it } from "vitest";
import {
  PSYCHOLOGICAL_SUPPORT_LABELS,
  PSYCHOLOGICAL_SUPPORT_VALUES,
  PsychologicalSupportSchema,
  SHITSTORM_LABELS,
  SHITSTORM_VALUES,
  ShitstormSchema,
} from "./practice-flags.ts";

describe("practice flags", () => {
  it("has the shitstorm values YES/NOT/UNKNOWN with labels", () => {
    expect(SHITSTORM_VALUES).toEqual(["YES", "NOT", "UNKNOWN"]);
    expect(SHITSTORM_LABELS).toEqual({ YES: "Sì", NOT: "No", UNKNOWN: "Non so" });
    expect(ShitstormSchema.safeParse("NO").success).toBe(false);
  });

  it("has the psychological support values with labels", () => {
    expect(PSYCHOLOGICAL_SUPPORT_VALUES).toEqual(["NEEDED", "NOT_NEEDED", "UNKNOWN"]);
    expect(PSYCHOLOGICAL_SUPPORT_LABELS.NOT_NEEDED).toBe("Non necessario");
    expect(PsychologicalSupportSchema.parse("NEEDED")).toBe("NEEDED");
  });
});
