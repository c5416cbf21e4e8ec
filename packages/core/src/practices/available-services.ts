import type { ProductCode } from "../catalogue/product.ts";
import { PACKAGE_SERVICE_TYPES } from "../services/service-type.ts";
import type { PracticeDetail } from "./practices-api.ts";

// Which catalogue products a practice can buy (spec §3 "Practice detail": the four service-active flags, set by
// lawyers). DEFENCE and COMPENSATION (ADR 019) have no flag and are always offered; the PACKAGE only while
// every service it bundles is; FEEDBACK is free and never sold. Two rules stand above the flags: a closed
// case offers nothing, and a case with a minor's sexual images never offers a forensic capture or a
// takedown, whoever asks.

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

/**
 * Never for a minor's sexual images: a forensic copy would mean making and holding them (art. 600-quater
 * c.p.), and their removal goes through the Polizia Postale, the Garante and Take It Down instead.
 */
export const NEVER_FOR_MINOR_SEXUAL_CONTENT = ["LEGALIZATION", "TAKEDOWN"] as const;

/**
 * A practice the engine sent to a person starts with no self-service capture or takedown: staff switch the
 * takedown on after their review (for an adult), with the same flags they already set.
 */
export function initialServiceFlags(humanReview: boolean): ActiveFlags {
  return {
    serviceTakedownActive: !humanReview,
    serviceLegalizationActive: !humanReview,
    serviceInjuctionActive: true,
    serviceAdviceActive: true,
  };
}

/** The flags a change would switch on that the practice may never have; empty when the change is allowed. */
export function forbiddenServiceFlags(
  flags: ActiveFlags,
  practice: { minorSexualContent: boolean },
): (keyof ActiveFlags)[] {
  if (!practice.minorSexualContent) return [];
  return NEVER_FOR_MINOR_SEXUAL_CONTENT.map((code) => SERVICE_ACTIVE_FLAG[code]).filter(
    (flag) => flags[flag],
  );
}

export const FORBIDDEN_FOR_MINOR_MESSAGE =
  "Per una persona minorenne con immagini sessuali non si offrono l'acquisizione forense né il takedown: indirizza alla Polizia Postale, al Garante e a Take It Down.";

/** The products a practice can buy now: flagged active, not the free feedback, not already bought. */
export function availableProducts<P extends { code: string }>(
  products: readonly P[],
  practice: ActiveFlags & {
    status: string;
    minorSexualContent: boolean;
    services: readonly { serviceType: string }[];
  },
): P[] {
  if (practice.status === "CLOSED") return [];
  const never = new Set<string>(practice.minorSexualContent ? NEVER_FOR_MINOR_SEXUAL_CONTENT : []);
  const bought = new Set(practice.services.map((s) => s.serviceType));
  const offered = (type: string) => {
    const flag = flagOf(type);
    return !never.has(type) && !bought.has(type) && (!flag || practice[flag]);
  };
  return products.filter((product) => {
    if (product.code === "FEEDBACK" || bought.has(product.code)) return false;
    if (product.code === "PACKAGE") return PACKAGE_SERVICE_TYPES.every(offered);
    return offered(product.code);
  });
}
