import { defineRoutes } from "../shared/api-contract.ts";
import type { OrdersCallSchemas } from "./orders-calls.ts";

// Method, path and success status of each call; its schemas are in orders-calls.ts (shared/api-contract.ts).

export const ORDERS_ROUTES = defineRoutes<OrdersCallSchemas>()({
  campaigns: { method: "GET", path: "/campaigns" },
  verifyVoucher: { method: "POST", path: "/voucher/verify" },
  verifyGiftCard: { method: "POST", path: "/giftcard/verify" },
  requestGiftCard: { method: "POST", path: "/giftcard/request", status: 201 },
  assignedGiftCards: { method: "GET", path: "/giftcard/user/assigned/:id" },
  list: { method: "GET", path: "/orders" },
  /** The paid order, or the card action the browser must do first and then send again (spec §4). */
  create: { method: "POST", path: "/orders" },
  /** The client gives up an attempt still waiting for its card: what it reserved goes back (ADR 014). */
  abandon: { method: "POST", path: "/orders/abandon" },
  /** Staff give back some lines of a paid order, or all (ADR 017). */
  refund: { method: "POST", path: "/orders/:id/refunds", status: 201 },
  /** The client withdraws from services not begun, within 14 days of the payment. */
  withdraw: { method: "POST", path: "/orders/:id/withdrawal", status: 201 },
  /** A practice's paid orders and their lines, for staff (the lawyer's case page). */
  practiceOrders: { method: "GET", path: "/practices/:id/orders" },
});
