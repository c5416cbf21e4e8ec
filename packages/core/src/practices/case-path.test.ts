import { describe, expect, it } from "vitest";
import { CASE_BASE, casePath, ticketCodeOf } from "./case-path.ts";

describe("per-case paths", () => {
  it("put the ticket code in the fourth path segment", () => {
    expect(casePath("AR-7K2M9QX4")).toBe("/dashboard/practices/case/AR-7K2M9QX4");
    expect(casePath("AR-7K2M9QX4").split("/").filter(Boolean)[3]).toBe("AR-7K2M9QX4");
    expect(casePath("AR-1", "service/takedown/success")).toBe(
      "/dashboard/practices/case/AR-1/service/takedown/success",
    );
  });

  it("read the ticket code back from the case page and its sub-paths only", () => {
    expect(ticketCodeOf(`${CASE_BASE}/AR-1`)).toBe("AR-1");
    expect(ticketCodeOf(`${CASE_BASE}/AR-1/add-services/payment/error`)).toBe("AR-1");
    expect(ticketCodeOf("/dashboard/practices")).toBeNull();
    expect(ticketCodeOf(`${CASE_BASE}/`)).toBeNull();
  });
});
