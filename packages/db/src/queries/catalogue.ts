import { isProductCode } from "@argine/core/catalogue/product";
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { campaigns, giftCards, products, vouchers } from "../schema/catalogue.ts";

// The catalogue's reads and writes: the public list of active products, and for the admin workspace
// the whole catalogue — inactive products, campaigns, vouchers and gift cards — with its changes. A change
// that must hold against the stored row locks it (SELECT … FOR UPDATE): the caller runs it inside its
// transaction, which holds the lock until the change and its audit line are committed together.

export type ProductRow = typeof products.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;

// ─── Products ────────────────────────────────────────────────────────────────────────────────────────────

/** The public catalogue (GET /v1/products): active products in catalogue order. */
export function listActiveProducts(db: Db): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder));
}

/** Every product, inactive ones too, in catalogue order. */
export function listAllProducts(db: Db): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.sortOrder), asc(products.code));
}

/** The fields a change sets, stamped with the time of the change. */
export type ProductChanges = Partial<
  Pick<ProductRow, "name" | "description" | "priceCents" | "discountedPriceCents" | "active" | "sortOrder">
> &
  Pick<ProductRow, "updatedAt">;

/**
 * Locks the product's row, asks `decide` for the changes given its current values (it may throw to refuse
 * them, e.g. a discounted price above the stored price), and applies them: two admins editing at once cannot
 * together produce what neither would have been allowed. Run it in the caller's transaction (the lock lasts
 * until it ends). Undefined when there is no such product (a code outside the catalogue's is none).
 */
export async function updateProduct(
  db: Db,
  code: string,
  decide: (current: ProductRow) => ProductChanges,
): Promise<ProductRow | undefined> {
  if (!isProductCode(code)) return undefined;
  const [current] = await db.select().from(products).where(eq(products.code, code)).for("update");
  if (!current) return undefined;
  const [row] = await db.update(products).set(decide(current)).where(eq(products.code, code)).returning();
  return row;
}

// ─── Campaigns ───────────────────────────────────────────────────────────────────────────────────────────

export type NewCampaign = Omit<typeof campaigns.$inferInsert, "id" | "createdAt">;
export type CampaignChanges = Partial<Omit<NewCampaign, "code">>;

export function listCampaigns(db: Db): Promise<CampaignRow[]> {
  return db.select().from(campaigns).orderBy(asc(campaigns.sortOrder), desc(campaigns.createdAt));
}

/** Inserts the campaign unless its code is taken; undefined then (the unique index decides, race-free). */
export async function createCampaign(db: Db, campaign: NewCampaign): Promise<CampaignRow | undefined> {
  const [row] = await db.insert(campaigns).values(campaign).onConflictDoNothing().returning();
  return row;
}

/** As {@link updateProduct}: the row is locked while `decide` checks the changes against it. */
export async function updateCampaign(
  db: Db,
  id: string,
  decide: (current: CampaignRow) => CampaignChanges,
): Promise<CampaignRow | undefined> {
  const [current] = await db.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
  if (!current) return undefined;
  const [row] = await db.update(campaigns).set(decide(current)).where(eq(campaigns.id, id)).returning();
  return row;
}

// ─── Vouchers ────────────────────────────────────────────────────────────────────────────────────────────

export type NewVoucher = Pick<
  typeof vouchers.$inferInsert,
  "code" | "discountAmount" | "maxUses" | "expiresAt" | "active"
>;
export type VoucherChanges = Partial<Omit<NewVoucher, "code">>;

export function listVouchers(db: Db): Promise<VoucherRow[]> {
  return db.select().from(vouchers).orderBy(desc(vouchers.createdAt), asc(vouchers.code));
}

/** Inserts the voucher unless its code is taken; undefined then. */
export async function createVoucher(db: Db, voucher: NewVoucher): Promise<VoucherRow | undefined> {
  const [row] = await db.insert(vouchers).values(voucher).onConflictDoNothing().returning();
  return row;
}

export async function updateVoucher(
  db: Db,
  id: string,
  changes: VoucherChanges,
): Promise<VoucherRow | undefined> {
  const [row] = await db.update(vouchers).set(changes).where(eq(vouchers.id, id)).returning();
  return row;
}

// ─── Gift cards ──────────────────────────────────────────────────────────────────────────────────────────

export type NewGiftCard = Pick<
  typeof giftCards.$inferInsert,
  "code" | "promo" | "amountCents" | "balanceCents" | "productCodes" | "expiresAt"
>;
export type GiftCardChanges = Partial<Pick<GiftCardRow, "balanceCents" | "productCodes" | "expiresAt">>;

export function listGiftCards(db: Db): Promise<GiftCardRow[]> {
  return db.select().from(giftCards).orderBy(desc(giftCards.createdAt), asc(giftCards.code));
}

/** Inserts the gift card unless its code is taken; undefined then. */
export async function createGiftCard(db: Db, card: NewGiftCard): Promise<GiftCardRow | undefined> {
  const [row] = await db.insert(giftCards).values(card).onConflictDoNothing().returning();
  return row;
}

/** As {@link updateProduct}: the balance is checked against the locked row's amount. */
export async function updateGiftCard(
  db: Db,
  id: string,
  decide: (current: GiftCardRow) => GiftCardChanges,
): Promise<GiftCardRow | undefined> {
  const [current] = await db.select().from(giftCards).where(eq(giftCards.id, id)).for("update");
  if (!current) return undefined;
  const [row] = await db.update(giftCards).set(decide(current)).where(eq(giftCards.id, id)).returning();
  return row;
}

// ─── What the shop spends (ADR 014) ──────────────────────────────────────────────────────────────────────
// Each use of a voucher, a gift card's balance or a campaign's budget is one conditional update: two orders
// taking the last use (or the last euros) at once cannot both get it, and nothing goes below zero. Given
// back the same way when the order fails or is abandoned.

