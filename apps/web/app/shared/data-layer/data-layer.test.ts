import { afterEach, describe, expect, it } from "vitest";
import { ANALYTICS_CONSENT_COOKIE, hasAnalyticsConsent, trackEvent } from "./data-layer.ts";

/** Plays the part of the cookie notice, which sets the consent cookie in the browser. */
function setConsentCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: a test double for the browser's cookie jar
  document.cookie = `${ANALYTICS_CONSENT_COOKIE}=${value}; path=/`;
}

describe("data layer", () => {
  afterEach(() => {
    setConsentCookie("; expires=Thu, 01 Jan 1970 00:00:00 GMT");
    window.dataLayer = undefined;
  });

  it("records nothing without the consent cookie equal to true", () => {
    trackEvent("feedback_download", "u1");
    expect(window.dataLayer).toBeUndefined();
    setConsentCookie("false");
    trackEvent("feedback_download", "u1");
    expect(window.dataLayer).toBeUndefined();
  });

  it("pushes the event with the user id when known, once consent is given", () => {
    setConsentCookie("true");
    trackEvent("feedback_download");
    trackEvent("login", "u1");
    expect(window.dataLayer).toEqual([{ event: "feedback_download" }, { event: "login", userId: "u1" }]);
  });

  it("reads the cookie among others", () => {
    expect(hasAnalyticsConsent(`a=1; ${ANALYTICS_CONSENT_COOKIE}=true; b=2`)).toBe(true);
    expect(hasAnalyticsConsent(`${ANALYTICS_CONSENT_COOKIE}=truex`)).toBe(false);
  });
});
