import { describe, expect, it } from "vitest";
import type { Actor } from "../identity/policy.ts";
import { type DiaryAction, diaryPolicy } from "./policy.ts";

const owner: Actor = { userId: "u1", roles: [] };
const other: Actor = { userId: "u2", roles: [] };
// Staff signed in with their second factor (ADR 036), and a lawyer without it.
const lawyer: Actor = { userId: "l1", roles: ["lawyer"], secondFactor: true };
const admin: Actor = { userId: "a1", roles: ["admin"], secondFactor: true };
const lawyerWithoutFactor: Actor = { userId: "l2", roles: ["lawyer"] };

describe("the diary policy", () => {
  const table: [DiaryAction, boolean, boolean[]][] = [
    //                          owner  other  lawyer admin  lawyer w/o factor  nobody
    ["read", false, [true, false, false, false, false, false]],
    ["read", true, [true, false, true, true, false, false]],
    ["write", false, [true, false, false, false, false, false]],
    ["write", true, [true, false, false, false, false, false]],
  ];
  it.each(table)("%s, shared with the case: %s", (action, sharedWithCase, allowed) => {
    expect(
      [owner, other, lawyer, admin, lawyerWithoutFactor, null].map((actor) =>
        diaryPolicy(actor, action, { ownerId: "u1", sharedWithCase }),
      ),
    ).toEqual(allowed);
  });
});
