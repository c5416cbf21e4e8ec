import { defineRoutes } from "../shared/api-contract.ts";
import type { CatalogueCallSchemas } from "./catalogue-calls.ts";

// Method, path and success status of each call; its schemas are in catalogue-calls.ts (shared/api-contract.ts).

export const CATALOGUE_ROUTES = defineRoutes<CatalogueCallSchemas>()({
  products: { method: "GET", path: "/products" },
  adminProducts: { method: "GET", path: "/admin/products" },
  changeProduct: { method: "PATCH", path: "/admin/products/:code" },
  campaigns: { method: "GET", path: "/admin/campaigns" },
  createCampaign: { method: "POST", path: "/admin/campaigns", status: 201 },
  changeCampaign: { method: "PATCH", path: "/admin/campaigns/:id" },
  vouchers: { method: "GET", path: "/admin/vouchers" },
  createVoucher: { method: "POST", path: "/admin/vouchers", status: 201 },
  changeVoucher: { method: "PATCH", path: "/admin/vouchers/:id" },
  giftCards: { method: "GET", path: "/admin/gift-cards" },
  createGiftCard: { method: "POST", path: "/admin/gift-cards", status: 201 },
  changeGiftCard: { method: "PATCH", path: "/admin/gift-cards/:id" },
});
