import { describe, expect, it } from "vitest";
import { PRACTICE_STATUS } from "./practice-status.ts";
import { PracticeStatusSchema, PracticeStatusUpdateBodySchema } from "./practices-api.ts";

describe("practice status", () => {
  it("has the four statuses with the spec's labels", () => {
    expect(PRACTICE_STATUS.values).toEqual(["PENDING", "OPEN", "CLOSED", "TO_PAID"]);
    expect(PRACTICE_STATUS.labels).toEqual({
      PENDING: "in attesa",
      OPEN: "aperto",
      CLOSED: "conclusa",
      TO_PAID: "da pagare",
    });
  });

  it("labels known statuses and passes unknown ones through", () => {
    expect(PRACTICE_STATUS.label("TO_PAID")).toBe("da pagare");
    expect(PRACTICE_STATUS.label("ARCHIVED")).toBe("ARCHIVED");
  });

  it("guards and parses statuses", () => {
    expect(PRACTICE_STATUS.is("OPEN")).toBe(true);
    expect(PRACTICE_STATUS.is("open")).toBe(false);
    expect(PRACTICE_STATUS.is(undefined)).toBe(false);
    expect(PracticeStatusSchema.parse("CLOSED")).toBe("CLOSED");
    expect(PracticeStatusSchema.safeParse("DONE").success).toBe(false);
  });

  it("accepts a known status as a status update body (who may set which: lifecycle.ts)", () => {
    expect(PracticeStatusUpdateBodySchema.parse({ status: "CLOSED" })).toEqual({ status: "CLOSED" });
    expect(PracticeStatusUpdateBodySchema.safeParse({ status: "REOPENED" }).success).toBe(false);
  });
});
