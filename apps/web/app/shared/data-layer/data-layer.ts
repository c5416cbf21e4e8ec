// Analytics events go to a data layer (spec §7 "Other calls"), with the user id when known, and only when
// the analytics consent cookie is exactly "true": without consent nothing is recorded at all.

export const ANALYTICS_CONSENT_COOKIE = "argine_analytics_consent";

/**
 * Events the spec names: page views, checkout steps, feedback and service downloads, login. The checkout's
 * three steps carry the names analytics tools know: the cart summary seen (begin_checkout), the payment
 * submitted (add_payment_info), the order paid (purchase).
 */
export type AnalyticsEvent =
  | "page_view"
  | "feedback_download"
  | "service_download"
  | "login"
  | "begin_checkout"
  | "add_payment_info"
  | "purchase";

export interface DataLayerEntry {
  event: AnalyticsEvent;
  userId?: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** Reads the visitor's choice: true, false, or null before they have chosen. */
export function analyticsConsent(
  cookie: string = typeof document === "undefined" ? "" : document.cookie,
): boolean | null {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === ANALYTICS_CONSENT_COOKIE) return value === "true";
  }
  return null;
}

/** Records the visitor's choice for 180 days; only the value "true" lets analytics run. */
export function saveAnalyticsConsent(accepted: boolean): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one small first-party cookie, read by analyticsConsent
  document.cookie = `${ANALYTICS_CONSENT_COOKIE}=${accepted}; Max-Age=${180 * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
}

export function hasAnalyticsConsent(
  cookie: string = typeof document === "undefined" ? "" : document.cookie,
): boolean {
  return cookie.split(";").some((part) => part.trim() === `${ANALYTICS_CONSENT_COOKIE}=true`);
}

/** Pushes one event; never personal data beyond the user id, never answers or practice contents. */
export function trackEvent(
  event: AnalyticsEvent,
  userId?: string | null,
  data: Record<string, string | number> = {},
) {
  if (typeof window === "undefined" || !hasAnalyticsConsent()) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...data, ...(userId ? { userId } : {}) });
}
