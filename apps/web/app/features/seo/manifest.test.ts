import { describe, expect, it } from "vitest";
import { DEFAULT_MANIFEST, manifestFor } from "./manifest.ts";

const english = { lang: "en", startPath: "/en/", href: "/manifest-en.webmanifest" };
const german = { lang: "de", startPath: "/de/", href: "/manifest-de.webmanifest" };

describe("manifestFor", () => {
  it("picks the language whose start path begins the current path", () => {
    const manifests = [DEFAULT_MANIFEST, english, german];
    expect(manifestFor("/en/services", manifests)).toBe(english);
    expect(manifestFor("/de/", manifests)).toBe(german);
    expect(manifestFor("/services/takedown", manifests)).toBe(DEFAULT_MANIFEST);
  });

  it("falls back to the default manifest when no language matches", () => {
    expect(manifestFor("/en/faq", [english])).toBe(english);
    expect(manifestFor("/faq", [english, german])).toBe(DEFAULT_MANIFEST);
  });
});
