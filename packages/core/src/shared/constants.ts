// Business constants and limits (spec §9), in one place so web, api and jobs agree.

// Timing
export const LEGALIZATION_POLL_INTERVAL_MS = 1000;
export const ROUTER_HISTORY_SIZE = 10;
export const TOKEN_RENEWAL_MARGIN_MS = 60_000;
export const AUTH_PENDING_POLL_MS = 50;
export const DELAYED_LOAD_SIGNAL_MS = 1000;
export const PREVIEW_FADE_MS = 330;
export const CONTENT_API_CACHE_TTL_MS = 5000;
/** Spec §8 "Page loading": failures other than 404/500 are retried up to this many times. */
export const PAGE_DATA_MAX_RETRIES = 3;

// Uploads. "30 MB" is read as 30 MiB, the unit browsers and upload widgets count in.
export const MAX_UPLOAD_MB = 30;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
// A zip (.zip, and the zip a .docx is) expanded: bounded in entries, per entry and in total (ADR 020).
export const MAX_ZIP_ENTRIES = 1000;
export const MAX_ZIP_ENTRY_BYTES = 100 * 1024 * 1024;
export const MAX_ZIP_EXPANDED_BYTES = 300 * 1024 * 1024;

// Form limits
export const TAKEDOWN_MAX_URLS = 3;
export const VOUCHER_CODE_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;

// Cart and payments
export const CART_ROUNDING_DECIMALS = 2;
/** Percent applied when a valid voucher carries no discountAmount (spec §9, literally 1). */
export const VOUCHER_DEFAULT_DISCOUNT_PERCENT = 1;
export const ORDER_PAYMENT_TYPE = "STRIPE";
export const PROMO_GIFT_CARD_MAX_EUR = 150;
export const PRICES_INCLUDE_VAT = true;

// Legalization and documents
export const LEGALIZATION_PREPARATION_MAX_MS = 3 * 60_000;
export const FILE_GENERATION_MAX_MS = 12 * 60 * 60_000;
/** The same, in the hours the texts say ("entro 12 ore"). */
export const FILE_GENERATION_MAX_HOURS = FILE_GENERATION_MAX_MS / 3_600_000;
// Calendar years, not a fixed number of milliseconds: leap years make "1 year" vary.
export const FILES_RETENTION_YEARS = 1;
export const DOWNLOAD_LINK_VALIDITY_YEARS = 1;
export const VIDEO_CAPTURE_MARGIN_SECONDS = 30;

// Company
export const COMPANY_CAPITAL_EUR = 13_500;

// Layout (px)
export const BREAKPOINT_MOBILE_PX = 768;
export const BREAKPOINT_DESKTOP_PX = 992;
export const DROPDOWN_MAX_HEIGHT_PX = 300;
export const SMALL_MODAL_MAX_WIDTH_PX = 500;
export const LANDING_MAX_WIDTH_PX = 1024;
export const RECAP_CARD_MARGIN_BOTTOM_PX = 50;
export const FILE_DROP_HEIGHT_PX = 51;
export const FILE_DROP_MIN_WIDTH_PX = 320;
export const BUTTON_HEIGHT_PX = 45;
export const BUTTON_HEIGHT_MOBILE_PX = 40;

export const THEME_COLOR_NAMES = ["lilla", "white", "green", "darkBlue", "violette", "pinkHot"] as const;
export type ThemeColorName = (typeof THEME_COLOR_NAMES)[number];

/** Heading scale by level: font size range in px (min = max when fixed) and weight. */
export const HEADING_SCALE = {
  1: { minPx: 38, maxPx: 56, weight: 500 },
  2: { minPx: 20, maxPx: 25, weight: 700 },
  3: { minPx: 20, maxPx: 20, weight: 700 },
  4: { minPx: 18, maxPx: 18, weight: 700 },
  5: { minPx: 16, maxPx: 16, weight: 500 },
  6: { minPx: 14, maxPx: 14, weight: 300 },
} as const;
