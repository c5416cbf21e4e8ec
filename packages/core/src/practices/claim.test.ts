import { describe, expect, it } from "vitest";
import {
  CLAIM_MESSAGES,
  ClaimWithKeyBodySchema,
  formatClaimKey,
  normalizeClaimKey,
  normalizeTicketCode,
} from "./claim.ts";

describe("claim keys and practice codes as people type them", () => {
  it("read a key in any case, with or without its dash or spaces", () => {
    expect(normalizeClaimKey(" k7qm-2xfd ")).toBe("K7QM2XFD");
    expect(normalizeClaimKey("K7QM 2XFD")).toBe("K7QM2XFD");
    expect(formatClaimKey("k7qm2xfd")).toBe("K7QM-2XFD");
  });

  it("read a practice code with or without its AR- prefix", () => {
    expect(normalizeTicketCode("ar-7km2q9xd")).toBe("AR-7KM2Q9XD");
    expect(normalizeTicketCode("AR 7KM2Q9XD")).toBe("AR-7KM2Q9XD");
    expect(normalizeTicketCode("7km2q9xd")).toBe("AR-7KM2Q9XD");
    expect(normalizeTicketCode("XY-123")).toBe("XY123");
  });

  it("say in Italian what is missing or malformed, field by field", () => {
    const empty = ClaimWithKeyBodySchema.safeParse({ ticketCode: " ", claimKey: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["ticketCode", CLAIM_MESSAGES.ticketCodeRequired],
      ["claimKey", CLAIM_MESSAGES.claimKeyRequired],
    ]);
    const malformed = ClaimWithKeyBodySchema.safeParse({ ticketCode: "AR-12", claimKey: "K7QM-2XF" });
    expect(malformed.error?.issues.map((i) => i.message)).toEqual([
      CLAIM_MESSAGES.ticketCodeFormat,
      CLAIM_MESSAGES.claimKeyFormat,
    ]);
    expect(
      ClaimWithKeyBodySchema.safeParse({ ticketCode: "ar-7km2q9xd", claimKey: "k7qm 2xfd" }).success,
    ).toBe(true);
  });
});
