import { z } from "zod";
import { BillingDataSchema } from "../billing/billing-data.ts";
import { CampaignListSchema } from "../catalogue/campaign.ts";
import { PRODUCT_CODES } from "../catalogue/product.ts";
import { VoucherCodeSchema } from "../catalogue/voucher.ts";
import { PRACTICE_STATUS } from "../practices/practice-status.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { MESSAGES } from "../shared/messages.ts";
import { PagingQuerySchema } from "../shared/paging.ts";
import { SalesConditionsAcceptanceSchema, SelectedItemsSchema, WithdrawalWaiverSchema } from "./checkout.ts";
import { STAFF_REFUND_REASONS } from "./refunds.ts";

// The shop's calls (spec §3 "Order", "Order create payload", "Order response", "Voucher / gift card"; §7).
// Amounts are euros with two decimals, VAT included, as the products are served; the server keeps cents and
// recomputes every amount from its own prices (ADR 014): nothing priced by the browser is read.

/**
 * An order's life: created waiting for its payment, then paid, failed (the card was refused) or abandoned;
 * a paid order may then be refunded in part (some of its lines) or whole (ADR 017).
 */
export const ORDER_STATUS = labelledEnum({
  AWAITING_PAYMENT: "in attesa di pagamento",
  PAID: "pagato",
  FAILED: "pagamento non riuscito",
  ABANDONED: "abbandonato",
  PARTIALLY_REFUNDED: "rimborsato in parte",
  REFUNDED: "rimborsato",
});
export type OrderStatus = EnumValue<typeof ORDER_STATUS>;

/** How the rest after the discounts was paid (spec §2 "Payment type selection"). */
export const PAYMENT_TYPE = labelledEnum({
  STRIPE: "Carta di credito",
  GIFT_CARD: "Gift card",
  CAMPAIGN: "Campagna sponsorizzata",
});
export type PaymentType = EnumValue<typeof PAYMENT_TYPE>;

const Euro = z.number().nonnegative();

/**
 * `payment.code` is a JSON text (spec §3): `{"payment_method_id":"pm_…"}` when the card is first sent,
 * `{"payment_intent_id":"pi_…"}` after the card action (3-D Secure) to confirm it.
 */
export const PaymentCodeSchema = z.union([
  z.object({ payment_method_id: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/) }),
  z.object({ payment_intent_id: z.string().regex(/^pi_[A-Za-z0-9_]{1,200}$/) }),
]);
export type PaymentCode = z.infer<typeof PaymentCodeSchema>;

/**
 * A gift card's or a promo's code as typed. Every stored code is uppercase (the admin's are uppercased,
 * issued ones are): one typed in lowercase is the same card, not a wrong code counted against the limit.
 */
const GiftCardCodeSchema = z.string().trim().toUpperCase().min(1).max(64);

export const OrderCreateBodySchema = z.object({
  practiceId: z.uuid({ error: MESSAGES.invalidId }),
  items: SelectedItemsSchema,
  invoice: BillingDataSchema,
  salesConditionsAccepted: SalesConditionsAcceptanceSchema,
  /** Stored as orders.withdrawal_waiver_at (ADR 017). */
  withdrawalWaiverAccepted: WithdrawalWaiverSchema,
  voucherCode: VoucherCodeSchema.optional(),
  giftCardCode: GiftCardCodeSchema.optional(),
  /** One per checkout attempt, made by the browser: the same key never makes a second order or charge. */
  idempotencyKey: z.uuid({ error: MESSAGES.invalidId }),
  payment: z.object({ type: z.literal("STRIPE"), code: z.string().max(400) }).optional(),
});
export type OrderCreateBody = z.infer<typeof OrderCreateBodySchema>;

