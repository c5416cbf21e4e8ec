import { describe, expect, it } from "vitest";
import { KNOWN_PLATFORMS, platformByCode, platformOf } from "./platforms.ts";

describe("the platform of a takedown URL", () => {
  it.each([
    ["https://www.facebook.com/profile.php?id=1", "FACEBOOK"],
    ["https://m.facebook.com/story.php", "FACEBOOK"],
    ["https://www.instagram.com/p/abc/", "INSTAGRAM"],
    ["https://vm.tiktok.com/xyz", "TIKTOK"],
    ["https://x.com/someone/status/1", "X"],
    ["https://twitter.com/someone", "X"],
    ["https://youtu.be/abc", "YOUTUBE"],
    ["https://t.me/canale/12", "TELEGRAM"],
    ["https://www.google.it/search?q=nome", "GOOGLE_SEARCH"],
    ["https://onlyfans.com/utente", "ONLYFANS"],
    ["https://it.pornhub.com/view_video.php?viewkey=1", "PORNHUB"],
  ])("%s is on %s", (url, code) => {
    expect(platformOf(url)?.code).toBe(code);
  });

  it("knows no platform for another site, a look-alike host or a search engine's other services", () => {
    expect(platformOf("https://example.org/pagina")).toBeNull();
    expect(platformOf("https://notfacebook.com/p")).toBeNull();
    expect(platformOf("https://facebook.com.example.org/p")).toBeNull();
    expect(platformOf("https://maps.google.com/place")).toBeNull();
    expect(platformOf("non un link")).toBeNull();
  });

  it("finds a stored code again, and every row waits for its review before production", () => {
    expect(platformByCode("TIKTOK")?.name).toBe("TikTok");
    expect(platformByCode("SCOMPARSA")).toBeNull();
    expect(
      KNOWN_PLATFORMS.every((platform) => !platform.reviewed && platform.source.startsWith("https://")),
    ).toBe(true);
  });
});
