import { z } from "zod";
import { PRODUCT_CODES } from "./product.ts";

// Sponsored campaigns: a sponsor covers part of the price of some services (spec §1, §3 "Cart").

export const CampaignSchema = z.object({
  id: z.string().min(1),
  code: z.string().min(1),
  name: z.string(),
  sponsor: z.string(),
  /** Percent of each covered product's discounted price the sponsor pays. */
  coveragePercent: z.number().min(0).max(100),
  /** Cap in euros on the sponsor's total contribution to one order. */
  maxAmount: z.number().nonnegative().nullish(),
  /** The products covered; absent or empty means every product. */
  productCodes: z.array(z.enum(PRODUCT_CODES)).nullish(),
  meta: z.object({ order: z.number().int() }),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignListSchema = z.array(CampaignSchema);

/** Campaigns by meta.order (stable: equal orders keep their incoming order). */
export function sortCampaigns<C extends Pick<Campaign, "meta">>(campaigns: readonly C[]): C[] {
  return [...campaigns].sort((a, b) => a.meta.order - b.meta.order);
}

export function campaignCovers(campaign: Pick<Campaign, "productCodes">, productCode: string): boolean {
  const codes = campaign.productCodes;
  return !codes || codes.length === 0 || (codes as readonly string[]).includes(productCode);
}

/** The first campaign, by meta.order, that covers at least one of the selected products; null if none. */
export function applicableCampaign<C extends Pick<Campaign, "meta" | "productCodes">>(
  campaigns: readonly C[] | null | undefined,
  selectedCodes: readonly string[],
): C | null {
  if (!campaigns || selectedCodes.length === 0) return null;
  return sortCampaigns(campaigns).find((c) => selectedCodes.some((code) => campaignCovers(c, code))) ?? null;
}
