import { describe, expect, it } from "vitest";
import {
  applicableCampaign,
  type Campaign,
  CampaignListSchema,
  CampaignSchema,
  campaignCovers,
  sortCampaigns,
} from "./campaign.ts";

function campaign(id: string, order: number, extra: Partial<Campaign> = {}): Campaign {
  return {
    id,
    code: id,
    name: `Campagna ${id}`,
    sponsor: "Sponsor",
    coveragePercent: 50,
    meta: { order },
    ...extra,
  };
}

describe("CampaignSchema", () => {
  it("parses a campaign and its list", () => {
    const parsed = CampaignSchema.parse(campaign("a", 1, { maxAmount: 100, productCodes: ["DEFENCE"] }));
    expect(parsed.productCodes).toEqual(["DEFENCE"]);
    expect(CampaignListSchema.parse([campaign("a", 1)])).toHaveLength(1);
  });

  it("refuses coverage outside 0–100, negative caps and unknown products", () => {
    expect(CampaignSchema.safeParse(campaign("a", 1, { coveragePercent: 101 })).success).toBe(false);
    expect(CampaignSchema.safeParse(campaign("a", 1, { coveragePercent: -1 })).success).toBe(false);
    expect(CampaignSchema.safeParse(campaign("a", 1, { maxAmount: -1 })).success).toBe(false);
    expect(CampaignSchema.safeParse({ ...campaign("a", 1), productCodes: ["PIZZA"] }).success).toBe(false);
  });
});

describe("sortCampaigns", () => {
  it("sorts by meta.order, stably, without touching the input", () => {
    const input = [campaign("c", 3), campaign("a", 1), campaign("b1", 2), campaign("b2", 2)];
    expect(sortCampaigns(input).map((c) => c.id)).toEqual(["a", "b1", "b2", "c"]);
    expect(input.map((c) => c.id)).toEqual(["c", "a", "b1", "b2"]);
  });
});

describe("campaignCovers", () => {
  it("covers everything when productCodes is absent or empty", () => {
    expect(campaignCovers({}, "ADVICE")).toBe(true);
    expect(campaignCovers({ productCodes: [] }, "ADVICE")).toBe(true);
    expect(campaignCovers({ productCodes: null }, "ADVICE")).toBe(true);
    expect(campaignCovers({ productCodes: ["DEFENCE"] }, "DEFENCE")).toBe(true);
    expect(campaignCovers({ productCodes: ["DEFENCE"] }, "ADVICE")).toBe(false);
  });
});

describe("applicableCampaign", () => {
  const takedownOnly = campaign("t", 1, { productCodes: ["TAKEDOWN"] });
  const all = campaign("all", 2);

  it("picks the first campaign by meta.order that covers a selected product", () => {
    expect(applicableCampaign([all, takedownOnly], ["TAKEDOWN"])?.id).toBe("t");
    expect(applicableCampaign([all, takedownOnly], ["DEFENCE"])?.id).toBe("all");
  });

  it("returns null without campaigns, selection or coverage", () => {
    expect(applicableCampaign(null, ["TAKEDOWN"])).toBeNull();
    expect(applicableCampaign([all], [])).toBeNull();
    expect(applicableCampaign([takedownOnly], ["DEFENCE"])).toBeNull();
  });
});
