import { randomBytes } from "node:crypto";
import { giftCardCodeFrom } from "@argine/core/orders/gift-card-code";

/** A new gift-card code from the system's cryptographic randomness (core's format: 4 groups of 4). */
export function newGiftCardCode(): string {
  for (;;) {
    const code = giftCardCodeFrom(randomBytes(32));
    if (code) return code;
  }
}
