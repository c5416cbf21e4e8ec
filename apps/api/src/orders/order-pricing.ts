import type { Campaign } from "@argine/core/catalogue/campaign";
import { AppError } from "@argine/core/errors/app-error";
import { computeCart, prepareProducts } from "@argine/core/orders/cart";
import type { OrderCreateBody } from "@argine/core/orders/orders-api";
import { type PaymentSplit, splitPayment } from "@argine/core/orders/payment-split";
import { availableProducts } from "@argine/core/practices/available-services";
import { involvesMinorSexualContent } from "@argine/core/practices/human-review-reason";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import type { Db } from "@argine/db/client";
import {
  type CampaignRow,
  findSpendableGiftCard,
  findUsableVoucher,
  listActiveProducts,
  listLiveCampaigns,
  takeCampaignBudget,
  takeGiftCardBalance,
  takeVoucherUse,
} from "@argine/db/queries/catalogue";
import type { NewOrder, NewOrderLine } from "@argine/db/queries/orders";
import type { PracticeRow } from "@argine/db/queries/practices";
import { listPracticeServices } from "@argine/db/queries/services";
import { publicProduct } from "../catalogue/catalogue-service.ts";
import { wrongCode } from "./wrong-codes.ts";

// The server prices every checkout (ADR 014): its own products, the practice's advice price, the campaign
// that applies (with budget left), the voucher and the gift card, through core's cart maths. Nothing priced
// by the browser is read. What the order spends — a voucher use, a gift card's amount, a campaign's budget —
// is taken here, inside the order's transaction, atomically: a failed or abandoned order gives it back.

export const cartCampaign = (c: CampaignRow): Campaign => ({
  id: c.id,
  code: c.code,
  name: c.name,
  sponsor: c.sponsor,
  coveragePercent: c.coveragePercent,
  maxAmount: c.maxAmountCents === null ? null : fromCents(c.maxAmountCents),
  productCodes: c.productCodes,
  meta: { order: c.sortOrder },
});

/** The campaigns for a cart whose selected products cost `cents` (after the catalogue's discounts). */
export const campaignsFor = (rows: readonly CampaignRow[], cents: number) =>
  rows.filter((c) => c.minAmountCents <= cents);

export type PricedOrder = Omit<NewOrder, "userId" | "practiceId" | "idempotencyKey" | "invoice"> & {
  lines: NewOrderLine[];
} & Pick<PaymentSplit, "cardCents">;

export async function priceOrder(
  tx: Db,
  actor: { userId: string },
  practice: PracticeRow,
  body: Pick<OrderCreateBody, "items" | "voucherCode" | "giftCardCode">,
  now: Date,
): Promise<PricedOrder> {
  const advicePrice =
    practice.serviceAdviceActive && practice.advicePriceCents !== null
      ? fromCents(practice.advicePriceCents)
      : null;
  const products = prepareProducts((await listActiveProducts(tx)).map(publicProduct), advicePrice);
  const offered = availableProducts(products, {
    ...practice,
    minorSexualContent: involvesMinorSexualContent(practice.answers),
    services: await listPracticeServices(tx, practice.id),
  });
  if (!body.items.every((code) => offered.some((p) => p.code === code))) {
    throw new AppError("CONFLICT", MESSAGES.productNotAvailable);
  }

  // Read first, then taken: a code that was usable when read and whose last use another checkout took at the
  // same moment lost a race, which is no wrong code (it answers its own message and counts nothing).
  if (body.voucherCode && !(await findUsableVoucher(tx, body.voucherCode, now))) {
    throw wrongCode("voucherCode", MESSAGES.voucherInvalid);
  }
  const voucher = body.voucherCode ? await takeVoucherUse(tx, body.voucherCode, now) : null;
  if (body.voucherCode && !voucher) throw new AppError("CONFLICT", MESSAGES.voucherJustUsedUp);

  const selected = products.filter((p) => body.items.includes(p.code));
  const discountedCents = selected.reduce((sum, p) => sum + toCents(p.discountedPrice), 0);
  let campaigns = campaignsFor(await listLiveCampaigns(tx, now), discountedCents).map(cartCampaign);
  const price = () =>
    computeCart({
      products: selected,
      items: body.items,
      campaigns,
      voucher: voucher ? { isValid: true, discountAmount: voucher.discountAmount } : null,
    });
  let cart = price();
  // A budget that cannot pay this order's share leaves its campaign out, and the order is priced again.
  while (cart.campaign && cart.campaignDiscount > 0) {
    const { id } = cart.campaign;
    if (await takeCampaignBudget(tx, id, toCents(cart.campaignDiscount))) break;
    campaigns = campaigns.filter((c) => c.id !== id);
    cart = price();
  }

  const lines: NewOrderLine[] = cart.products.map((p, position) => ({
    productCode: p.code,
    name: p.name,
    priceCents: toCents(p.price),
    discountedPriceCents: toCents(p.discountedPrice),
    campaignCents: toCents(p.campaignDiscount),
    voucherCents: toCents(p.voucherDiscount),
    finalPriceCents: toCents(p.finalPrice),
    vatRate: p.vatRate,
    position,
  }));

  const giftCard = body.giftCardCode
    ? await findSpendableGiftCard(tx, body.giftCardCode, actor.userId, now)
    : undefined;
  if (body.giftCardCode && !giftCard) throw wrongCode("giftCardCode", MESSAGES.giftCardInvalid);
  const split = splitPayment(
    lines.map((l) => ({ productCode: l.productCode, finalCents: l.finalPriceCents })),
    giftCard ?? null,
  );
  if (giftCard && split.giftCardCents === 0 && toCents(cart.amount) > 0) {
    throw new AppError("CONFLICT", MESSAGES.giftCardNotApplicable);
  }
  // The balance read above was spent by another checkout at the same moment: a lost race, not a wrong code.
  if (
    giftCard &&
    split.giftCardCents > 0 &&
    !(await takeGiftCardBalance(tx, giftCard.id, split.giftCardCents))
  ) {
    throw new AppError("CONFLICT", MESSAGES.giftCardJustSpent);
  }

  const campaignCents = toCents(cart.campaignDiscount);
  return {
    lines,
    paymentType: split.paymentType,
    totalCents: toCents(cart.cartTotal),
    discountCents: toCents(cart.cartDiscount),
    campaignCents,
    voucherCents: toCents(cart.voucherDiscount),
    amountCents: toCents(cart.amount),
    giftCardCents: split.giftCardCents,
    cardCents: split.cardCents,
    campaignId: cart.campaign && campaignCents > 0 ? cart.campaign.id : null,
    voucherId: voucher?.id ?? null,
    giftCardId: split.giftCardCents > 0 && giftCard ? giftCard.id : null,
  };
}
