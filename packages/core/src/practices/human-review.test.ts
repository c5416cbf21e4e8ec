import { describe, expect, it } from "vitest";
import { isUrgent } from "./human-review.ts";

describe("isUrgent ('Da esaminare subito')", () => {
  const base = { humanReview: true, assignedLawyerId: null, status: "PENDING" };

  it("holds for a case waiting for a person that no lawyer has taken", () => {
    expect(isUrgent(base)).toBe(true);
  });

  it("ends when a lawyer takes it, or when the case is closed; never without humanReview", () => {
    expect(isUrgent({ ...base, assignedLawyerId: "l1" })).toBe(false);
    expect(isUrgent({ ...base, status: "CLOSED" })).toBe(false);
    expect(isUrgent({ ...base, humanReview: false })).toBe(false);
  });
});
