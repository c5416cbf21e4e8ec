import { describe, expect, it } from "vitest";
import * as C from "./constants.ts";

describe("business constants (spec §9)", () => {
  it("holds the timing values", () => {
    expect(C.LEGALIZATION_POLL_INTERVAL_MS).toBe(1000);
    expect(C.ROUTER_HISTORY_SIZE).toBe(10);
    expect(C.TOKEN_RENEWAL_MARGIN_MS).toBe(60000);
    expect(C.AUTH_PENDING_POLL_MS).toBe(50);
    expect(C.DELAYED_LOAD_SIGNAL_MS).toBe(1000);
    expect(C.PREVIEW_FADE_MS).toBe(330);
    expect(C.CONTENT_API_CACHE_TTL_MS).toBe(5000);
    expect(C.PAGE_DATA_MAX_RETRIES).toBe(3);
  });

  it("holds the upload and form limits", () => {
    expect(C.MAX_UPLOAD_MB).toBe(30);
    expect(C.MAX_UPLOAD_BYTES).toBe(31_457_280);
    expect(C.TAKEDOWN_MAX_URLS).toBe(3);
    expect(C.VOUCHER_CODE_MIN_LENGTH).toBe(3);
    expect(C.PASSWORD_MIN_LENGTH).toBe(8);
  });

  it("holds the cart, payment and company values", () => {
    expect(C.CART_ROUNDING_DECIMALS).toBe(2);
    expect(C.VOUCHER_DEFAULT_DISCOUNT_PERCENT).toBe(1);
    expect(C.ORDER_PAYMENT_TYPE).toBe("STRIPE");
    expect(C.PROMO_GIFT_CARD_MAX_EUR).toBe(150);
    expect(C.PRICES_INCLUDE_VAT).toBe(true);
    expect(C.COMPANY_CAPITAL_EUR).toBe(13500);
  });

  it("holds the legalization and document durations", () => {
    expect(C.LEGALIZATION_PREPARATION_MAX_MS).toBe(180_000);
    expect(C.FILE_GENERATION_MAX_MS).toBe(43_200_000);
    expect(C.FILES_RETENTION_YEARS).toBe(1);
    expect(C.DOWNLOAD_LINK_VALIDITY_YEARS).toBe(1);
    expect(C.VIDEO_CAPTURE_MARGIN_SECONDS).toBe(30);
  });

  it("holds the layout sizes", () => {
    expect([C.BREAKPOINT_MOBILE_PX, C.BREAKPOINT_DESKTOP_PX]).toEqual([768, 992]);
    expect(C.DROPDOWN_MAX_HEIGHT_PX).toBe(300);
    expect(C.SMALL_MODAL_MAX_WIDTH_PX).toBe(500);
    expect(C.LANDING_MAX_WIDTH_PX).toBe(1024);
    expect(C.RECAP_CARD_MARGIN_BOTTOM_PX).toBe(50);
    expect([C.FILE_DROP_HEIGHT_PX, C.FILE_DROP_MIN_WIDTH_PX]).toEqual([51, 320]);
    expect([C.BUTTON_HEIGHT_PX, C.BUTTON_HEIGHT_MOBILE_PX]).toEqual([45, 40]);
  });

  it("holds the theme colours and the heading scale", () => {
    expect(C.THEME_COLOR_NAMES).toEqual(["lilla", "white", "green", "darkBlue", "violette", "pinkHot"]);
    expect(C.HEADING_SCALE[1]).toEqual({ minPx: 38, maxPx: 56, weight: 500 });
    expect(C.HEADING_SCALE[2]).toEqual({ minPx: 20, maxPx: 25, weight: 700 });
    expect(C.HEADING_SCALE[6]).toEqual({ minPx: 14, maxPx: 14, weight: 300 });
  });
});
