import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import { ORDERS_ROUTES as CALLS } from "@argine/core/orders/orders-routes";
import { PAYMENTS_ROUTES } from "@argine/core/payments/payments-routes";
import { SANDBOX_ROUTES } from "@argine/core/payments/sandbox-routes";
import type { CallBody, CallResponse } from "@argine/core/shared/api-contract";
import { keepPreviousData, type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { ME_QUERY_KEY } from "../identity/public.ts";
import { PRACTICES_QUERY_KEY, practiceQueryOptions } from "../practices/public.ts";

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

type GiftCard = CallResponse<typeof CALLS.requestGiftCard>;

/** A promo code's gift card, issued to the user: their gift cards are fetched again. */
export const useRequestGiftCard = (options?: WriteOptions<GiftCard, string>) =>
  useWrite(
    (promo) => call(CALLS.requestGiftCard, { body: { promo } }),
    {
      onSuccess: (queryClient) =>
        queryClient.invalidateQueries({ queryKey: [...ORDERS_QUERY_KEY, "giftCards"] }),
    },
    options,
  );

/** POST /v1/orders: the paid order, or the card action to do first (spec §4 "Payment flow"). */
export const createOrder = (body: OrderCreateBody) => call(CALLS.create, { body });

/** POST /v1/orders/abandon: the attempt given up, what it reserved given back at once (ADR 014). */
export const abandonOrder = (idempotencyKey: string) => call(CALLS.abandon, { body: { idempotencyKey } });

/**
 * After the payment flow (one POST /v1/orders, or more with a card action between): the practice may have
 * moved (TO_PAID, OPEN), the profile has the billing data the order saved, and the orders a new one.
 */
export function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PRACTICES_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  };
}

/** A practice's paid orders, for staff (the case page's refunds). Under "orders": a refund refreshes it. */
export function practiceOrdersQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "practice", practiceId] as const,
    queryFn: ({ signal }) => call(CALLS.practiceOrders, { params: { id: practiceId }, signal }),
  });
}

type RefundedOrder = CallResponse<typeof CALLS.refund>;
export type RefundBody = CallBody<typeof CALLS.refund>;

/**
 * POST /v1/orders/{id}/refunds (staff): the order as it is after the refund. The orders are fetched again,
 * and the practice, whose services the refund cancelled ("annullato").
 */
export const useRefundOrder = (
  practiceId: string,
  options?: WriteOptions<RefundedOrder, { orderId: string; body: RefundBody }>,
) =>
  useWrite(
    ({ orderId, body }) => call(CALLS.refund, { params: { id: orderId }, body }),
    {
      onSuccess: async (queryClient) => {
        await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
        await queryClient.invalidateQueries({ queryKey: practiceQueryOptions(practiceId).queryKey });
      },
    },
    options,
  );

/** POST /v1/orders/{id}/withdrawal (the client): the order with those services refunded. */
export function useWithdrawFromOrder(
  options?: WriteOptions<RefundedOrder, { orderId: string; productCodes: OrderCreateBody["items"] }>,
) {
  // Refused or not, the orders are fetched again: the server's answer is what they are now.
  const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  return useWrite(
    ({ orderId, productCodes }) => call(CALLS.withdraw, { params: { id: orderId }, body: { productCodes } }),
    { onSuccess: refresh, onError: refresh },
    options,
  );
}

/** The sandbox's 3-D Secure challenge (ADR 014): the amount the bank asks to confirm, read once. */
export function cardChallengeQueryOptions(intentId: string, clientSecret: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "cardAction", intentId] as const,
    queryFn: ({ signal }) =>
      call(SANDBOX_ROUTES.challenge, {
        params: { intentId },
        query: { client_secret: clientSecret },
        signal,
      }),
    meta: { hideError: true, hideSpinner: true },
    retry: false,
    gcTime: 0,
  });
}

/**
 * The answer to the challenge: the intent as it now is. Nothing cached changes until the card payment
 * confirms the order, whose write refreshes the orders.
 */
export const useAnswerCardChallenge = (
  intentId: string,
  clientSecret: string,
  options?: WriteOptions<CallResponse<typeof SANDBOX_ROUTES.answerChallenge>, boolean>,
) =>
  useWrite(
    (approve) =>
      call(SANDBOX_ROUTES.answerChallenge, {
        params: { intentId },
        body: { client_secret: clientSecret, approve },
      }),
    {},
    options,
  );
