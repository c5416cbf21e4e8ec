import { describe, expect, it } from "vitest";
import { buysServices, ordersPolicy } from "./policy.ts";

const client = { userId: "u1", roles: [] };
const lawyer = { userId: "l1", roles: ["lawyer"] as const };
const admin = { userId: "a1", roles: ["admin"] as const };

describe("orders policy", () => {
  it("lets a client check out their own practice only, and staff none", () => {
    expect(ordersPolicy(client, "checkout", { ownerId: "u1" })).toBe(true);
    expect(ordersPolicy(client, "checkout", { ownerId: "u2" })).toBe(false);
    expect(ordersPolicy(client, "checkout", { ownerId: null })).toBe(false);
    expect(ordersPolicy(lawyer, "checkout", { ownerId: "u1" })).toBe(false);
    expect(ordersPolicy(null, "checkout", { ownerId: "u1" })).toBe(false);
  });

  it("lets a user read their own orders and gift cards, staff anyone's", () => {
    expect(ordersPolicy(client, "read", { ownerId: "u1" })).toBe(true);
    expect(ordersPolicy(client, "read", { ownerId: "u2" })).toBe(false);
    expect(ordersPolicy(lawyer, "read", { ownerId: "u1" })).toBe(true);
    expect(ordersPolicy(null, "read", { ownerId: "u1" })).toBe(false);
  });

  it("lets staff refund and only the buyer withdraw", () => {
    expect(ordersPolicy(lawyer, "refund", { ownerId: "u1" })).toBe(true);
    expect(ordersPolicy(admin, "refund", { ownerId: "u1" })).toBe(true);
    expect(ordersPolicy(client, "refund", { ownerId: "u1" })).toBe(false);
    expect(ordersPolicy(null, "refund", { ownerId: "u1" })).toBe(false);
    expect(ordersPolicy(client, "withdraw", { ownerId: "u1" })).toBe(true);
    expect(ordersPolicy(client, "withdraw", { ownerId: "u2" })).toBe(false);
    expect(ordersPolicy(lawyer, "withdraw", { ownerId: "u1" })).toBe(false);
  });
});

describe("who buys services", () => {
  it("is a client, never staff", () => {
    expect(buysServices([])).toBe(true);
    expect(buysServices(undefined)).toBe(true);
    expect(buysServices(["lawyer"])).toBe(false);
    expect(buysServices(["admin"])).toBe(false);
  });
});
