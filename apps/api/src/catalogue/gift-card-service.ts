import type {
  AdminGiftCard,
  AdminGiftCardCreate,
  AdminGiftCardPatch,
} from "@argine/core/catalogue/admin-api";
import { balanceWithinAmount } from "@argine/core/catalogue/rules";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import {
  createGiftCard,
  type GiftCardChanges,
  type GiftCardRow,
  listGiftCards,
  updateGiftCard,
} from "@argine/db/queries/catalogue";
import { codedEntriesService, date, fieldError, iso, unique } from "./changes.ts";

// Gift cards: an amount to spend on some services, its balance going down as it is used. Admins
// list, issue and change them; the amount issued never changes.

const adminGiftCard = (g: GiftCardRow): AdminGiftCard => ({
  id: g.id,
  code: g.code,
  promo: g.promo,
  amount: fromCents(g.amountCents),
  balance: fromCents(g.balanceCents),
  productCodes: g.productCodes,
  // Whom it is assigned to is the user's business; the admin table only needs to know that it is.
  assigned: g.assignedUserId !== null,
  expiresAt: iso(g.expiresAt),
  createdAt: g.createdAt.toISOString(),
});

/** The columns a patch sets, checked against the locked row: the balance stays within the amount issued. */
function giftCardChanges(b: AdminGiftCardPatch, current: GiftCardRow): GiftCardChanges {
  const balanceCents = b.balance === undefined ? current.balanceCents : toCents(b.balance);
  if (!balanceWithinAmount(balanceCents, current.amountCents)) {
    throw fieldError("balance", MESSAGES.balanceAboveAmount);
  }
  return {
    ...(b.balance === undefined ? {} : { balanceCents }),
    ...(b.expiresAt === undefined ? {} : { expiresAt: date(b.expiresAt) }),
    ...(b.productCodes === undefined ? {} : { productCodes: unique(b.productCodes) }),
  };
}

/** Every gift card with its amount and balance; a new one whose balance starts at its amount (409 when its
 * code is taken); a change to its balance (0 takes it out of use), expiry or products. */
export const {
  all: allGiftCards,
  add: addGiftCard,
  change: changeGiftCard,
} = codedEntriesService<GiftCardRow, AdminGiftCard, AdminGiftCardCreate, AdminGiftCardPatch>({
  resourceType: "gift-card",
  list: listGiftCards,
  view: adminGiftCard,
  insert: (tx, b) =>
    createGiftCard(tx, {
      code: b.code,
      promo: b.promo,
      amountCents: toCents(b.amount),
      balanceCents: toCents(b.amount),
      productCodes: unique(b.productCodes),
      expiresAt: date(b.expiresAt),
    }),
  update: (tx, id, b) => updateGiftCard(tx, id, (current) => giftCardChanges(b, current)),
});
