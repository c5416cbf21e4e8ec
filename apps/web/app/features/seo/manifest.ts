// Spec §2 "Behaviours": one web manifest per language, chosen by matching the start of the current path
// against each language's start path; the default language's manifest is the fallback.

export interface ManifestEntry {
  lang: string;
  /** Paths starting here belong to this language. */
  startPath: string;
  href: string;
}

export const DEFAULT_MANIFEST: ManifestEntry = {
  lang: "it",
  startPath: "/",
  href: "/manifest-it.webmanifest",
};

/** The site is Italian only today; a translation adds its entry here (e.g. start path "/en/"). */
export const MANIFESTS: readonly ManifestEntry[] = [DEFAULT_MANIFEST];

export function manifestFor(
  pathname: string,
  manifests: readonly ManifestEntry[] = MANIFESTS,
): ManifestEntry {
  let best: ManifestEntry | undefined;
  for (const entry of manifests) {
    if (pathname.startsWith(entry.startPath) && entry.startPath.length > (best?.startPath.length ?? -1)) {
      best = entry;
    }
  }
  return best ?? DEFAULT_MANIFEST;
}
