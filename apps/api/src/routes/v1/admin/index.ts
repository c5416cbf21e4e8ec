import {
  AdminCampaignCreateSchema,
  AdminCampaignListSchema,
  AdminCampaignPatchSchema,
  AdminCampaignSchema,
  AdminGiftCardCreateSchema,
  AdminGiftCardListSchema,
  AdminGiftCardPatchSchema,
  AdminGiftCardSchema,
  AdminIdParamsSchema,
  AdminProductListSchema,
  AdminProductParamsSchema,
  AdminProductPatchSchema,
  AdminProductSchema,
  AdminVoucherCreateSchema,
  AdminVoucherListSchema,
  AdminVoucherPatchSchema,
  AdminVoucherSchema,
  balanceWithinAmount,
  datesInOrder,
  discountWithinPrice,
} from "@argine/core/catalogue/admin-api";
import { cataloguePolicy } from "@argine/core/catalogue/policy";
import { AppError } from "@argine/core/errors/app-error";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import { recordAudit } from "@argine/db/queries/audit";
import {
  type CampaignRow,
  createCampaign,
  createGiftCard,
  createVoucher,
  type GiftCardRow,
  listAllProducts,
  listCampaigns,
  listGiftCards,
  listVouchers,
  type ProductRow,
  updateCampaign,
  updateGiftCard,
  updateProduct,
  updateVoucher,
  type VoucherRow,
} from "@argine/db/queries/catalogue";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { only, requireActor } from "../../../identity/authenticate.ts";

// The admin workspace (issue 5): the whole catalogue (its users list is routes/v1/users/admin.ts's). Every
// route is for admins only, decided before the body is even read (401 anonymous, 403 anyone else); every
// change leaves a line in the audit log naming the resource and the fields changed, never their content.

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null) => (s === null ? null : new Date(s));
const cents = (euros: number | null) => (euros === null ? null : toCents(euros));
const euros = (c: number | null) => (c === null ? null : fromCents(c));

/** A 400 on one field, shaped like the validation errors (the form puts it under that field). */
const fieldError = (field: string, message: string) =>
  new AppError("BAD_REQUEST", message, { issues: [{ path: [field], message }] });
const codeTaken = () =>
  new AppError("CONFLICT", MESSAGES.codeTaken, { issues: [{ path: ["code"], message: MESSAGES.codeTaken }] });

const product = (p: ProductRow) => ({
  code: p.code,
  name: p.name,
  description: p.description,
  price: fromCents(p.priceCents),
  discountedPrice: fromCents(p.discountedPriceCents),
  vatRate: p.vatRate,
  active: p.active,
  order: p.sortOrder,
  updatedAt: p.updatedAt.toISOString(),
});

const campaign = (c: CampaignRow) => ({
  id: c.id,
  code: c.code,
  name: c.name,
  sponsor: c.sponsor,
  coveragePercent: c.coveragePercent,
  maxAmount: euros(c.maxAmountCents),
  minAmount: fromCents(c.minAmountCents),
  productCodes: c.productCodes,
  order: c.sortOrder,
  startsAt: iso(c.startsAt),
  endsAt: iso(c.endsAt),
  active: c.active,
  createdAt: c.createdAt.toISOString(),
});

const voucher = (v: VoucherRow) => ({
  id: v.id,
  code: v.code,
  discountAmount: v.discountAmount,
  maxUses: v.maxUses,
  uses: v.uses,
  expiresAt: iso(v.expiresAt),
  active: v.active,
  createdAt: v.createdAt.toISOString(),
});

