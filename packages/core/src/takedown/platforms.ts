// The platforms a takedown URL is most often on (ADR 021), with where each takes notices of illegal
// content. Written from the platforms' public help pages; none can be checked from here, so every row is
// `reviewed: false` until someone opens its pages before production and sets it true.

export interface KnownPlatform {
  /** Stored on the notice (takedown_notices.platform). */
  code: string;
  name: string;
  /** Host names, matched with their subdomains ("m.facebook.com" is facebook.com). */
  hosts: readonly string[];
  /** Only URLs whose path starts so (a search engine's results, not its other services). */
  pathPrefix?: string;
  /** Where the notice is sent: the platform's reporting form or address. */
  reportTo: string;
  /** The public page the reporting address was taken from. */
  source: string;
  reviewed: boolean;
}

export const KNOWN_PLATFORMS: readonly KnownPlatform[] = [
  {
    code: "FACEBOOK",
    name: "Facebook (Meta)",
    hosts: ["facebook.com", "fb.com", "fb.watch", "messenger.com"],
    reportTo: "https://www.facebook.com/help/contact/1216630695070405",
    source: "https://transparency.meta.com/it-it/policies/other-policies/dsa-illegal-content-reporting",
    reviewed: false,
  },
  {
    code: "INSTAGRAM",
    name: "Instagram (Meta)",
    hosts: ["instagram.com", "instagr.am"],
    reportTo: "https://help.instagram.com/contact/406206379945942",
    source: "https://transparency.meta.com/it-it/policies/other-policies/dsa-illegal-content-reporting",
    reviewed: false,
  },
  {
    code: "TIKTOK",
    name: "TikTok",
    hosts: ["tiktok.com"],
    reportTo: "https://www.tiktok.com/legal/report/DSA",
    source: "https://www.tiktok.com/legal/page/eea/dsa-report/it-IT",
    reviewed: false,
  },
  {
    code: "X",
    name: "X (Twitter)",
    hosts: ["x.com", "twitter.com", "t.co"],
    reportTo: "https://help.x.com/it/forms/dsa/report",
    source: "https://help.x.com/it/rules-and-policies/digital-services-act",
    reviewed: false,
  },
  {
    code: "YOUTUBE",
    name: "YouTube",
    hosts: ["youtube.com", "youtu.be"],
    reportTo: "https://support.google.com/youtube/contact/dsa_report",
    source: "https://support.google.com/youtube/answer/2802027?hl=it",
    reviewed: false,
  },
  {
    code: "TELEGRAM",
    name: "Telegram",
    hosts: ["telegram.org", "t.me", "telegram.me"],
    reportTo: "dsa-report@telegram.org",
    source: "https://telegram.org/tos/eu-dsa",
    reviewed: false,
  },
  {
    code: "GOOGLE_SEARCH",
    name: "Ricerca Google",
    hosts: ["google.com", "google.it"],
    pathPrefix: "/search",
    reportTo: "https://support.google.com/legal/answer/3110420?hl=it",
    source: "https://support.google.com/legal/answer/3110420?hl=it",
    reviewed: false,
  },
  {
    code: "ONLYFANS",
    name: "OnlyFans",
    hosts: ["onlyfans.com"],
    reportTo: "https://onlyfans.com/dsa",
    source: "https://onlyfans.com/legal/terms",
    reviewed: false,
  },
  {
    code: "PORNHUB",
    name: "Pornhub",
    hosts: ["pornhub.com"],
    reportTo: "https://www.pornhub.com/content-removal",
    source: "https://help.pornhub.com/hc/en-us/articles/4419860718483-Content-Removal-Request",
    reviewed: false,
  },
];

/** The known platform a URL is on, from its host (subdomains included); null for any other site. */
export function platformOf(url: string): KnownPlatform | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  return (
    KNOWN_PLATFORMS.find(
      (platform) =>
        platform.hosts.some((known) => host === known || host.endsWith(`.${known}`)) &&
        parsed.pathname.startsWith(platform.pathPrefix ?? "/"),
    ) ?? null
  );
}

/** A stored platform code back to its row (a code no longer in the table reads as unknown). */
export function platformByCode(code: string | null): KnownPlatform | null {
  return KNOWN_PLATFORMS.find((platform) => platform.code === code) ?? null;
}