export const OrderLineSchema = z.object({
  productCode: z.enum(PRODUCT_CODES),
  name: z.string(),
  /** List price, the catalogue's discounted price, each discount, and what was paid for the line. */
  price: Euro,
  discountedPrice: Euro,
  campaignDiscount: Euro,
  voucherDiscount: Euro,
  finalPrice: Euro,
  vatRate: z.number().nonnegative(),
  /** Its money was given back (a refund or the client's withdrawal, ADR 017). */
  refunded: z.boolean(),
  /**
   * A refund of it the provider has not confirmed yet (it failed or did not answer): staff retry it with this
   * id as the idempotency key, so it is never refunded twice.
   */
  pendingRefundId: z.uuid().nullable(),
  /**
   * The client may withdraw from it now (core `lineWithdrawable`: within 14 days, not refunded, its
   * services not begun): what "Esercita il recesso" offers.
   */
  withdrawable: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderSchema = z.object({
  id: z.uuid(),
  practiceId: z.uuid(),
  ticketCode: z.string(),
  practiceStatus: z.enum(PRACTICE_STATUS.values),
  status: z.enum(ORDER_STATUS.values),
  paymentType: z.enum(PAYMENT_TYPE.values),
  lines: z.array(OrderLineSchema),
  /** Sum of the list prices (spec §3 "totals"). */
  total: Euro,
  /** total − amount: the catalogue's discounts, the campaign and the voucher (spec §3 "discount"). */
  discount: Euro,
  campaignDiscount: Euro,
  voucherDiscount: Euro,
  /** What the client pays; giftCardAmount + cardAmount = amount. */
  amount: Euro,
  giftCardAmount: Euro,
  cardAmount: Euro,
  createdAt: z.iso.datetime({ offset: true }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  /** The card's Italian error message when the payment failed. */
  error: z.string().nullable(),
  /** The documents' download links (public by their token for a year): none for an order of 0 €. */
  invoiceUrl: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  /** A credit note per refund (ADR 016), oldest first. */
  creditNotes: z.array(z.object({ number: z.string(), url: z.string() })),
  /** Until when the client may withdraw from its lines marked withdrawable; null when none is. */
  withdrawableUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** Spec §3 "Order response": the order once paid, or the card action the browser must do first. */
export const OrderResponseSchema = z.object({
  order: OrderSchema.nullable(),
  requires_action: z.boolean(),
  payment_intent_client_secret: z.string().nullable(),
});
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/**
 * POST /v1/orders/abandon: the client gives up a checkout attempt still waiting for its card (the card action
 * failed or was closed, the checkout left), so what it reserved goes back at once (ADR 014).
 */
export const OrderAbandonBodySchema = z.object({
  idempotencyKey: z.uuid({ error: MESSAGES.invalidId }),
});
export type OrderAbandonBody = z.infer<typeof OrderAbandonBodySchema>;

/**
 * The attempt as it now is: abandoned (or failed, when the card was refused first), still waiting when the
 * provider cannot stop it yet (processing), or paid when the card went through before it could be stopped,
 * then with the paid order.
 */
export const OrderAbandonResponseSchema = z.object({
  status: z.enum(ORDER_STATUS.values),
  order: OrderSchema.nullable(),
});
export type OrderAbandonResponse = z.infer<typeof OrderAbandonResponseSchema>;

export const OrderListQuerySchema = PagingQuerySchema;
export const OrderListSchema = z.object({
  total: z.number().int().nonnegative(),
  data: z.array(OrderSchema),
});
export type OrderList = z.infer<typeof OrderListSchema>;

/** GET /v1/campaigns?amount=: the campaigns that apply to a cart of that amount, by meta.order. */
export const CampaignsQuerySchema = z.object({ amount: z.coerce.number().nonnegative().max(100_000) });
export const ActiveCampaignListSchema = CampaignListSchema;

/** POST /v1/giftcard/verify, POST /v1/giftcard/request. */
export const GiftCardVerifyBodySchema = z.object({ code: GiftCardCodeSchema });
export const GiftCardRequestBodySchema = z.object({ promo: GiftCardCodeSchema });

/** A gift card as its holder sees it: what is left, what it pays for, until when (spec §9 "Promo gift card"). */
export const GiftCardSchema = z.object({
  code: z.string(),
  amount: Euro,
  balance: Euro,
  /** The products it pays for; empty means any. */
  productCodes: z.array(z.enum(PRODUCT_CODES)),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type GiftCard = z.infer<typeof GiftCardSchema>;
export const GiftCardListSchema = z.array(GiftCardSchema);

/** The user id of GET /v1/giftcard/user/assigned/{id}. */
export const UserIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidId }) });

// ─── Refunds and withdrawal (ADR 017) ──────────────────────────────────────────────────────────────────

/** An order's id in the path (the same shape as a user's). */
export const OrderIdParamsSchema = UserIdParamsSchema;

/** POST /v1/orders/{id}/refunds: staff give back some lines (or all), with a reason. */
export const RefundCreateBodySchema = z.object({
  productCodes: SelectedItemsSchema,
  reason: z.enum(STAFF_REFUND_REASONS, { error: MESSAGES.badRequest }),
  note: z.string().trim().max(1000).optional(),
  /** One per refund decided: the refund's id, so a retry never refunds twice. */
  idempotencyKey: z.uuid({ error: MESSAGES.invalidId }),
});
export type RefundCreateBody = z.infer<typeof RefundCreateBodySchema>;

/** POST /v1/orders/{id}/withdrawal: the client withdraws from these services. */
export const WithdrawalBodySchema = z.object({ productCodes: SelectedItemsSchema });
export type WithdrawalBody = z.infer<typeof WithdrawalBodySchema>;

/** GET /v1/practices/{id}/orders: a practice's paid orders, for staff. */
export const PracticeOrdersParamsSchema = UserIdParamsSchema;
export const PracticeOrderListSchema = z.array(OrderSchema);
