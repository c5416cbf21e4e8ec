import type {
  AdminCampaignCreate,
  AdminCampaignPatch,
  AdminGiftCardCreate,
  AdminGiftCardPatch,
  AdminProductPatch,
  AdminVoucherCreate,
  AdminVoucherPatch,
} from "@argine/core/catalogue/admin-api";
import { CATALOGUE_ROUTES as CATALOGUE } from "@argine/core/catalogue/catalogue-routes";
import { queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { call } from "../../shared/http/call.ts";

// The catalogue's admin calls (/v1/admin/products, campaigns, vouchers, gift cards).

export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "products"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.adminProducts, { signal }),
    meta: ADMIN_LIST_META,
  });

export const updateProduct = (code: string, body: AdminProductPatch) =>
  call(CATALOGUE.changeProduct, { params: { code }, body });

export const adminCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "campaigns"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.campaigns, { signal }),
    meta: ADMIN_LIST_META,
  });

export const createCampaign = (body: AdminCampaignCreate) => call(CATALOGUE.createCampaign, { body });
export const updateCampaign = (id: string, body: AdminCampaignPatch) =>
  call(CATALOGUE.changeCampaign, { params: { id }, body });

export const adminVouchersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "vouchers"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.vouchers, { signal }),
    meta: ADMIN_LIST_META,
  });

export const createVoucher = (body: AdminVoucherCreate) => call(CATALOGUE.createVoucher, { body });
export const updateVoucher = (id: string, body: AdminVoucherPatch) =>
  call(CATALOGUE.changeVoucher, { params: { id }, body });

export const adminGiftCardsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "gift-cards"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.giftCards, { signal }),
    meta: ADMIN_LIST_META,
  });

export const createGiftCard = (body: AdminGiftCardCreate) => call(CATALOGUE.createGiftCard, { body });
export const updateGiftCard = (id: string, body: AdminGiftCardPatch) =>
  call(CATALOGUE.changeGiftCard, { params: { id }, body });
