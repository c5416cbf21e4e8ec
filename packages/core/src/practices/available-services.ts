import type { ProductCode } from "../orders/product.ts";
import { PACKAGE_SERVICE_TYPES } from "../services/service-type.ts";
import type { PracticeDetail } from "./practices-api.ts";

// Which catalogue products a practice can buy (spec §3 "Practice detail": the four service-active flags, set by
// lawyers). DEFENCE has no flag and is always offered; the PACKAGE only while every service it bundles is;
// FEEDBACK is free and never sold.

type ActiveFlags = Pick<
  PracticeDetail,
  "serviceTakedownActive" | "serviceLegalizationActive" | "serviceInjuctionActive" | "serviceAdviceActive"
>;

export const SERVICE_ACTIVE_FLAG = {
  LEGALIZATION: "serviceLegalizationActive",
  TAKEDOWN: "serviceTakedownActive",
  INJUCTION: "serviceInjuctionActive",
  ADVICE: "serviceAdviceActive",
} as const satisfies Partial<Record<ProductCode, keyof ActiveFlags>>;

const flagOf = (code: string): keyof ActiveFlags | undefined =>
  (SERVICE_ACTIVE_FLAG as Partial<Record<string, keyof ActiveFlags>>)[code];

/** The products a practice can buy now: flagged active, not the free feedback, not already bought. */
export function availableProducts<P extends { code: string }>(
  products: readonly P[],
  practice: ActiveFlags & { services: readonly { serviceType: string }[] },
): P[] {
  const bought = new Set(practice.services.map((s) => s.serviceType));
  return products.filter((product) => {
    if (product.code === "FEEDBACK" || bought.has(product.code)) return false;
    if (product.code === "PACKAGE") {
      return PACKAGE_SERVICE_TYPES.every((type) => {
        const flag = flagOf(type);
        return !bought.has(type) && (!flag || practice[flag]);
      });
    }
    const flag = flagOf(product.code);
    return flag ? practice[flag] : true;
  });
}
