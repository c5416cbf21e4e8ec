import type { OrderCreateBody, RefundCreateBody } from "@argine/core/orders/orders-api";
import { ORDERS_ROUTES as CALLS } from "@argine/core/orders/orders-routes";
import { PAYMENTS_ROUTES } from "@argine/core/payments/payments-routes";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "../../shared/http/call.ts";

// The shop's calls of spec §7, as TanStack Query options and plain mutation functions. Keys start with
// "orders", so one invalidation after a purchase refreshes the history, the gift cards and the campaigns.

export const ORDERS_QUERY_KEY = ["orders"] as const;
export const ORDERS_PAGE_SIZE = 10;

export function ordersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "list", page] as const,
    queryFn: ({ signal }) => call(CALLS.list, { query: { page, pageSize: ORDERS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Spec §7: the campaigns are asked with the cart's amount, so the key changes with it. */
export function campaignsQueryOptions(amount: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "campaigns", amount] as const,
    queryFn: ({ signal }) => call(CALLS.campaigns, { query: { amount }, signal }),
  });
}

/** The gift cards issued to the user (the promo one included), to offer at checkout. */
export function assignedGiftCardsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "giftCards", userId] as const,
    queryFn: ({ signal }) => call(CALLS.assignedGiftCards, { params: { id: userId }, signal }),
  });
}

/** The card provider the card step loads (public; it changes only with the server's configuration). */
export function paymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: ["payments", "config"] as const,
    queryFn: ({ signal }) => call(PAYMENTS_ROUTES.config, { auth: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const verifyVoucher = (voucherCode: string) => call(CALLS.verifyVoucher, { body: { voucherCode } });

export const verifyGiftCard = (code: string) => call(CALLS.verifyGiftCard, { body: { code } });

export const requestGiftCard = (promo: string) => call(CALLS.requestGiftCard, { body: { promo } });

/** POST /v1/orders: the paid order, or the card action to do first (spec §4 "Payment flow"). */
export const createOrder = (body: OrderCreateBody) => call(CALLS.create, { body });

/** A practice's paid orders, for staff (the case page's refunds). Under "orders": a refund refreshes it. */
export function practiceOrdersQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "practice", practiceId] as const,
    queryFn: ({ signal }) => call(CALLS.practiceOrders, { params: { id: practiceId }, signal }),
  });
}

/** POST /v1/orders/{id}/refunds (staff): the order as it is after the refund. */
export const refundOrder = (orderId: string, body: RefundCreateBody) =>
  call(CALLS.refund, { params: { id: orderId }, body });

/** POST /v1/orders/{id}/withdrawal (the client): the order with those services refunded. */
export const withdrawFromOrder = (orderId: string, productCodes: OrderCreateBody["items"]) =>
  call(CALLS.withdraw, { params: { id: orderId }, body: { productCodes } });
