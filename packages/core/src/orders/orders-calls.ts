import { VoucherSchema, VoucherVerifyBodySchema } from "../catalogue/voucher.ts";
import { joinCalls } from "../shared/api-contract.ts";
import {
  ActiveCampaignListSchema,
  CampaignsQuerySchema,
  GiftCardListSchema,
  GiftCardRequestBodySchema,
  GiftCardSchema,
  GiftCardVerifyBodySchema,
  OrderAbandonBodySchema,
  OrderAbandonResponseSchema,
  OrderCreateBodySchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderResponseSchema,
  OrderSchema,
  PracticeOrderListSchema,
  PracticeOrdersParamsSchema,
  RefundCreateBodySchema,
  UserIdParamsSchema,
  WithdrawalBodySchema,
} from "./orders-api.ts";
import { ORDERS_ROUTES } from "./orders-routes.ts";

// The shop's calls (spec §7): campaigns, vouchers and gift cards for the cart, the orders and the checkout,
// each declared once for the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  campaigns: { query: CampaignsQuerySchema, response: ActiveCampaignListSchema },
  verifyVoucher: { body: VoucherVerifyBodySchema, response: VoucherSchema },
  verifyGiftCard: { body: GiftCardVerifyBodySchema, response: GiftCardSchema },
  requestGiftCard: { body: GiftCardRequestBodySchema, response: GiftCardSchema },
  assignedGiftCards: { params: UserIdParamsSchema, response: GiftCardListSchema },
  list: { query: OrderListQuerySchema, response: OrderListSchema },
  create: { body: OrderCreateBodySchema, response: OrderResponseSchema },
  abandon: { body: OrderAbandonBodySchema, response: OrderAbandonResponseSchema },
  refund: { params: OrderIdParamsSchema, body: RefundCreateBodySchema, response: OrderSchema },
  withdraw: { params: OrderIdParamsSchema, body: WithdrawalBodySchema, response: OrderSchema },
  practiceOrders: { params: PracticeOrdersParamsSchema, response: PracticeOrderListSchema },
};

export type OrdersCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of orders-routes.ts with its schemas. */
export const ORDERS_CALLS = joinCalls(ORDERS_ROUTES, SCHEMAS);
