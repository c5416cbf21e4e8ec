import { describe, expect, it } from "vitest";
import { practicesPolicy } from "./policy.ts";

const giulia = { userId: "u1", roles: [] };

describe("practicesPolicy: claim", () => {
  it("lets a signed-in user claim an unowned practice or one already theirs", () => {
    expect(practicesPolicy(giulia, "claim", { ownerId: null })).toBe(true);
    expect(practicesPolicy(giulia, "claim", { ownerId: "u1" })).toBe(true);
  });

  it("never hands over someone else's practice, nor anything to an anonymous caller", () => {
    expect(practicesPolicy(giulia, "claim", { ownerId: "u2" })).toBe(false);
    expect(practicesPolicy({ userId: "admin", roles: ["admin"] }, "claim", { ownerId: "u2" })).toBe(false);
    expect(practicesPolicy(null, "claim", { ownerId: null })).toBe(false);
  });
});
