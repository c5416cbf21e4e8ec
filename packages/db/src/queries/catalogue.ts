import { isProductCode } from "@argine/core/catalogue/product";
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { campaigns, giftCards, products, vouchers } from "../schema/catalogue.ts";

// The catalogue's reads and writes: the public list of active products, and for the admin workspace (issue 5)
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
