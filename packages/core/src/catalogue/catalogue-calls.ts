import type { z } from "zod";
import { defineCall } from "../shared/api-contract.ts";
import {
  AdminCampaignCreateSchema,
  AdminCampaignListSchema,
  AdminCampaignPatchSchema,
  AdminCampaignSchema,
  AdminGiftCardCreateSchema,
  AdminGiftCardListSchema,
  AdminGiftCardPatchSchema,
  AdminGiftCardSchema,
  AdminIdParamsSchema,
  AdminProductListSchema,
  AdminProductParamsSchema,
  AdminProductPatchSchema,
  AdminProductSchema,
  AdminVoucherCreateSchema,
  AdminVoucherListSchema,
  AdminVoucherPatchSchema,
  AdminVoucherSchema,
} from "./admin-api.ts";
import { ProductListSchema } from "./product.ts";

// The catalogue calls: the public price list and the admin's (issue 5), each declared once for the API
// routes and the web (shared/api-contract.ts).

/** Campaigns, vouchers and gift cards: each is listed, created (201; 409 for a taken code) and changed by id. */
function codedEntryCalls<
  const Path extends string,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Patch extends z.ZodType,
>(path: Path, schemas: { list: z.ZodArray<Item>; item: Item; create: Create; patch: Patch }) {
  return {
    list: defineCall({ method: "GET", path, response: schemas.list }),
    create: defineCall({ method: "POST", path, body: schemas.create, response: schemas.item, status: 201 }),
    change: defineCall({
      method: "PATCH",
      path: `${path}/:id`,
      params: AdminIdParamsSchema,
      body: schemas.patch,
      response: schemas.item,
    }),
  };
}

export const CATALOGUE_CALLS = {
  products: defineCall({ method: "GET", path: "/products", response: ProductListSchema }),
  adminProducts: defineCall({ method: "GET", path: "/admin/products", response: AdminProductListSchema }),
  changeProduct: defineCall({
    method: "PATCH",
    path: "/admin/products/:code",
    params: AdminProductParamsSchema,
    body: AdminProductPatchSchema,
    response: AdminProductSchema,
  }),
  campaigns: codedEntryCalls("/admin/campaigns", {
    list: AdminCampaignListSchema,
    item: AdminCampaignSchema,
    create: AdminCampaignCreateSchema,
    patch: AdminCampaignPatchSchema,
  }),
  vouchers: codedEntryCalls("/admin/vouchers", {
    list: AdminVoucherListSchema,
    item: AdminVoucherSchema,
    create: AdminVoucherCreateSchema,
    patch: AdminVoucherPatchSchema,
  }),
  giftCards: codedEntryCalls("/admin/gift-cards", {
    list: AdminGiftCardListSchema,
    item: AdminGiftCardSchema,
    create: AdminGiftCardCreateSchema,
    patch: AdminGiftCardPatchSchema,
  }),
};

/** The three calls of one kind of coded entry. */
export type CodedEntryCalls<
  Item extends z.ZodType,
  Create extends z.ZodType,
  Patch extends z.ZodType,
> = ReturnType<typeof codedEntryCalls<string, Item, Create, Patch>>;
