// Analytics events go to a data layer (spec §7 "Other calls"), with the user id when known, and only when
// the analytics consent cookie is exactly "true": without consent nothing is recorded at all.

export const ANALYTICS_CONSENT_COOKIE = "argine_analytics_consent";

/** Events the spec names: checkout steps, feedback and service downloads, login. */
export type AnalyticsEvent = "feedback_download" | "service_download" | "login" | `checkout_step_${number}`;

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
