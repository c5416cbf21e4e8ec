import { describe, expect, it } from "vitest";
import { isProductCode, PRODUCT_CODES } from "./product.ts";

describe("product codes", () => {
  it("tells the catalogue's codes from any other value", () => {
    for (const code of PRODUCT_CODES) expect(isProductCode(code)).toBe(true);
    for (const other of ["TEST", "feedback", "", null, 1]) expect(isProductCode(other)).toBe(false);
  });
});
