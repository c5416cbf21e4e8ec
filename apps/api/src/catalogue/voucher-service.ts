import type { AdminVoucher, AdminVoucherCreate, AdminVoucherPatch } from "@argine/core/catalogue/admin-api";
import { createVoucher, listVouchers, updateVoucher, type VoucherRow } from "@argine/db/queries/catalogue";
import { codedEntriesService, date, iso } from "./changes.ts";

// Vouchers: the codes customers type at checkout for a percent off. Admins list, create and change
// them; a voucher's code never changes once created.

const adminVoucher = (v: VoucherRow): AdminVoucher => ({
  id: v.id,
  code: v.code,
  discountAmount: v.discountAmount,
  maxUses: v.maxUses,
  uses: v.uses,
  expiresAt: iso(v.expiresAt),
  active: v.active,
  createdAt: v.createdAt.toISOString(),
});

/** Every voucher, expired and inactive ones too; a new one (409 when its code is taken); a change to its
 * discount, uses, expiry or state. */
export const {
  all: allVouchers,
  add: addVoucher,
  change: changeVoucher,
} = codedEntriesService<VoucherRow, AdminVoucher, AdminVoucherCreate, AdminVoucherPatch>({
  resourceType: "voucher",
  list: listVouchers,
  view: adminVoucher,
  insert: (tx, b) =>
    createVoucher(tx, {
      code: b.code,
      discountAmount: b.discountAmount,
      maxUses: b.maxUses,
      expiresAt: date(b.expiresAt),
      active: b.active,
    }),
  update: (tx, id, b) =>
    updateVoucher(tx, id, {
      ...(b.discountAmount === undefined ? {} : { discountAmount: b.discountAmount }),
      ...(b.maxUses === undefined ? {} : { maxUses: b.maxUses }),
      ...(b.expiresAt === undefined ? {} : { expiresAt: date(b.expiresAt) }),
      ...(b.active === undefined ? {} : { active: b.active }),
    }),
});