const giftCard = (g: GiftCardRow) => ({
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

const unique = <T>(values: readonly T[]) => [...new Set(values)];
/** The names of the fields a body sets: what the audit log records of a change. */
const fieldsOf = (body: object) =>
  Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort();

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogueReader = only((actor) => cataloguePolicy(actor, "read-all"));
  const catalogueManager = only((actor) => cataloguePolicy(actor, "manage"));

  const audit = (
    request: FastifyRequest,
    action: string,
    resourceType: string,
    resourceId: string,
    meta?: object,
  ) =>
    recordAudit(app.db, {
      actorId: requireActor(request).userId,
      action,
      resourceType,
      resourceId,
      ...(meta ? { meta: { ...meta } } : {}),
    });

  // ─── Products ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/admin/products",
    {
      onRequest: catalogueReader,
      schema: {
        tags: ["admin"],
        summary: "Tutti i prodotti del catalogo, anche quelli non attivi (solo admin)",
        response: { 200: AdminProductListSchema },
      },
    },
    async () => (await listAllProducts(app.db)).map(product),
  );

  app.patch(
    "/admin/products/:code",
    {
      onRequest: catalogueManager,
      schema: {
        tags: ["admin"],
        summary: "Modifica di un prodotto: nome, descrizione, prezzi, attivo, ordine (solo admin)",
        params: AdminProductParamsSchema,
        body: AdminProductPatchSchema,
        response: { 200: AdminProductSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const updated = await updateProduct(app.db, request.params.code, (current) => {
        const priceCents = body.price === undefined ? current.priceCents : toCents(body.price);
        const discountedCents =
          body.discountedPrice === undefined ? current.discountedPriceCents : toCents(body.discountedPrice);
        // The body alone passed; with the stored other price it must still hold.
        if (!discountWithinPrice(priceCents, discountedCents)) {
          throw fieldError(
            body.discountedPrice === undefined ? "price" : "discountedPrice",
            MESSAGES.discountAbovePrice,
          );
        }
        return {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.price === undefined ? {} : { priceCents }),
          ...(body.discountedPrice === undefined ? {} : { discountedPriceCents: discountedCents }),
          ...(body.active === undefined ? {} : { active: body.active }),
          ...(body.order === undefined ? {} : { sortOrder: body.order }),
        };
      });
      if (!updated) throw new AppError("NOT_FOUND");
      // GET /v1/products serves the change at once (other replicas within the cache's few seconds).
      app.catalogue.invalidate();
      await audit(request, "product.update", "product", updated.code, { fields: fieldsOf(body) });
      return product(updated);
    },
  );

  // ─── Campaigns ─────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/admin/campaigns",
    {
      onRequest: catalogueReader,
      schema: {
        tags: ["admin"],
        summary: "Le campagne sponsorizzate, anche quelle non attive (solo admin)",
        response: { 200: AdminCampaignListSchema },
      },
    },
    async () => (await listCampaigns(app.db)).map(campaign),
  );

  app.post(
    "/admin/campaigns",
    {
      onRequest: catalogueManager,
      schema: {
        tags: ["admin"],
        summary: "Nuova campagna sponsorizzata (codice unico; solo admin)",
        body: AdminCampaignCreateSchema,
        response: { 201: AdminCampaignSchema },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const created = await createCampaign(app.db, {
        code: b.code,
        name: b.name,
        sponsor: b.sponsor,
        coveragePercent: b.coveragePercent,
        maxAmountCents: cents(b.maxAmount),
        minAmountCents: toCents(b.minAmount),
        productCodes: unique(b.productCodes),
        sortOrder: b.order,
        startsAt: date(b.startsAt),
        endsAt: date(b.endsAt),
        active: b.active,
      });
      if (!created) throw codeTaken();
      await audit(request, "campaign.create", "campaign", created.id, { fields: fieldsOf(b) });
      return reply.status(201).send(campaign(created));
    },
  );

  app.patch(
    "/admin/campaigns/:id",
    {
      onRequest: catalogueManager,
      schema: {
        tags: ["admin"],
        summary: "Modifica di una campagna sponsorizzata (il codice non cambia; solo admin)",
        params: AdminIdParamsSchema,
        body: AdminCampaignPatchSchema,
        response: { 200: AdminCampaignSchema },
      },
    },
    async (request) => {
      const b = request.body;
      const updated = await updateCampaign(app.db, request.params.id, (current) => {
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
          ...(b.minAmount === undefined ? {} : { minAmountCents: toCents(b.minAmount) }),
          ...(b.productCodes === undefined ? {} : { productCodes: unique(b.productCodes) }),
          ...(b.order === undefined ? {} : { sortOrder: b.order }),
          ...(b.startsAt === undefined ? {} : { startsAt: date(b.startsAt) }),
          ...(b.endsAt === undefined ? {} : { endsAt: date(b.endsAt) }),
          ...(b.active === undefined ? {} : { active: b.active }),
        };
      });
      if (!updated) throw new AppError("NOT_FOUND");
      await audit(request, "campaign.update", "campaign", updated.id, { fields: fieldsOf(b) });
      return campaign(updated);
    },
  );

  // ─── Vouchers ──────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/admin/vouchers",
    {
      onRequest: catalogueReader,
      schema: {
        tags: ["admin"],
        summary: "I voucher, anche quelli scaduti o non attivi (solo admin)",
        response: { 200: AdminVoucherListSchema },
      },
    },
    async () => (await listVouchers(app.db)).map(voucher),
  );

  app.post(
    "/admin/vouchers",
    {
      onRequest: catalogueManager,
      schema: {
        tags: ["admin"],
        summary: "Nuovo voucher (codice unico; solo admin)",
        body: AdminVoucherCreateSchema,
        response: { 201: AdminVoucherSchema },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const created = await createVoucher(app.db, {
        code: b.code,
        discountAmount: b.discountAmount,
        maxUses: b.maxUses,
        expiresAt: date(b.expiresAt),
        active: b.active,
      });
      if (!created) throw codeTaken();
      await audit(request, "voucher.create", "voucher", created.id, { fields: fieldsOf(b) });
      return reply.status(201).send(voucher(created));
    },
  );

  app.patch(
    "/admin/vouchers/:id",
    {
      onRequest: catalogueManager,
      schema: {
        tags: ["admin"],
        summary: "Modifica di un voucher: sconto, utilizzi, scadenza, attivo (solo admin)",
        params: AdminIdParamsSchema,
        body: AdminVoucherPatchSchema,
        response: { 200: AdminVoucherSchema },
      },
    },
    async (request) => {
      const b = request.body;
      const updated = await updateVoucher(app.db, request.params.id, {
        ...(b.discountAmount === undefined ? {} : { discountAmount: b.discountAmount }),
        ...(b.maxUses === undefined ? {} : { maxUses: b.maxUses }),
        ...(b.expiresAt === undefined ? {} : { expiresAt: date(b.expiresAt) }),
        ...(b.active === undefined ? {} : { active: b.active }),
      });
      if (!updated) throw new AppError("NOT_FOUND");
      await audit(request, "voucher.update", "voucher", updated.id, { fields: fieldsOf(b) });
      return voucher(updated);
    },
  );

  // ─── Gift cards ────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/admin/gift-cards",
    {
      onRequest: catalogueReader,
      schema: {
        tags: ["admin"],
        summary: "Le gift card, con importo e saldo (solo admin)",
        response: { 200: AdminGiftCardListSchema },
      },
    },
    async () => (await listGiftCards(app.db)).map(giftCard),
  );

  app.post(
    "/admin/gift-cards",
    {
      onRequest: catalogueManager,
      schema: {
        tags: ["admin"],
        summary: "Nuova gift card: il saldo parte dall'importo (codice unico; solo admin)",
        body: AdminGiftCardCreateSchema,
        response: { 201: AdminGiftCardSchema },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const amountCents = toCents(b.amount);
      const created = await createGiftCard(app.db, {
        code: b.code,
        promo: b.promo,
        amountCents,
        balanceCents: amountCents,
        productCodes: unique(b.productCodes),
        expiresAt: date(b.expiresAt),
      });
      if (!created) throw codeTaken();
      await audit(request, "gift-card.create", "gift-card", created.id, { fields: fieldsOf(b) });
      return reply.status(201).send(giftCard(created));
    },
  );

  app.patch(
    "/admin/gift-cards/:id",
    {
      onRequest: catalogueManager,
      schema: {
        tags: ["admin"],
        summary: "Modifica di una gift card: saldo (0 la disattiva), scadenza, servizi (solo admin)",
        params: AdminIdParamsSchema,
        body: AdminGiftCardPatchSchema,
        response: { 200: AdminGiftCardSchema },
      },
    },
    async (request) => {
      const b = request.body;
      const updated = await updateGiftCard(app.db, request.params.id, (current) => {
        const balanceCents = b.balance === undefined ? current.balanceCents : toCents(b.balance);
        if (!balanceWithinAmount(balanceCents, current.amountCents)) {
          throw fieldError("balance", MESSAGES.balanceAboveAmount);
        }
        return {
          ...(b.balance === undefined ? {} : { balanceCents }),
          ...(b.expiresAt === undefined ? {} : { expiresAt: date(b.expiresAt) }),
          ...(b.productCodes === undefined ? {} : { productCodes: unique(b.productCodes) }),
        };
      });
      if (!updated) throw new AppError("NOT_FOUND");
      await audit(request, "gift-card.update", "gift-card", updated.id, { fields: fieldsOf(b) });
      return giftCard(updated);
    },
  );
};
