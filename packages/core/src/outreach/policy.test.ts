import { describe, expect, it } from "vitest";
import { outreachPolicy } from "./policy.ts";

describe("outreachPolicy", () => {
  const admin = { userId: "a", roles: ["admin"] as const };
  const lawyer = { userId: "l", roles: ["lawyer"] as const };
  const client = { userId: "c", roles: [] };

  it("lets anyone submit and only admins read", () => {
    for (const actor of [null, client, lawyer, admin]) expect(outreachPolicy(actor, "submit")).toBe(true);
    expect(outreachPolicy(admin, "read-all")).toBe(true);
    for (const actor of [null, client, lawyer]) expect(outreachPolicy(actor, "read-all")).toBe(false);
  });
});