/** Not expired at `now` (no end is never). */
const live = (expiresAt: PgColumn, now: Date) => or(isNull(expiresAt), gt(expiresAt, now));

/**
 * The campaigns a cart may use now: active, started, not ended, with budget left (null is no limit), by
 * meta.order. Few rows: read whole.
 */
export function listLiveCampaigns(db: Db, now: Date): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.active, true),
        or(isNull(campaigns.startsAt), lte(campaigns.startsAt, now)),
        live(campaigns.endsAt, now),
        or(isNull(campaigns.budgetCents), gt(campaigns.budgetCents, 0)),
      ),
    )
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.createdAt));
}

/** Takes `cents` of the campaign's budget if it has that much left (or no limit); false otherwise (by id). */
export async function takeCampaignBudget(db: Db, id: string, cents: number): Promise<boolean> {
  const [row] = await db
    .update(campaigns)
    .set({ budgetCents: sql`${campaigns.budgetCents} - ${cents}` })
    .where(and(eq(campaigns.id, id), or(isNull(campaigns.budgetCents), gte(campaigns.budgetCents, cents))))
    .returning({ id: campaigns.id });
  return Boolean(row);
}

export async function giveBackCampaignBudget(db: Db, id: string, cents: number): Promise<void> {
  await db
    .update(campaigns)
    .set({ budgetCents: sql`${campaigns.budgetCents} + ${cents}` })
    .where(eq(campaigns.id, id));
}

/** The voucher with this code if it can be used now: active, not expired, uses left (vouchers_code_key). */
export async function findUsableVoucher(db: Db, code: string, now: Date): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.code, code), usable(now)));
  return row;
}

const usable = (now: Date) =>
  and(
    eq(vouchers.active, true),
    live(vouchers.expiresAt, now),
    or(isNull(vouchers.maxUses), lt(vouchers.uses, vouchers.maxUses)),
  );

/** Counts one use of the voucher with this code if it is still usable; the voucher, or undefined (vouchers_code_key). */
export async function takeVoucherUse(db: Db, code: string, now: Date): Promise<VoucherRow | undefined> {
  const [row] = await db
    .update(vouchers)
    .set({ uses: sql`${vouchers.uses} + 1` })
    .where(and(eq(vouchers.code, code), usable(now)))
    .returning();
  return row;
}

export async function giveBackVoucherUse(db: Db, id: string): Promise<void> {
  await db
    .update(vouchers)
    .set({ uses: sql`greatest(${vouchers.uses} - 1, 0)` })
    .where(eq(vouchers.id, id));
}

/**
 * The gift card with this code if `userId` may spend it now: not expired, some balance left, and either
 * theirs or nobody's — but never a promo's template (a promo card with no holder: it is copied for each
 * requester, not spent). By gift_cards_code_key.
 */
export async function findSpendableGiftCard(
  db: Db,
  code: string,
  userId: string,
  now: Date,
): Promise<GiftCardRow | undefined> {
  const [row] = await db
    .select()
    .from(giftCards)
    .where(
      and(
        eq(giftCards.code, code),
        live(giftCards.expiresAt, now),
        gt(giftCards.balanceCents, 0),
        or(
          eq(giftCards.assignedUserId, userId),
          and(isNull(giftCards.assignedUserId), isNull(giftCards.promo)),
        ),
      ),
    );
  return row;
}

/** Takes `cents` of the card's balance if it has that much left; false otherwise (by id). */
export async function takeGiftCardBalance(db: Db, id: string, cents: number): Promise<boolean> {
  const [row] = await db
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${cents}` })
    .where(and(eq(giftCards.id, id), gte(giftCards.balanceCents, cents)))
    .returning({ id: giftCards.id });
  return Boolean(row);
}

/** The products a gift card pays for (by its primary key): what splits a refund between it and the card. */
export async function giftCardProductCodes(db: Db, id: string): Promise<string[]> {
  const [row] = await db
    .select({ codes: giftCards.productCodes })
    .from(giftCards)
    .where(eq(giftCards.id, id));
  return row?.codes ?? [];
}

export async function giveBackGiftCardBalance(db: Db, id: string, cents: number): Promise<void> {
  await db
    .update(giftCards)
    .set({ balanceCents: sql`least(${giftCards.balanceCents} + ${cents}, ${giftCards.amountCents})` })
    .where(eq(giftCards.id, id));
}

/** A promo's template: the admin's card carrying that promo and no holder, still valid (gift_cards_promo_user_key). */
export async function findPromoTemplate(db: Db, promo: string, now: Date): Promise<GiftCardRow | undefined> {
  const [row] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.promo, promo), isNull(giftCards.assignedUserId), live(giftCards.expiresAt, now)))
    .orderBy(desc(giftCards.createdAt))
    .limit(1);
  return row;
}

/**
 * Issues `card` to `userId`, once per promo and account (gift_cards_promo_user_key): undefined when they
 * already have this promo's card, or the code is taken.
 */
export async function issueGiftCard(
  db: Db,
  card: NewGiftCard & { assignedUserId: string },
): Promise<GiftCardRow | undefined> {
  const [row] = await db.insert(giftCards).values(card).onConflictDoNothing().returning();
  return row;
}

/** The gift cards assigned to a user, newest first (gift_cards_assigned_user_idx). */
export function listUserGiftCards(db: Db, userId: string): Promise<GiftCardRow[]> {
  return db
    .select()
    .from(giftCards)
    .where(eq(giftCards.assignedUserId, userId))
    .orderBy(desc(giftCards.createdAt), asc(giftCards.code));
}
