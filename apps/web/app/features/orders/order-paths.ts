import { casePath } from "@argine/core/practices/case-path";

// The shop's pages in the per-case area (spec §2): the checkout, then the payment's two outcomes.

export const checkoutPath = (ticketCode: string) => casePath(ticketCode, "add-services");
export const paymentSuccessPath = (ticketCode: string) =>
  casePath(ticketCode, "add-services/payment/success");
export const paymentErrorPath = (ticketCode: string) => casePath(ticketCode, "add-services/payment/error");
