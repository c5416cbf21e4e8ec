import { z } from "zod";
import { ORDER_STATUS, PAYMENT_TYPE } from "../orders/orders-api.ts";
import { isIsoDate } from "../shared/calendar.ts";
import { filterChoice } from "../shared/fields.ts";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { MESSAGES } from "../shared/messages.ts";
import { PagingQuerySchema } from "../shared/paging.ts";

// The accountant's view (admins only): the orders with their payments, the invoices and credit notes
// of a period, and the period's export as CSV and as a ZIP of FatturaPA files. A period is two calendar days
// of Italy (Europe/Rome), both included, at most a year apart.

export const ACCOUNTS_DOCUMENT_KIND = labelledEnum({
  INVOICE: "Fattura",
  CREDIT_NOTE: "Nota di credito",
});
export type AccountsDocumentKind = EnumValue<typeof ACCOUNTS_DOCUMENT_KIND>;

/** The longest period one request lists or exports. */
export const MAX_PERIOD_DAYS = 366;

const Day = z.string().refine(isIsoDate, { error: MESSAGES.invalidDate });
const PERIOD = { from: Day, to: Day };

function checkPeriod(period: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: "custom", path: ["to"], message: MESSAGES.periodReversed });
  else if (days >= MAX_PERIOD_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: MESSAGES.periodTooLong });
}

export const AccountsPeriodQuerySchema = z.object(PERIOD).superRefine(checkPeriod);
export type AccountsPeriod = z.infer<typeof AccountsPeriodQuerySchema>;

export const AccountsDocumentsQuerySchema = z
  .object({ ...PERIOD, kind: z.enum(ACCOUNTS_DOCUMENT_KIND.values).optional() })
  .superRefine(checkPeriod);
export type AccountsDocumentsQuery = z.infer<typeof AccountsDocumentsQuerySchema>;

const Euro = z.number();

/** An invoice or a credit note as the accountant reads it. */
export const AccountsDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ACCOUNTS_DOCUMENT_KIND.values),
  number: z.string(),
  issuedAt: z.iso.datetime({ offset: true }),
  customerName: z.string(),
  taxCode: z.string(),
  taxable: Euro,
  vat: Euro,
  total: Euro,
  cardAmount: Euro,
  giftCardAmount: Euro,
  /** A credit note's invoice. */
  invoiceNumber: z.string().nullable(),
  orderId: z.uuid(),
  ticketCode: z.string(),
});
export type AccountsDocument = z.infer<typeof AccountsDocumentSchema>;
export const AccountsDocumentListSchema = z.array(AccountsDocumentSchema);

export const AccountsOrdersQuerySchema = PagingQuerySchema.extend({
  ...PERIOD,
  status: z.enum(ORDER_STATUS.values).optional(),
  paymentType: z.enum(PAYMENT_TYPE.values).optional(),
}).superRefine(checkPeriod);
export type AccountsOrdersQuery = z.infer<typeof AccountsOrdersQuerySchema>;

/** The orders' filters of the accountant's view, as their selects fill them. */
export const AccountsOrdersFilterSchema = z.object({
  status: filterChoice(z.enum(ORDER_STATUS.values)),
  paymentType: filterChoice(z.enum(PAYMENT_TYPE.values)),
});
/** What the selects hold. */
export type AccountsOrdersFilterForm = z.input<typeof AccountsOrdersFilterSchema>;
export type AccountsOrdersFilter = z.output<typeof AccountsOrdersFilterSchema>;

/** An order of the period (by when it was created) with its card payment and what went back. */
export const AccountsOrderSchema = z.object({
  id: z.uuid(),
  ticketCode: z.string(),
  customerEmail: z.string(),
  status: z.enum(ORDER_STATUS.values),
  paymentType: z.enum(PAYMENT_TYPE.values),
  createdAt: z.iso.datetime({ offset: true }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  amount: Euro,
  cardAmount: Euro,
  giftCardAmount: Euro,
  campaignDiscount: Euro,
  refunded: Euro,
  /** The card payment at the provider, if there was one. */
  payment: z
    .object({
      provider: z.string(),
      intentId: z.string(),
      status: z.string(),
      errorCode: z.string().nullable(),
    })
    .nullable(),
  invoiceNumber: z.string().nullable(),
});
export type AccountsOrder = z.infer<typeof AccountsOrderSchema>;
export const AccountsOrderListSchema = z.object({
  total: z.number().int().nonnegative(),
  data: z.array(AccountsOrderSchema),
});

/** The export's file name, the same from the API and in the browser that saves it. */
export function accountsExportFileName(format: "csv" | "zip", period: AccountsPeriod): string {
  const what = format === "csv" ? "contabilita" : "fatturapa";
  return `argine-${what}-${period.from}_${period.to}.${format}`;
}
