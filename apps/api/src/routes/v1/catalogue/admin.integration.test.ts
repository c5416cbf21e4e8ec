import type {
  AdminCampaign,
  AdminGiftCard,
  AdminProduct,
  AdminVoucher,
} from "@argine/core/catalogue/admin-api";
import type { Product } from "@argine/core/catalogue/product";
import { MESSAGES } from "@argine/core/shared/messages";
import { auditLog } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens, type IdentityServer, startIdentityServer } from "../../../../test/identity.ts";

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

interface ErrorBody {
  code: string;
  message: string;
  details?: { issues: { path: string[]; message: string }[] };
}

describe.each(testDbKinds())("the catalogue in the admin workspace on %s", (kind) => {
  let s: IdentityServer;
  let admin = "";
  let lawyer = "";
  let client = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ admin, lawyer, client } = await demoTokens(s));
  });
  afterAll(() => s.close());

  async function call<T>(token: string | null, path: string, method = "GET", body?: unknown) {
    const res = await fetch(`${s.base}/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }
  const fail = (token: string | null, path: string, method = "GET", body?: unknown) =>
    call<ErrorBody>(token, path, method, body);
  const audits = (action: string, resourceId: string) =>
    s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.resourceId, resourceId)));

  describe("who may call", () => {
    it("answers 401 without a session and 403 to clients and lawyers, before reading the body", async () => {
      for (const [method, path] of [
        ["GET", "/admin/products"],
        ["PATCH", "/admin/products/TAKEDOWN"],
        ["POST", "/admin/vouchers"],
        ["PATCH", `/admin/gift-cards/${NO_SUCH_ID}`],
      ] as const) {
        // A body that would fail validation: the refusal must come first, and say nothing about the schema.
        const body = method === "GET" ? undefined : { price: -1 };
        expect((await fail(null, path, method, body)).status).toBe(401);
        if (method === "GET") {
          const head = await fetch(`${s.base}/v1${path}`, {
            method: "HEAD",
            headers: { authorization: `Bearer ${client}` },
          });
          expect(head.status).toBe(403);
        }
        for (const token of [client, lawyer]) {
          const res = await fail(token, path, method, body);
          expect(res.status).toBe(403);
          expect(res.body.message).toBe(MESSAGES.forbidden);
        }
      }
    });
  });

  describe("products", () => {
    it("changes a price and the public catalogue serves it at once, despite its cache", async () => {
      const before = await call<Product[]>(null, "/products");
      expect(before.body.find((p) => p.code === "TAKEDOWN")?.price).toBe(99);

      const { status, body } = await call<AdminProduct>(admin, "/admin/products/TAKEDOWN", "PATCH", {
        price: 104.9,
        discountedPrice: 94.5,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: "TAKEDOWN", price: 104.9, discountedPrice: 94.5, active: true });

      const after = await call<Product[]>(null, "/products");
      expect(after.body.find((p) => p.code === "TAKEDOWN")).toMatchObject({
        price: 104.9,
        discountedPrice: 94.5,
      });
      const [line] = await audits("product.update", "TAKEDOWN");
      expect(line?.meta).toEqual({ fields: ["discountedPrice", "price"] });
    });

    it("hides an inactive product from the public, not from the admin; reorders it", async () => {
      await call(null, "/products");
      expect((await call(admin, "/admin/products/ADVICE", "PATCH", { active: false, order: 5 })).status).toBe(
        200,
      );
      expect((await call<Product[]>(null, "/products")).body.map((p) => p.code)).not.toContain("ADVICE");
      const all = (await call<AdminProduct[]>(admin, "/admin/products")).body;
      expect(all[0]).toMatchObject({ code: "ADVICE", active: false, order: 5 });
      expect(all).toHaveLength(8);
      await call(admin, "/admin/products/ADVICE", "PATCH", { active: true, order: 50 });
      expect((await call<Product[]>(null, "/products")).body.map((p) => p.code)).toContain("ADVICE");
    });

    it("refuses a discounted price above the price, also against the stored one, in Italian", async () => {
      const both = await fail(admin, "/admin/products/DEFENCE", "PATCH", {
        price: 100,
        discountedPrice: 120,
      });
      expect(both.status).toBe(400);
      expect(both.body.message).toBe(MESSAGES.discountAbovePrice);
      expect(both.body.details?.issues[0]?.path).toEqual(["discountedPrice"]);

      // DEFENCE costs 490 €: a discounted price of 500 € alone is refused, and so is a price below 490 €.
      const alone = await fail(admin, "/admin/products/DEFENCE", "PATCH", { discountedPrice: 500 });
      expect([alone.status, alone.body.message]).toEqual([400, MESSAGES.discountAbovePrice]);
      const price = await fail(admin, "/admin/products/DEFENCE", "PATCH", { price: 400 });
      expect([price.status, price.body.details?.issues[0]?.path]).toEqual([400, ["price"]]);
      const unchanged = (await call<AdminProduct[]>(admin, "/admin/products")).body.find(
        (p) => p.code === "DEFENCE",
      );
      expect(unchanged).toMatchObject({ price: 490, discountedPrice: 490 });
    });

    it("answers 400 with the first field's Italian message and 404 for an unknown product, never 500", async () => {
      const cases: [unknown, string][] = [
        [{ price: 10.999 }, MESSAGES.amountDecimals],
        [{ price: -1 }, MESSAGES.negativeAmount],
        [{ price: "49,90" }, MESSAGES.invalidAmount],
        [{ name: "" }, MESSAGES.required],
        [{}, MESSAGES.nothingToChange],
        [{ code: "X" }, MESSAGES.unknownField],
        [[1, 2], MESSAGES.badRequest],
        ["{not json", MESSAGES.malformedJson],
      ];
      for (const [body, message] of cases) {
        const res = await fail(admin, "/admin/products/DEFENCE", "PATCH", body);
        expect([res.status, res.body.message]).toEqual([400, message]);
      }
      expect((await fail(admin, "/admin/products/CAFFE", "PATCH", { price: 1 })).status).toBe(404);
    });
  });

  describe("campaigns", () => {
    const body = {
      code: "scudo-2027",
      name: "Scudo 2027",
      sponsor: "Fondazione di prova",
      coveragePercent: 30,
      maxAmount: 100,
      productCodes: ["DEFENCE", "DEFENCE", "ADVICE"],
      startsAt: "2027-01-01T00:00:00.000Z",
      endsAt: "2027-12-31T22:59:59.999Z",
    };

    it("creates a campaign with an uppercase code, lists it, and refuses the same code again (409)", async () => {
      const created = await call<AdminCampaign>(admin, "/admin/campaigns", "POST", body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        code: "SCUDO-2027",
        maxAmount: 100,
        minAmount: 0,
        productCodes: ["DEFENCE", "ADVICE"],
        startsAt: "2027-01-01T00:00:00.000Z",
        active: true,
      });
      const list = await call<AdminCampaign[]>(admin, "/admin/campaigns");
      expect(list.body.map((c) => c.code)).toEqual(expect.arrayContaining(["SCUDO-2027", "SCUDO-DIGITALE"]));

      const again = await fail(admin, "/admin/campaigns", "POST", { ...body, code: "Scudo-2027" });
      expect([again.status, again.body.message]).toEqual([409, MESSAGES.codeTaken]);
      expect(again.body.details?.issues[0]?.path).toEqual(["code"]);
      expect(await audits("campaign.create", created.body.id)).toHaveLength(1);
    });

    it("keeps the end after the start, also against the stored dates", async () => {
      const backwards = await fail(admin, "/admin/campaigns", "POST", {
        ...body,
        code: "ALTRA",
        endsAt: "2026-12-31T00:00:00.000Z",
      });
      expect([backwards.status, backwards.body.message]).toEqual([400, MESSAGES.endBeforeStart]);

      const created = await call<AdminCampaign>(admin, "/admin/campaigns", "POST", {
        ...body,
        code: "DATE-1",
      });
      const id = created.body.id;
      const end = await fail(admin, `/admin/campaigns/${id}`, "PATCH", {
        endsAt: "2026-06-01T00:00:00.000Z",
      });
      expect([end.status, end.body.message]).toEqual([400, MESSAGES.endBeforeStart]);
      const start = await fail(admin, `/admin/campaigns/${id}`, "PATCH", {
        startsAt: "2028-01-01T00:00:00.000Z",
      });
      expect([start.status, start.body.details?.issues[0]?.path]).toEqual([400, ["startsAt"]]);

      const ok = await call<AdminCampaign>(admin, `/admin/campaigns/${id}`, "PATCH", {
        coveragePercent: 100,
        maxAmount: null,
        endsAt: null,
        active: false,
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ coveragePercent: 100, maxAmount: null, endsAt: null, active: false });
      expect((await audits("campaign.update", id))[0]?.meta).toEqual({
        fields: ["active", "coveragePercent", "endsAt", "maxAmount"],
      });
    });

    it("sets the sponsor's budget, changes it and takes it off (no limit)", async () => {
      const created = await call<AdminCampaign>(admin, "/admin/campaigns", "POST", {
        ...body,
        code: "BUDGET-1",
        budget: 3000,
      });
      expect(created.body.budget).toBe(3000);
      const id = created.body.id;
      const lower = await call<AdminCampaign>(admin, `/admin/campaigns/${id}`, "PATCH", { budget: 1234.5 });
      expect(lower.body.budget).toBe(1234.5);
      const none = await call<AdminCampaign>(admin, `/admin/campaigns/${id}`, "PATCH", { budget: null });
      expect(none.body.budget).toBeNull();
      const negative = await fail(admin, `/admin/campaigns/${id}`, "PATCH", { budget: -1 });
      expect([negative.status, negative.body.message]).toEqual([400, MESSAGES.negativeAmount]);
    });

    it("answers 404 for an unknown campaign and 400 for an id that is not one", async () => {
      expect((await fail(admin, `/admin/campaigns/${NO_SUCH_ID}`, "PATCH", { active: false })).status).toBe(
        404,
      );
      const bad = await fail(admin, "/admin/campaigns/42", "PATCH", { active: false });
      expect([bad.status, bad.body.message]).toEqual([400, MESSAGES.invalidId]);
      const coverage = await fail(admin, "/admin/campaigns", "POST", {
        ...body,
        code: "C-3",
        coveragePercent: 101,
      });
      expect([coverage.status, coverage.body.message]).toEqual([400, MESSAGES.coverageRange]);
    });
  });

  describe("vouchers", () => {
    it("creates, lists and edits a voucher; a taken code (any case) is a 409", async () => {
      const created = await call<AdminVoucher>(admin, "/admin/vouchers", "POST", {
        code: "estate-25",
        discountAmount: 25,
        maxUses: 100,
        expiresAt: "2027-09-30T21:59:59.999Z",
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        code: "ESTATE-25",
        discountAmount: 25,
        maxUses: 100,
        uses: 0,
        active: true,
      });
      expect((await call<AdminVoucher[]>(admin, "/admin/vouchers")).body.map((v) => v.code)).toEqual(
        expect.arrayContaining(["ESTATE-25", "BENVENUTO10", "ARGINE"]),
      );

      const taken = await fail(admin, "/admin/vouchers", "POST", { code: "benvenuto10" });
      expect([taken.status, taken.body.message]).toEqual([409, MESSAGES.codeTaken]);

      const edited = await call<AdminVoucher>(admin, `/admin/vouchers/${created.body.id}`, "PATCH", {
        discountAmount: null,
        active: false,
      });
      expect(edited.body).toMatchObject({ discountAmount: null, active: false, code: "ESTATE-25" });
    });

    it("refuses short or malformed codes and out-of-range discounts, in Italian", async () => {
      const cases: [unknown, string][] = [
        [{ code: "AB" }, MESSAGES.voucherMinLength],
        [{ code: "SCONTO 10" }, MESSAGES.codeFormat],
        [{ code: "SCONTO10", discountAmount: 0 }, MESSAGES.voucherPercentRange],
        [{ code: "SCONTO10", expiresAt: "2027-02-30T00:00:00Z" }, MESSAGES.invalidDate],
      ];
      for (const [body, message] of cases) {
        const res = await fail(admin, "/admin/vouchers", "POST", body);
        expect([res.status, res.body.message]).toEqual([400, message]);
      }
      expect((await fail(admin, `/admin/vouchers/${NO_SUCH_ID}`, "PATCH", { active: true })).status).toBe(
        404,
      );
    });
  });

  describe("gift cards", () => {
    it("creates a card whose balance starts at its amount, and takes it out of use with a zero balance", async () => {
      const created = await call<AdminGiftCard>(admin, "/admin/gift-cards", "POST", {
        code: "regalo-2027",
        amount: 80,
        productCodes: ["DEFENCE"],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        code: "REGALO-2027",
        promo: null,
        amount: 80,
        balance: 80,
        assigned: false,
        expiresAt: null,
      });
      const id = created.body.id;
      const over = await fail(admin, `/admin/gift-cards/${id}`, "PATCH", { balance: 80.01 });
      expect([over.status, over.body.message]).toEqual([400, MESSAGES.balanceAboveAmount]);
      const zero = await call<AdminGiftCard>(admin, `/admin/gift-cards/${id}`, "PATCH", {
        balance: 0,
        expiresAt: "2027-12-31T22:59:59.999Z",
      });
      expect(zero.body).toMatchObject({ balance: 0, amount: 80, expiresAt: "2027-12-31T22:59:59.999Z" });
      const list = await call<AdminGiftCard[]>(admin, "/admin/gift-cards");
      expect(list.body.map((g) => g.code)).toEqual(
        expect.arrayContaining(["REGALO-2027", "DIFESA-PROMO-150"]),
      );
      expect(await audits("gift-card.update", id)).toHaveLength(1);
    });

    it("keeps promo cards within 150 € and codes unique", async () => {
      const promo = await fail(admin, "/admin/gift-cards", "POST", {
        code: "PROMO-X",
        promo: "ESTATE",
        amount: 200,
      });
      expect([promo.status, promo.body.message]).toEqual([400, MESSAGES.promoGiftCardMax]);
      const taken = await fail(admin, "/admin/gift-cards", "POST", { code: "difesa-promo-150", amount: 10 });
      expect([taken.status, taken.body.message]).toEqual([409, MESSAGES.codeTaken]);
      const none = await fail(admin, "/admin/gift-cards", "POST", { code: "ZERO-1", amount: 0 });
      expect([none.status, none.body.message]).toEqual([400, MESSAGES.amountNotPositive]);
    });
  });

  describe("one transaction per change", () => {
    it("makes no change whose audit line cannot be written", async () => {
      // The database refuses every audit line meanwhile (a trigger raising): the change must go with it.
      const auditRefused = async <T>(run: () => Promise<T>): Promise<T> => {
        await s.handle.db.execute(
          sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as
            $$ begin raise exception 'audit log unavailable'; end $$`),
        );
        await s.handle.db.execute(
          sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`,
        );
        try {
          return await run();
        } finally {
          await s.handle.db.execute(sql`drop trigger refuse_audit on audit_log`);
        }
      };
      const patch = await auditRefused(() =>
        fail(admin, "/admin/products/PACKAGE", "PATCH", { name: "Mai salvato" }),
      );
      expect(patch.status).toBe(500);
      const stored = (await call<AdminProduct[]>(admin, "/admin/products")).body.find(
        (p) => p.code === "PACKAGE",
      );
      expect(stored?.name).not.toBe("Mai salvato");
      expect(await audits("product.update", "PACKAGE")).toHaveLength(0);

      const voucher = await auditRefused(() => fail(admin, "/admin/vouchers", "POST", { code: "MAI-NATO" }));
      expect(voucher.status).toBe(500);
      expect((await call<AdminVoucher[]>(admin, "/admin/vouchers")).body.map((v) => v.code)).not.toContain(
        "MAI-NATO",
      );
      // Nothing was left half-done: the same code is free, and the change goes through with its line.
      const created = await call<AdminVoucher>(admin, "/admin/vouchers", "POST", { code: "MAI-NATO" });
      expect(created.status).toBe(201);
      expect(await audits("voucher.create", created.body.id)).toHaveLength(1);
    });
  });
});
