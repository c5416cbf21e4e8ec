import { describe, expect, it } from "vitest";
import { amrHasSecondFactor, lacksSecondFactorFor } from "../identity/policy.ts";
import { canEditComment, canReleaseAssignment, canWorkCases, practicesPolicy } from "./policy.ts";

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

describe("practicesPolicy: read, status and services", () => {
  // Staff signed in with their second factor (ADR 036); without it, below.
  const lawyer = { userId: "l1", roles: ["lawyer" as const], secondFactor: true };
  const admin = { userId: "a1", roles: ["admin" as const], secondFactor: true };
  const mine = { ownerId: "u1" };
  const theirs = { ownerId: "u2" };

  it("refuses staff without a second factor every action on a client's case, and says why", () => {
    const oneFactor = { userId: "l2", roles: ["lawyer" as const] };
    for (const action of [
      "read",
      "comment",
      "change-status",
      "manage-services",
      "contact-client",
      "assign",
    ] as const)
      expect(practicesPolicy(oneFactor, action, theirs)).toBe(false);
    expect(lacksSecondFactorFor(oneFactor, theirs)).toBe(true);
    expect(lacksSecondFactorFor(lawyer, theirs)).toBe(false);
    // The lists stay theirs, and a staff member's own case needs nothing more.
    expect(practicesPolicy(oneFactor, "work-cases")).toBe(true);
    expect(practicesPolicy({ ...oneFactor, userId: "u2" }, "read", theirs)).toBe(true);
    expect(lacksSecondFactorFor({ ...oneFactor, userId: "u2" }, theirs)).toBe(false);
    // A client is never refused for it.
    expect(lacksSecondFactorFor({ userId: "u1", roles: [] }, theirs)).toBe(false);
  });

  it("reads the second factor from the token's amr", () => {
    expect(amrHasSecondFactor(["pwd", "otp"])).toBe(true);
    expect(amrHasSecondFactor(["pwd"])).toBe(false);
    expect(amrHasSecondFactor("otp")).toBe(false);
    expect(amrHasSecondFactor(undefined)).toBe(false);
  });

  it("lets the owner and staff read and change the status; nobody else", () => {
    for (const action of ["read", "change-status"] as const) {
      expect(practicesPolicy(giulia, action, mine)).toBe(true);
      expect(practicesPolicy(giulia, action, theirs)).toBe(false);
      expect(practicesPolicy(lawyer, action, theirs)).toBe(true);
      expect(practicesPolicy(admin, action, theirs)).toBe(true);
      expect(practicesPolicy(null, action, mine)).toBe(false);
    }
  });

  it("lets only staff change the services a practice can buy", () => {
    expect(practicesPolicy(giulia, "manage-services", mine)).toBe(false);
    expect(practicesPolicy(lawyer, "manage-services", theirs)).toBe(true);
    expect(practicesPolicy(admin, "manage-services", theirs)).toBe(true);
  });

  it("lets only staff email a client", () => {
    expect(practicesPolicy(giulia, "contact-client", mine)).toBe(false);
    expect(practicesPolicy(lawyer, "contact-client", theirs)).toBe(true);
    expect(practicesPolicy(admin, "contact-client", theirs)).toBe(true);
  });

  it("lets only the owner delete a practice: staff do not erase a victim's case", () => {
    expect(practicesPolicy(giulia, "delete", mine)).toBe(true);
    expect(practicesPolicy(giulia, "delete", theirs)).toBe(false);
    expect(practicesPolicy(lawyer, "delete", theirs)).toBe(false);
    expect(practicesPolicy(admin, "delete", theirs)).toBe(false);
    expect(practicesPolicy(null, "delete", mine)).toBe(false);
  });
});

describe("working every case", () => {
  it("is for staff: every practice listed, the work queue, the team's status moves", () => {
    expect(practicesPolicy({ userId: "l1", roles: ["lawyer"] }, "work-cases")).toBe(true);
    expect(practicesPolicy({ userId: "a1", roles: ["admin"] }, "work-cases")).toBe(true);
    expect(practicesPolicy(giulia, "work-cases")).toBe(false);
    expect(practicesPolicy(null, "work-cases")).toBe(false);
  });

  it("is what the web's staff screens ask of the roles alone", () => {
    expect(canWorkCases(["lawyer"])).toBe(true);
    expect(canWorkCases(["admin"])).toBe(true);
    expect(canWorkCases([])).toBe(false);
    expect(canWorkCases(undefined)).toBe(false);
  });
});

describe("comments", () => {
  it("are edited by their author only", () => {
    expect(canEditComment(giulia, { authorId: "u1" })).toBe(true);
    expect(canEditComment({ userId: "a1", roles: ["admin"] }, { authorId: "u1" })).toBe(false);
    expect(canEditComment(null, { authorId: "u1" })).toBe(false);
  });
});

describe("taking a case in charge", () => {
  const lawyer = { userId: "l1", roles: ["lawyer" as const], secondFactor: true };
  const colleague = { userId: "l2", roles: ["lawyer" as const], secondFactor: true };
  const admin = { userId: "a1", roles: ["admin" as const], secondFactor: true };

  it("is for staff only", () => {
    expect(practicesPolicy(lawyer, "assign", { ownerId: "u1" })).toBe(true);
    expect(practicesPolicy(admin, "assign", { ownerId: "u1" })).toBe(true);
    expect(practicesPolicy(giulia, "assign", { ownerId: "u1" })).toBe(false);
    expect(practicesPolicy(null, "assign", { ownerId: null })).toBe(false);
  });

  it("is let go by the lawyer who holds it or by an admin, not by a colleague or the client", () => {
    const held = { assignedLawyerId: "l1" };
    expect(canReleaseAssignment(lawyer, held)).toBe(true);
    expect(canReleaseAssignment(admin, held)).toBe(true);
    expect(canReleaseAssignment(colleague, held)).toBe(false);
    expect(canReleaseAssignment({ userId: "l1", roles: [] }, held)).toBe(false);
    expect(canReleaseAssignment(null, held)).toBe(false);
  });
});
