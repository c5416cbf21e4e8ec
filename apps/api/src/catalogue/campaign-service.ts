import type {
  AdminCampaign,
  AdminCampaignCreate,
  AdminCampaignPatch,
} from "@argine/core/catalogue/admin-api";
import { datesInOrder } from "@argine/core/catalogue/rules";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import {
  type CampaignChanges,
  type CampaignRow,
  createCampaign,
  listCampaigns,
  updateCampaign,
} from "@argine/db/queries/catalogue";
import { cents, codedEntriesService, date, euros, fieldError, iso, unique } from "./changes.ts";

// Sponsored campaigns: a sponsor covers part of the price of some services. Admins list, create and
// change them; a campaign's code never changes once created.

const adminCampaign = (c: CampaignRow): AdminCampaign => ({
  id: c.id,
  code: c.code,
  name: c.name,
  sponsor: c.sponsor,
  coveragePercent: c.coveragePercent,
  maxAmount: euros(c.maxAmountCents),
  budget: euros(c.budgetCents),
  minAmount: fromCents(c.minAmountCents),
  productCodes: c.productCodes,
  order: c.sortOrder,
  startsAt: iso(c.startsAt),
  endsAt: iso(c.endsAt),
  active: c.active,
  createdAt: c.createdAt.toISOString(),
});

/** The columns a patch sets, checked against the locked row: the dates stay in order with the stored ones. */
function campaignChanges(b: AdminCampaignPatch, current: CampaignRow): CampaignChanges {
  const startsAt = b.startsAt === undefined ? iso(current.startsAt) : b.startsAt;
  const endsAt = b.endsAt === undefined ? iso(current.endsAt) : b.endsAt;
  if (!datesInOrder(startsAt, endsAt)) {
    throw fieldError(b.endsAt === undefined ? "startsAt" : "endsAt", MESSAGES.endBeforeStart);
  }
  return {
    ...(b.name === undefined ? {} : { name: b.name }),
    ...(b.sponsor === undefined ? {} : { sponsor: b.sponsor }),
    ...(b.coveragePercent === undefined ? {} : { coveragePercent: b.coveragePercent }),
    ...(b.maxAmount === undefined ? {} : { maxAmountCents: cents(b.maxAmount) }),
    ...(b.budget === undefined ? {} : { budgetCents: cents(b.budget) }),
    ...(b.minAmount === undefined ? {} : { minAmountCents: toCents(b.minAmount) }),
    ...(b.productCodes === undefined ? {} : { productCodes: unique(b.productCodes) }),
    ...(b.order === undefined ? {} : { sortOrder: b.order }),
    ...(b.startsAt === undefined ? {} : { startsAt: date(b.startsAt) }),
    ...(b.endsAt === undefined ? {} : { endsAt: date(b.endsAt) }),
    ...(b.active === undefined ? {} : { active: b.active }),
  };
}

/** Every campaign, inactive ones too; a new one (409 when its code is taken); a change to any field but the code. */
export const {
  all: allCampaigns,
  add: addCampaign,
  change: changeCampaign,
} = codedEntriesService<CampaignRow, AdminCampaign, AdminCampaignCreate, AdminCampaignPatch>({
  resourceType: "campaign",
  list: listCampaigns,
  view: adminCampaign,
  insert: (tx, b) =>
    createCampaign(tx, {
      code: b.code,
      name: b.name,
      sponsor: b.sponsor,
      coveragePercent: b.coveragePercent,
      maxAmountCents: cents(b.maxAmount),
      budgetCents: cents(b.budget),
      minAmountCents: toCents(b.minAmount),
      productCodes: unique(b.productCodes),
      sortOrder: b.order,
      startsAt: date(b.startsAt),
      endsAt: date(b.endsAt),
      active: b.active,
    }),
  update: (tx, id, b) => updateCampaign(tx, id, (current) => campaignChanges(b, current)),
});
