import { describe, expect, it } from "vitest";
import {
  isPracticeStatus,
  PRACTICE_STATUS_LABELS,
  PRACTICE_STATUSES,
  PracticeStatusSchema,
  PracticeStatusUpdateBodySchema,
  practiceStatusLabel,
} from "./practice-status.ts";

describe("practice status", () => {
  it("has the four statuses with the spec's labels", () => {
    expect(PRACTICE_STATUSES).toEqual(["PENDING", "OPEN", "CLOSED", "TO_PAID"]);
    expect(PRACTICE_STATUS_LABELS).toEqual({
      PENDING: "in attesa",
      OPEN: "aperto",
      CLOSED: "conclusa",
      TO_PAID: "da pagare",
    });
  });

  it("labels known statuses and passes unknown ones through", () => {
    expect(practiceStatusLabel("TO_PAID")).toBe("da pagare");
    expect(practiceStatusLabel("ARCHIVED")).toBe("ARCHIVED");
  });

  it("guards and parses statuses", () => {
    expect(isPracticeStatus("OPEN")).toBe(true);
    expect(isPracticeStatus("open")).toBe(false);
    expect(isPracticeStatus(undefined)).toBe(false);
    expect(PracticeStatusSchema.parse("CLOSED")).toBe("CLOSED");
    expect(PracticeStatusSchema.safeParse("DONE").success).toBe(false);
  });

  it("accepts a known status as a status update body (who may set which: lifecycle.ts)", () => {
    expect(PracticeStatusUpdateBodySchema.parse({ status: "CLOSED" })).toEqual({ status: "CLOSED" });
    expect(PracticeStatusUpdateBodySchema.safeParse({ status: "REOPENED" }).success).toBe(false);
  });
});
