import { describe, expect, it } from "vitest";
import { filesExpireAt, retentionStep } from "./files-retention.ts";

const DAY = 24 * 3600 * 1000;
const expireAt = new Date("2027-11-24T10:00:00Z");
const before = (days: number) => new Date(expireAt.getTime() - days * DAY);
const none = { warned30At: null, warned7At: null };

describe("the legalization files' retention", () => {
  it("warns 30 then 7 days before, then deletes at expiry", () => {
    expect(retentionStep(expireAt, before(31), none)).toBeNull();
    expect(retentionStep(expireAt, before(30), none)).toEqual({ kind: "warn", days: 30 });
    expect(retentionStep(expireAt, before(20), { ...none, warned30At: before(30) })).toBeNull();
    expect(retentionStep(expireAt, before(7), { ...none, warned30At: before(30) })).toEqual({
      kind: "warn",
      days: 7,
    });
    expect(retentionStep(expireAt, before(1), { warned30At: before(30), warned7At: before(7) })).toBeNull();
    expect(retentionStep(expireAt, expireAt, { warned30At: before(30), warned7At: before(7) })).toEqual({
      kind: "delete",
    });
  });

  it("sends only the 7 days' warning when the 30 days' pass was missed", () => {
    expect(retentionStep(expireAt, before(5), none)).toEqual({ kind: "warn", days: 7 });
    expect(retentionStep(expireAt, before(4), { ...none, warned7At: before(5) })).toBeNull();
  });
});

describe("when made files go", () => {
  it("is a calendar year after they were made, a leap day falling on the 1st of March", () => {
    expect(filesExpireAt(new Date("2026-11-25T10:00:00Z")).toISOString()).toBe("2027-11-25T10:00:00.000Z");
    expect(filesExpireAt(new Date("2028-02-29T10:00:00Z")).toISOString()).toBe("2029-03-01T10:00:00.000Z");
  });
});
