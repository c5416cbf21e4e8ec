import type {
  AdminCampaign,
  AdminCampaignCreate,
  AdminCampaignPatch,
  AdminGiftCard,
  AdminGiftCardCreate,
  AdminGiftCardPatch,
  AdminProduct,
  AdminProductPatch,
  AdminVoucher,
  AdminVoucherCreate,
  AdminVoucherPatch,
} from "@argine/core/catalogue/admin-api";
import { CATALOGUE_ROUTES as CATALOGUE } from "@argine/core/catalogue/catalogue-routes";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { ADMIN_LIST_META, ADMIN_QUERY_KEY } from "../../shared/admin/admin-queries.ts";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { PRODUCTS_QUERY_KEY } from "../products/public.ts";

// The catalogue's admin calls (/v1/admin/products, campaigns, vouchers, gift cards), each write with the
// cache refresh it owns.

export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "products"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.adminProducts, { signal }),
    meta: ADMIN_LIST_META,
  });

export const useUpdateProduct = (
  options?: WriteOptions<AdminProduct, { code: string; body: AdminProductPatch }>,
) =>
  useWrite(
    ({ code, body }) => call(CATALOGUE.changeProduct, { params: { code }, body }),
    {
      onSuccess: (queryClient, updated) => {
        queryClient.setQueryData(adminProductsQueryOptions().queryKey, (list) =>
          list?.map((p) => (p.code === updated.code ? updated : p)),
        );
        // The public catalogue this browser has cached shows the new prices too.
        void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      },
    },
    options,
  );

export const adminCampaignsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "campaigns"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.campaigns, { signal }),
    meta: ADMIN_LIST_META,
  });

const refreshCampaigns = {
  onSuccess: (queryClient: QueryClient) =>
    void queryClient.invalidateQueries({ queryKey: adminCampaignsQueryOptions().queryKey }),
};

export const useCreateCampaign = (options?: WriteOptions<AdminCampaign, AdminCampaignCreate>) =>
  useWrite((body) => call(CATALOGUE.createCampaign, { body }), refreshCampaigns, options);

export const useUpdateCampaign = (
  options?: WriteOptions<AdminCampaign, { id: string; body: AdminCampaignPatch }>,
) =>
  useWrite(
    ({ id, body }) => call(CATALOGUE.changeCampaign, { params: { id }, body }),
    refreshCampaigns,
    options,
  );

export const adminVouchersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "vouchers"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.vouchers, { signal }),
    meta: ADMIN_LIST_META,
  });

const refreshVouchers = {
  onSuccess: (queryClient: QueryClient) =>
    void queryClient.invalidateQueries({ queryKey: adminVouchersQueryOptions().queryKey }),
};

export const useCreateVoucher = (options?: WriteOptions<AdminVoucher, AdminVoucherCreate>) =>
  useWrite((body) => call(CATALOGUE.createVoucher, { body }), refreshVouchers, options);

export const useUpdateVoucher = (
  options?: WriteOptions<AdminVoucher, { id: string; body: AdminVoucherPatch }>,
) =>
  useWrite(
    ({ id, body }) => call(CATALOGUE.changeVoucher, { params: { id }, body }),
    refreshVouchers,
    options,
  );

export const adminGiftCardsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, "gift-cards"] as const,
    queryFn: ({ signal }) => call(CATALOGUE.giftCards, { signal }),
    meta: ADMIN_LIST_META,
  });

const refreshGiftCards = {
  onSuccess: (queryClient: QueryClient) =>
    void queryClient.invalidateQueries({ queryKey: adminGiftCardsQueryOptions().queryKey }),
};

export const useCreateGiftCard = (options?: WriteOptions<AdminGiftCard, AdminGiftCardCreate>) =>
  useWrite((body) => call(CATALOGUE.createGiftCard, { body }), refreshGiftCards, options);

export const useUpdateGiftCard = (
  options?: WriteOptions<AdminGiftCard, { id: string; body: AdminGiftCardPatch }>,
) =>
  useWrite(
    ({ id, body }) => call(CATALOGUE.changeGiftCard, { params: { id }, body }),
    refreshGiftCards,
    options,
  );
