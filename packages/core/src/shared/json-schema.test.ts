import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BillingDataSchema } from "../billing/billing-data.ts";
import { CampaignListSchema } from "../catalogue/campaign.ts";
import { VoucherSchema, VoucherVerifyBodySchema } from "../catalogue/voucher.ts";
import { PasswordChangeBodySchema, ProfileUpdateBodySchema } from "../identity/profile.ts";
import { CheckoutSchema } from "../orders/checkout.ts";
import { PracticeStatusUpdateBodySchema } from "../practices/practices-api.ts";
import { TakedownUrlsBodySchema } from "../services/takedown.ts";
import { UploadMetaSchema } from "../uploads/upload-rules.ts";

// API routes declare these schemas and publish them in the OpenAPI document (docs/architecture.md, "A
// request"): each must convert to JSON Schema on both sides, which rules out transforms in API bodies.
const API_SCHEMAS = {
  PasswordChangeBodySchema,
  ProfileUpdateBodySchema,
  BillingDataSchema,
  CampaignListSchema,
  CheckoutSchema,
  VoucherSchema,
  VoucherVerifyBodySchema,
  PracticeStatusUpdateBodySchema,
  TakedownUrlsBodySchema,
  UploadMetaSchema,
};

describe("API schemas", () => {
  it.each(Object.entries(API_SCHEMAS))("%s converts to JSON Schema for input and output", (_, schema) => {
    for (const io of ["input", "output"] as const) {
      expect(z.toJSONSchema(schema, { io }).type).toBeDefined();
    }
  });

  it("publishes the normalised enums of billing data", () => {
    const output = z.toJSONSchema(BillingDataSchema, { io: "output" });
    const country = output.properties?.country;
    expect(typeof country === "object" ? country.enum : undefined).toContain("IT");
  });
});
