import { randomUUID } from "node:crypto";
import type { Order, OrderResponse } from "@argine/core/orders/orders-api";
import type { SandboxScenario } from "@argine/core/payments/sandbox-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import {
  auditLog,
  creditNotes,
  giftCards,
  invoices,
  orders,
  practices,
  receipts,
  refunds,
  services,
} from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutBody } from "../../../../test/checkout.ts";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { jobsSettled } from "../../../../test/jobs.ts";
import { paymentMethod, sandboxIntentsOf } from "../../../../test/sandbox.ts";

// Refunds and withdrawal (ADR 017) through the real routes and the sandbox provider: the card's share back
// at the provider, the gift card's to its balance, the services cancelled, the credit note numbered with
// totals equal to what went back, a retry that never refunds twice, and who may ask for what.

describe.each(testDbKinds())("refunds and withdrawal on %s", (kind) => {
  let s: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string };
  let clientId = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    tokens = await demoTokens(s);
    clientId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);
  let n = 0;
  /** A paid order of the demo client on a new practice, by the sandbox's card (and a gift card, if given). */
  const buy = async (
    items: string[],
    extra: Record<string, unknown> = {},
    scenario: SandboxScenario = "succeeds",
  ) => {
    const [practice] = await s.handle.db
      .insert(practices)
      .values({ ticketCode: `AR-RIM${kind.slice(0, 2)}${++n}`, ownerId: clientId })
      .returning();
    const res = await call<OrderResponse>(
      tokens.client,
      "/orders",
      "POST",
      checkoutBody(practice?.id as string, items, {
        payment: {
          type: "STRIPE",
          code: JSON.stringify({ payment_method_id: await paymentMethod(s.app.deps, scenario) }),
        },
        ...extra,
      }),
    );
    expect(res.status).toBe(200);
    return res.body.order as Order;
  };
  const refund = (order: Order, productCodes: string[], key = randomUUID(), token = tokens.lawyer) =>
    call<Order>(token, `/orders/${order.id}/refunds`, "POST", {
      productCodes,
      reason: "STAFF",
      note: "Servizio non più necessario",
      idempotencyKey: key,
    });
  const serviceStatuses = async (practiceId: string) =>
    Object.fromEntries(
      (await s.handle.db.select().from(services).where(eq(services.practiceId, practiceId))).map((row) => [
        row.serviceType,
        row.status,
      ]),
    );
  const refundedAtSandbox = async (order: Order) =>
    (await sandboxIntentsOf(s.handle.db, order.practiceId))[0]?.amountRefundedCents;

  it("refunds one line: the card's share at the provider, the services cancelled, a credit note of that amount", async () => {
    const order = await buy(["TAKEDOWN", "INJUCTION"]);
    const line = order.lines.find((l) => l.productCode === "INJUCTION");
    const res = await refund(order, ["INJUCTION"]);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("PARTIALLY_REFUNDED");
    expect(res.body.lines.map((l) => [l.productCode, l.refunded])).toEqual([
      ["TAKEDOWN", false],
      ["INJUCTION", true],
    ]);
    expect(await refundedAtSandbox(order)).toBe(Math.round((line?.finalPrice ?? 0) * 100));
    expect(await serviceStatuses(order.practiceId)).toEqual({ TAKEDOWN: "TO_START", INJUCTION: "CANCELLED" });
    const [note] = await s.handle.db
      .select()
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .where(eq(refunds.orderId, order.id));
    expect(note?.credit_notes.totalCents).toBe(Math.round((line?.finalPrice ?? 0) * 100));
    expect((note?.credit_notes.taxableCents ?? 0) + (note?.credit_notes.vatCents ?? 0)).toBe(
      note?.credit_notes.totalCents,
    );
    // The seller and the customer as on the invoice the payment issued, which the note corrects.
    const [invoice] = await s.handle.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(note?.credit_notes.invoiceId).toBe(invoice?.id);
    expect(note?.credit_notes.seller).toEqual(invoice?.seller);
    expect(note?.credit_notes.customer).toEqual(invoice?.customer);
    expect(note?.credit_notes.lines.map((l) => l.productCode)).toEqual(["INJUCTION"]);
    expect(res.body.creditNotes).toEqual([
      {
        number: `NC-${note?.credit_notes.year}/${note?.credit_notes.number}`,
        url: expect.stringContaining("/v1/orders/credit-note?token="),
      },
    ]);
    const [receipt] = await s.handle.db
      .select()
      .from(receipts)
      .where(eq(receipts.refundId, note?.refunds.id as string));
    expect(receipt?.amountCents).toBe(note?.credit_notes.totalCents);
    // The client hears there is news, and nothing of which service or why.
    await jobsSettled(s.handle.db);
    const mail = await s.mailer.lastTo("cliente@demo.argine.it");
    expect(mail?.subject).toBe("C'è un aggiornamento sui tuoi ordini");
    expect(mail?.text).not.toContain("Diffida");
    const audit = await s.handle.db.select().from(auditLog).where(eq(auditLog.resourceId, order.id));
    expect(audit.map((a) => a.action)).toContain("order.refund.staff");

    // The client's list says the same.
    const mine = await call<{ data: Order[] }>(tokens.client, "/orders");
    expect(mine.body.data.find((o) => o.id === order.id)?.lines.find((l) => l.refunded)?.productCode).toBe(
      "INJUCTION",
    );
  });

  it("refunds a whole order, each credit note numbered after the last, and never a line twice", async () => {
    const order = await buy(["TAKEDOWN", "INJUCTION"]);
    const first = await refund(order, ["TAKEDOWN"]);
    expect(first.status).toBe(201);
    const again = await refund(order, ["TAKEDOWN", "INJUCTION"]);
    expect(again.status).toBe(409);
    expect((again.body as unknown as { message: string }).message).toBe(MESSAGES.alreadyRefunded);
    const rest = await refund(order, ["INJUCTION"]);
    expect(rest.body.status).toBe("REFUNDED");
    expect(await refundedAtSandbox(order)).toBe(Math.round(order.cardAmount * 100));
    const numbers = rest.body.creditNotes.map((c) => Number(c.number.split("/")[1]));
    expect(numbers).toHaveLength(2);
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
  });

  it("gives the gift card's share back to its balance and the rest to the card", async () => {
    const code = `RIMBORSO-${kind.toUpperCase()}-${randomUUID().slice(0, 8).toUpperCase()}`;
    const [card] = await s.handle.db
      .insert(giftCards)
      .values({ code, amountCents: 5_000, balanceCents: 5_000 })
      .returning();
    const order = await buy(["TAKEDOWN", "INJUCTION"], { giftCardCode: code });
    expect(order.giftCardAmount).toBe(50);
    const res = await refund(order, ["TAKEDOWN", "INJUCTION"]);
    expect(res.body.status).toBe("REFUNDED");
    const [after] = await s.handle.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.id, card?.id as string));
    expect(after?.balanceCents).toBe(5_000);
    expect(await refundedAtSandbox(order)).toBe(Math.round(order.cardAmount * 100));
    // One credit note for the whole order: the gift card is a means of payment, so the note carries the full
    // price and says how the money went back.
    expect(res.body.creditNotes).toHaveLength(1);
    const [note] = await s.handle.db
      .select()
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .where(eq(refunds.orderId, order.id));
    expect(note?.credit_notes.totalCents).toBe(Math.round(order.amount * 100));
    expect(note?.refunds.giftCardCents).toBe(5_000);
  });

  it("leaves a refund the provider failed retryable with the same key, and refunds once", async () => {
    const order = await buy(["TAKEDOWN"]);
    const key = randomUUID();
    const spy = vi.spyOn(s.app.deps.payments, "refund").mockRejectedValueOnce(new Error("provider timeout"));
    const failed = await refund(order, ["TAKEDOWN"], key);
    expect(failed.status).toBe(503);
    expect((failed.body as unknown as { message: string }).message).toBe(MESSAGES.refundProviderFailed);
    const [row] = await s.handle.db.select().from(refunds).where(eq(refunds.id, key));
    expect(row?.status).toBe("FAILED");
    // Staff see the line's refund as not confirmed, with the key to retry it; nobody can refund it anew.
    const listed = await call<Order[]>(tokens.lawyer, `/practices/${order.practiceId}/orders`);
    expect(listed.body[0]?.lines[0]).toMatchObject({ refunded: false, pendingRefundId: key });
    expect((await refund(order, ["TAKEDOWN"])).status).toBe(409);
    spy.mockRestore();
    const retried = await refund(order, ["TAKEDOWN"], key);
    expect(retried.status).toBe(201);
    expect(retried.body.status).toBe("REFUNDED");
    // The same key once more answers the refund as it is, without a second one at the provider.
    expect((await refund(order, ["TAKEDOWN"], key)).status).toBe(201);
    expect(await refundedAtSandbox(order)).toBe(Math.round(order.cardAmount * 100));
  });

  it("cancels the three services a refunded package bundles", async () => {
    const order = await buy(["PACKAGE"]);
    expect((await refund(order, ["PACKAGE"])).body.status).toBe("REFUNDED");
    expect(await serviceStatuses(order.practiceId)).toEqual({
      LEGALIZATION: "CANCELLED",
      TAKEDOWN: "CANCELLED",
      INJUCTION: "CANCELLED",
    });
  });

  it("refunds a service a later human review blocked, with that reason", async () => {
    const order = await buy(["TAKEDOWN"]);
    const res = await call<Order>(tokens.admin, `/orders/${order.id}/refunds`, "POST", {
      productCodes: ["TAKEDOWN"],
      reason: "REVIEW_BLOCKED",
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(201);
    const [row] = await s.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row?.reason).toBe("REVIEW_BLOCKED");
    expect(await serviceStatuses(order.practiceId)).toEqual({ TAKEDOWN: "CANCELLED" });
  });

  it("refuses the staff route to the client (403) and shows staff the practice's orders", async () => {
    const order = await buy(["TAKEDOWN"]);
    expect((await refund(order, ["TAKEDOWN"], randomUUID(), tokens.client)).status).toBe(403);
    expect((await refund({ ...order, id: randomUUID() }, ["TAKEDOWN"])).status).toBe(404);
    expect((await refund(order, ["DEFENCE"])).status).toBe(400);
    const list = await call<Order[]>(tokens.lawyer, `/practices/${order.practiceId}/orders`);
    expect(list.status).toBe(200);
    expect(list.body.map((o) => o.id)).toEqual([order.id]);
    expect((await call(tokens.client, `/practices/${order.practiceId}/orders`)).status).toBe(403);
  });

  it("lets the client withdraw within 14 days from services not begun, and says what to do otherwise", async () => {
    const order = await buy(["TAKEDOWN", "INJUCTION"]);
    const [stored] = await s.handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.withdrawalWaiverAt).not.toBeNull();
    expect(order.withdrawableUntil).not.toBeNull();
    await s.handle.db
      .update(services)
      .set({ status: "IN_PROGRESS" })
      .where(eq(services.practiceId, order.practiceId));
    const begun = await call<Order>(tokens.client, `/orders/${order.id}/withdrawal`, "POST", {
      productCodes: ["INJUCTION"],
    });
    expect(begun.status).toBe(409);
    expect((begun.body as unknown as { message: string }).message).toBe(MESSAGES.withdrawalServiceBegun);

    await s.handle.db
      .update(services)
      .set({ status: "TO_START" })
      .where(eq(services.serviceType, "INJUCTION"));
    const withdrawn = await call<Order>(tokens.client, `/orders/${order.id}/withdrawal`, "POST", {
      productCodes: ["INJUCTION"],
    });
    expect(withdrawn.status).toBe(201);
    expect(withdrawn.body.lines.find((l) => l.productCode === "INJUCTION")?.refunded).toBe(true);
    const [row] = await s.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row?.reason).toBe("WITHDRAWAL");
    expect(row?.requestedBy).toBe(clientId);
    // A second click asks for the same withdrawal: answered as done, refunded once.
    const twice = await call<Order>(tokens.client, `/orders/${order.id}/withdrawal`, "POST", {
      productCodes: ["INJUCTION"],
    });
    expect(twice.status).toBe(201);
    const injunction = order.lines.find((l) => l.productCode === "INJUCTION")?.finalPrice ?? 0;
    expect(await refundedAtSandbox(order)).toBe(Math.round(injunction * 100));
    // Staff may not withdraw on the client's behalf: they refund.
    expect(
      (await call(tokens.lawyer, `/orders/${order.id}/withdrawal`, "POST", { productCodes: ["TAKEDOWN"] }))
        .status,
    ).toBe(403);
  });

  it("marks on the order which services may still be withdrawn, by the rule the withdrawal route applies", async () => {
    const order = await buy(["TAKEDOWN", "INJUCTION"]);
    const withdrawable = (o: Order | undefined) =>
      Object.fromEntries((o?.lines ?? []).map((l) => [l.productCode, l.withdrawable]));
    expect(withdrawable(order)).toEqual({ TAKEDOWN: true, INJUCTION: true });
    const mine = async () =>
      (await call<{ data: Order[] }>(tokens.client, "/orders")).body.data.find((o) => o.id === order.id);
    const setStatus = (serviceType: "TAKEDOWN" | "INJUCTION", status: "IN_PROGRESS" | "DOCUMENTS_READY") =>
      s.handle.db
        .update(services)
        .set({ status })
        .where(and(eq(services.practiceId, order.practiceId), eq(services.serviceType, serviceType)));

    await setStatus("TAKEDOWN", "IN_PROGRESS");
    const started = await mine();
    expect(withdrawable(started)).toEqual({ TAKEDOWN: false, INJUCTION: true });
    expect(started?.withdrawableUntil).not.toBeNull();

    await setStatus("INJUCTION", "DOCUMENTS_READY");
    const delivered = await mine();
    expect(withdrawable(delivered)).toEqual({ TAKEDOWN: false, INJUCTION: false });
    // Nothing left to withdraw from: the page offers no withdrawal, and the route says why it refuses.
    expect(delivered?.withdrawableUntil).toBeNull();
    const refused = await call(tokens.client, `/orders/${order.id}/withdrawal`, "POST", {
      productCodes: ["INJUCTION"],
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(MESSAGES.withdrawalServiceBegun);
  });

  it("refuses a withdrawal 14 days after the payment", async () => {
    const order = await buy(["TAKEDOWN"]);
    await s.handle.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 14 * 24 * 3600_000 - 60_000) })
      .where(eq(orders.id, order.id));
    const late = await call<Order>(tokens.client, `/orders/${order.id}/withdrawal`, "POST", {
      productCodes: ["TAKEDOWN"],
    });
    expect(late.status).toBe(409);
    expect((late.body as unknown as { message: string }).message).toBe(MESSAGES.withdrawalExpired);
    const mine = await call<{ data: Order[] }>(tokens.client, "/orders");
    expect(mine.body.data.find((o) => o.id === order.id)?.withdrawableUntil).toBeNull();
  });

  // A race needs concurrent connections: PostgreSQL's (PGlite runs one transaction at a time).
  it.runIf(kind === "postgres")(
    "refunds a line once when two staff refund it at the same moment",
    async () => {
      const order = await buy(["TAKEDOWN", "INJUCTION"]);
      const results = await Promise.all([
        refund(order, ["INJUCTION"]),
        refund(order, ["INJUCTION"], randomUUID(), tokens.admin),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const rows = await s.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(rows).toHaveLength(1);
      const injunction = order.lines.find((l) => l.productCode === "INJUCTION")?.finalPrice ?? 0;
      expect(await refundedAtSandbox(order)).toBe(Math.round(injunction * 100));
    },
  );

  it.runIf(kind === "postgres")(
    "refuses a withdrawal from a service a lawyer starts at the same moment, and refunds nothing",
    async () => {
      const order = await buy(["TAKEDOWN", "INJUCTION"]);
      // The lawyer's status change, still open: the service's row is taken, not yet committed.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken = () => {};
      const rowTaken = new Promise<void>((resolve) => {
        taken = resolve;
      });
      const lawyer = s.handle.db.transaction(async (tx) => {
        await tx
          .update(services)
          .set({ status: "IN_PROGRESS" })
          .where(and(eq(services.practiceId, order.practiceId), eq(services.serviceType, "INJUCTION")));
        taken();
        await held;
      });
      await rowTaken;
      const withdrawal = call<Order>(tokens.client, `/orders/${order.id}/withdrawal`, "POST", {
        productCodes: ["INJUCTION"],
      });
      // The withdrawal reaches the service's row and waits there; then the lawyer's change commits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await lawyer;
      const answer = await withdrawal;
      expect(answer.status).toBe(409);
      expect((answer.body as unknown as { message: string }).message).toBe(MESSAGES.withdrawalServiceBegun);
      expect(await s.handle.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
      expect(await refundedAtSandbox(order)).toBe(0);
    },
  );
});
