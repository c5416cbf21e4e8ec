import type { Actor } from "@argine/core/identity/policy";
import type { Db } from "@argine/db/client";
import { describe, expect, it } from "vitest";
import { audit } from "./audit.ts";
import { auditStaffRead } from "./staff-read.ts";

/**
 * A database that keeps the rows inserted: enough for a function that only inserts audit lines (the lines of
 * one turn come as one array: db queries/audit.ts).
 */
function recordingDb() {
  const rows: unknown[] = [];
  const db = {
    insert: () => ({
      values: async (values: unknown) => {
        rows.push(...(Array.isArray(values) ? values : [values]));
      },
    }),
  } as unknown as Db;
  return { db, rows };
}

const lawyer: Actor = { userId: "lawyer-1", roles: ["lawyer"] };
const client: Actor = { userId: "client-1", roles: [] };

describe("audit", () => {
  it("writes the action with its resource type from core, the resource and the details", async () => {
    const { db, rows } = recordingDb();
    await audit(db, lawyer, "service.status", "service-1", { from: "TO_START", to: "IN_PROGRESS" });
    await audit(db, lawyer, "order.refund.review_blocked", "order-1", {
      refundId: "refund-1",
      amountCents: 500,
      productCodes: ["DEFENCE"],
    });
    await audit(db, client, "practice.delete", "practice-1");
    expect(rows).toEqual([
      {
        actorId: "lawyer-1",
        action: "service.status",
        resourceType: "service",
        resourceId: "service-1",
        meta: { from: "TO_START", to: "IN_PROGRESS" },
      },
      {
        actorId: "lawyer-1",
        action: "order.refund.review_blocked",
        resourceType: "order",
        resourceId: "order-1",
        meta: { refundId: "refund-1", amountCents: 500, productCodes: ["DEFENCE"] },
      },
      { actorId: "client-1", action: "practice.delete", resourceType: "practice", resourceId: "practice-1" },
    ]);
  });

  it("accepts only the actions of core, each with its own details (checked by tsc, never run)", () => {
    const { db } = recordingDb();
    const wrongCalls = () => [
      // @ts-expect-error: no such action
      audit(db, lawyer, "service.status-changed", "service-1", { from: "TO_START", to: "IN_PROGRESS" }),
      // @ts-expect-error: a status that does not exist
      audit(db, lawyer, "service.status", "service-1", { from: "TO_START", to: "STARTED" }),
      // @ts-expect-error: the details of another action
      audit(db, lawyer, "user.role.grant", "user-1", { from: "TO_START", to: "IN_PROGRESS" }),
      // @ts-expect-error: details missing
      audit(db, lawyer, "takedown.urls", "service-1"),
      // @ts-expect-error: details for an action without
      audit(db, lawyer, "dead-letter.retry", "job-1", { retried: true }),
      // @ts-expect-error: a change is not a staff read
      auditStaffRead(db, lawyer, "service.assign", ["service-1"]),
    ];
    expect(typeof wrongCalls).toBe("function");
  });
});

describe("auditStaffRead", () => {
  it("writes one line with the ids staff saw", async () => {
    const { db, rows } = recordingDb();
    await auditStaffRead(db, lawyer, "newsletter.list", ["n-1", "n-2"]);
    expect(rows).toEqual([
      {
        actorId: "lawyer-1",
        action: "newsletter.list",
        resourceType: "newsletter_subscription",
        resourceId: "n-1,n-2",
      },
    ]);
  });

  it("writes nothing for a client reading their own data, or for an empty page", async () => {
    const { db, rows } = recordingDb();
    await auditStaffRead(db, client, "practice.read", ["practice-1"]);
    await auditStaffRead(db, lawyer, "practice.list", []);
    expect(rows).toEqual([]);
  });
});
