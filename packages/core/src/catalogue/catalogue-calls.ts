import { joinCalls } from "../shared/api-contract.ts";
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
import { CATALOGUE_ROUTES } from "./catalogue-routes.ts";
import { ProductListSchema } from "./product.ts";

// The catalogue calls: the public price list and the admin's, each declared once for the API
// routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  products: { response: ProductListSchema },
  adminProducts: { response: AdminProductListSchema },
  changeProduct: {
    params: AdminProductParamsSchema,
    body: AdminProductPatchSchema,
    response: AdminProductSchema,
  },
  campaigns: { response: AdminCampaignListSchema },
  createCampaign: { body: AdminCampaignCreateSchema, response: AdminCampaignSchema },
  changeCampaign: {
    params: AdminIdParamsSchema,
    body: AdminCampaignPatchSchema,
    response: AdminCampaignSchema,
  },
  vouchers: { response: AdminVoucherListSchema },
  createVoucher: { body: AdminVoucherCreateSchema, response: AdminVoucherSchema },
  changeVoucher: { params: AdminIdParamsSchema, body: AdminVoucherPatchSchema, response: AdminVoucherSchema },
  giftCards: { response: AdminGiftCardListSchema },
  createGiftCard: { body: AdminGiftCardCreateSchema, response: AdminGiftCardSchema },
  changeGiftCard: {
    params: AdminIdParamsSchema,
    body: AdminGiftCardPatchSchema,
    response: AdminGiftCardSchema,
  },
};

export type CatalogueCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of catalogue-routes.ts with its schemas. */
export const CATALOGUE_CALLS = joinCalls(CATALOGUE_ROUTES, SCHEMAS);
