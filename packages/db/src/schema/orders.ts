import type { ProductCode } from "@argine/core/catalogue/product";
import type { OrderStatus, PaymentType } from "@argine/core/orders/orders-api";
import type { RefundReason } from "@argine/core/orders/refunds";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { campaigns, giftCards, vouchers } from "./catalogue.ts";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { practices } from "./practices.ts";

// The shop (ADR 014): an order per checkout attempt with its lines as a snapshot of what was sold and at
// which price, the card payment behind it, and the provider's events already handled.

export const orders = pgTable(
  "orders",
  {
    id: id(),
    // Null once the account is erased (ADR 037): an order with money documents is kept for the ten years the
    // law asks, without its person and its practice; one without is deleted with the account.
    userId: uuid("user_id").references(() => users.id),
    practiceId: uuid("practice_id").references(() => practices.id),
    /** The browser's key for one checkout attempt: the same key never makes a second order (or charge). */
    idempotencyKey: uuid("idempotency_key").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("AWAITING_PAYMENT"),
    paymentType: text("payment_type").$type<PaymentType>().notNull(),
    /** List prices; the catalogue's discounts, campaign and voucher together; each of the last two alone. */
    totalCents: integer("total_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    campaignCents: integer("campaign_cents").notNull().default(0),
    voucherCents: integer("voucher_cents").notNull().default(0),
    /** What the client pays: the gift card's share plus the card's. */
    amountCents: integer("amount_cents").notNull(),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    cardCents: integer("card_cents").notNull().default(0),
    campaignId: uuid("campaign_id").references(() => campaigns.id),
    voucherId: uuid("voucher_id").references(() => vouchers.id),
    giftCardId: uuid("gift_card_id").references(() => giftCards.id),
    /** The billing data as sent with the order (core BillingData). */
    invoice: jsonb("invoice").notNull(),
    /** The provider's card error code when the payment failed (core CARD_ERROR_MESSAGES). */
    errorCode: text("error_code"),
    /**
     * When the client asked for the services to start at once and acknowledged that the right of withdrawal
     * is lost once they are fully performed (Codice del consumo art. 59(1)(a)); null for older orders.
     */
    withdrawalWaiverAt: timestamptz("withdrawal_waiver_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamptz("paid_at"),
  },
  (t) => [
    uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    // GET /v1/orders: a user's orders, newest first.
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    // The abandonment and reconciliation jobs: orders still waiting, oldest first.
    index("orders_awaiting_idx").on(t.createdAt).where(sql`${t.status} = 'AWAITING_PAYMENT'`),
    index("orders_practice_idx").on(t.practiceId),
    // The accountant's view: the orders of a period, every user's.
    index("orders_created_idx").on(t.createdAt),
    check(
      "orders_amounts_check",
      sql`${t.totalCents} >= 0 and ${t.discountCents} >= 0 and ${t.amountCents} = ${t.totalCents} - ${t.discountCents}
        and ${t.giftCardCents} >= 0 and ${t.cardCents} >= 0 and ${t.giftCardCents} + ${t.cardCents} = ${t.amountCents}`,
    ),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productCode: text("product_code").$type<ProductCode>().notNull(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    discountedPriceCents: integer("discounted_price_cents").notNull(),
    campaignCents: integer("campaign_cents").notNull(),
    voucherCents: integer("voucher_cents").notNull(),
    finalPriceCents: integer("final_price_cents").notNull(),
    /** VAT rate in percent, included in the prices. */
    vatRate: integer("vat_rate").notNull(),
    /** Display order (the products' meta.order at the time). */
    position: integer("position").notNull(),
    /** The refund that gave this line's money back; set once (`where refund_id is null`), never twice. */
    refundId: uuid("refund_id").references(() => refunds.id),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productCode] })],
);

/**
 * Money given back on a paid order (ADR 017): by staff (the whole order or some of its lines), after the
 * client's withdrawal, or for a service a human review blocked. The lines it covers point at it
 * (order_lines.refund_id); the card's share goes back through the provider, the gift card's to its balance.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** Why (core orders: the refund reasons). */
    reason: text("reason").$type<RefundReason>().notNull(),
    note: text("note"),
    /** What goes back: the card's share and the gift card's, together the lines' final prices. */
    amountCents: integer("amount_cents").notNull(),
    cardCents: integer("card_cents").notNull().default(0),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    /** PENDING until the provider answers, then SUCCEEDED or FAILED. */
    status: text("status").notNull().default("PENDING"),
    providerRefundId: text("provider_refund_id"),
    /** Who asked: a staff member, or the client withdrawing. */
    requestedBy: uuid("requested_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    // The accountant's view: refunds of a period.
    index("refunds_created_idx").on(t.createdAt),
    check(
      "refunds_amounts_check",
      sql`${t.cardCents} >= 0 and ${t.giftCardCents} >= 0 and ${t.cardCents} + ${t.giftCardCents} = ${t.amountCents}`,
    ),
  ],
);

/** A card payment of an order at the provider (a PaymentIntent): one per order. */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "sandbox" or "stripe". */
    provider: text("provider").notNull(),
    intentId: text("intent_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The provider's intent status as last seen. */
    status: text("status").notNull(),
    errorCode: text("error_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_order_key").on(t.orderId),
    uniqueIndex("payments_provider_intent_key").on(t.provider, t.intentId),
  ],
);

/** The provider's webhook events already handled: a redelivered event is answered and ignored. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
