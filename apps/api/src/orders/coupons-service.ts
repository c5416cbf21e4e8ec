import type { Campaign } from "@argine/core/catalogue/campaign";
import type { Voucher } from "@argine/core/catalogue/voucher";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import type { GiftCard } from "@argine/core/orders/orders-api";
import { ordersPolicy } from "@argine/core/orders/policy";
import { PROMO_GIFT_CARD_MAX_EUR } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import {
  findPromoTemplate,
  findSpendableGiftCard,
  findUsableVoucher,
  type GiftCardRow,
  issueGiftCard,
  listLiveCampaigns,
  listUserGiftCards,
} from "@argine/db/queries/catalogue";
import { auditStaffRead } from "../audit/staff-read.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorize } from "../identity/authorize.ts";
import { newGiftCardCode } from "./gift-card-codes.ts";
import { campaignsFor, cartCampaign } from "./order-pricing.ts";
import { withCodeGuard, wrongCode } from "./wrong-codes.ts";

// What the cart asks before the checkout (spec §7): the campaigns for its amount, a voucher's and a gift
// card's worth, a promo gift card, the user's gift cards. A verification answers the same for an unknown,
// expired or used-up code, and counts it against the wrong codes allowed (wrong-codes.ts), as a checkout
// carrying a wrong code does.

const giftCardView = (card: GiftCardRow): GiftCard => ({
  code: card.code,
  amount: fromCents(card.amountCents),
  balance: fromCents(card.balanceCents),
  productCodes: card.productCodes,
  expiresAt: card.expiresAt ? card.expiresAt.toISOString() : null,
});

/** GET /v1/campaigns?amount=: the live campaigns with budget left for a cart of that amount, by meta.order. */
export async function liveCampaigns(deps: Deps, _actor: Actor, amount: number): Promise<Campaign[]> {
  return campaignsFor(await listLiveCampaigns(deps.db, now(deps.clock)), toCents(amount)).map(cartCampaign);
}

export function verifyVoucher(deps: Deps, actor: Actor, ip: string, code: string): Promise<Voucher> {
  const at = now(deps.clock);
  return withCodeGuard(deps.db, actor, ip, at, async () => {
    const voucher = await findUsableVoucher(deps.db, code, at);
    if (!voucher) throw wrongCode("voucherCode", MESSAGES.voucherInvalid);
    return { isValid: true, discountAmount: voucher.discountAmount };
  });
}

export function verifyGiftCard(deps: Deps, actor: Actor, ip: string, code: string): Promise<GiftCard> {
  const at = now(deps.clock);
  return withCodeGuard(deps.db, actor, ip, at, async () => {
    const card = await findSpendableGiftCard(deps.db, code, actor.userId, at);
    if (!card) throw wrongCode("code", MESSAGES.giftCardInvalid);
    return giftCardView(card);
  });
}

/**
 * A promo gift card (spec §9): a new card with a random code, copied from the promo's template, worth at
 * most 150 €, for legal defence only, expiring with the template; one per account and promo.
 */
export async function requestGiftCard(deps: Deps, actor: Actor, promo: string): Promise<GiftCard> {
  const template = await findPromoTemplate(deps.db, promo, now(deps.clock));
  if (!template) throw new AppError("BAD_REQUEST", MESSAGES.promoInvalid);
  const amountCents = Math.min(template.amountCents, toCents(PROMO_GIFT_CARD_MAX_EUR));
  const card = await issueGiftCard(deps.db, {
    code: newGiftCardCode(),
    promo,
    amountCents,
    balanceCents: amountCents,
    productCodes: ["DEFENCE"],
    expiresAt: template.expiresAt,
    assignedUserId: actor.userId,
  });
  if (!card) throw new AppError("CONFLICT", MESSAGES.promoAlreadyRequested);
  return giftCardView(card);
}

/** A user's gift cards: a client reads their own, staff anyone's (with an audit line). */
export async function assignedGiftCards(deps: Deps, actor: Actor, userId: string): Promise<GiftCard[]> {
  await authorize(
    deps.db,
    actor,
    { ownerId: userId },
    { sees: (owner) => ordersPolicy(actor, "read", owner) },
  );
  const cards = await listUserGiftCards(deps.db, userId);
  if (userId !== actor.userId) {
    await auditStaffRead(deps.db, actor, "gift-card.list", [userId]);
  }
  return cards.map(giftCardView);
}
